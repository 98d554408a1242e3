/** The 14 languages of the product, by the codes the spec uses (not ISO codes: `hk`, `jp`, `spa`...). */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
] as const;
export type Lang = (typeof LANGUAGES)[number];

/** The store default; the server also falls back to it for an unknown `lang` header. */
export const DEFAULT_LANG: Lang = 'en';
/** What the app shows before settings are initialised (spec section 3). */
export const STARTUP_LANG: Lang = 'hk';

export const RTL_LANGUAGES: readonly Lang[] = ['ar'];

/** Each language's own name, as the language picker lists it. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
};

/** BCP 47 tags, for `<html lang>` and Intl formatting. */
export const LANGUAGE_TAGS: Record<Lang, string> = {
  hk: 'zh-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `tw` is served as `hk` (spec section 2); anything unknown becomes `fallback`. */
export function normalizeLang(value: unknown, fallback: Lang = DEFAULT_LANG): Lang {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (v === 'tw') return 'hk';
  return isLang(v) ? v : fallback;
}

export function isRtl(lang: Lang): boolean {
  return RTL_LANGUAGES.includes(lang);
}
