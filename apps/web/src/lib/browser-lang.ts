import { DEFAULT_LANG, type Lang } from '@meridian/contract';

/** BCP 47 primary language subtags to the product's codes; every Chinese variant reads the Traditional texts. */
const BY_PRIMARY: Readonly<Record<string, Lang>> = {
  zh: 'hk',
  en: 'en',
  ja: 'jp',
  ko: 'kr',
  th: 'th',
  vi: 'vn',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  es: 'spa',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
};

/**
 * The first of the phone's preferred languages (`navigator.languages`, most wanted first) that the app
 * speaks, else English: a first visit opens in the visitor's own language, not in one picked for them.
 */
export function langFromBrowser(preferred: readonly string[] | undefined): Lang {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const lang = BY_PRIMARY[primary];
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}
