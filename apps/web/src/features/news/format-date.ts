import { LANGUAGE_TAGS, type Lang } from '@meridian/contract';

/** An article's date in the reader's language (`21 Nov 2026`, `2026年11月21日`), in their own time zone. */
export function formatNewsDate(epochSeconds: number, lang: Lang, timeZone?: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochSeconds * 1000));
}
