import { isLang, type Lang } from '@meridian/contract';

/**
 * The `lang` the page was opened with, from the query before the hash (`/?lang=jp#/`) or inside the
 * hash route (`/#/trade?lang=jp`); the hash wins because it is what in-app links carry. `tw` is `hk`.
 * Unknown values are ignored rather than forcing a language on the visitor.
 */
export function langFromUrl(href: string): Lang | null {
  const url = new URL(href);
  const hash = url.hash.startsWith('#') ? url.hash.slice(1) : url.hash;
  const q = hash.indexOf('?');
  const fromHash = q >= 0 ? new URLSearchParams(hash.slice(q + 1)).get('lang') : null;
  for (const raw of [fromHash, url.searchParams.get('lang')]) {
    if (raw === null) continue;
    const v = raw.trim().toLowerCase();
    const lang = v === 'tw' ? 'hk' : v;
    if (isLang(lang)) return lang;
  }
  return null;
}
