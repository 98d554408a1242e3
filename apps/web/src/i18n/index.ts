import { DEFAULT_LANG, isLang, isRtl, LANGUAGE_TAGS, type Lang } from '@meridian/contract';
import type { ConfigProviderProps } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import i18next, { type ParseKeys, type Resource } from 'i18next';
import en from './locales/en.json';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;
type Translation = typeof en;
/** A translation key of en.json (the other languages mirror it; a parity test checks). */
export type TKey = ParseKeys;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Typing keys against en.json turns a misspelt key into a compile error.
    resources: { translation: Translation };
  }
}

/**
 * English is bundled: it is the fallback for every other language, so it is needed anyway. The rest
 * are separate chunks. A language whose file does not exist yet simply falls back to English.
 */
const lazyLocales = import.meta.glob<{ default: Translation }>(['./locales/*.json', '!./locales/en.json']);

const antdLocales: Record<Lang, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  // Bundled like en.json: English needs no request before the first render (about 1 KB).
  en: () => Promise.resolve({ default: enUS }),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
};

export const i18n = i18next.createInstance();

let followTexts: Promise<void> | null = null;
/**
 * Copy trading's English texts, which the build keeps out of the first screen's bundle
 * (scripts/split-english.ts): its screens load them with their code. Other languages' files are
 * whole (they load on demand anyway).
 */
export function loadFollowTexts(): Promise<void> {
  followTexts ??= import('virtual:meridian/en-follow').then((m) => {
    i18n.addResourceBundle('en', 'translation', m.default, true, true);
  });
  return followTexts;
}

let antdLocale: AntdLocale | null = null;
/** antd-mobile's own texts (picker buttons, empty states) for the current language; null = its default. */
export const currentAntdLocale = (): AntdLocale | null => antdLocale;

export function hasLocaleFile(lang: Lang): boolean {
  return lang === 'en' || `./locales/${lang}.json` in lazyLocales;
}

async function loadTranslation(lang: Lang): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const loader = lazyLocales[`./locales/${lang}.json`];
  if (!loader) return;
  const mod = await loader();
  i18n.addResourceBundle(lang, 'translation', mod.default, true, true);
}

async function loadAntdLocale(lang: Lang): Promise<AntdLocale | null> {
  try {
    return (await antdLocales[lang]()).default;
  } catch {
    // A missing component locale is cosmetic; antd-mobile falls back to its built-in English.
    return null;
  }
}

function applyDocumentLang(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANGUAGE_TAGS[lang];
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

/** Loads the language's texts (before switching, so nothing flashes in English) and applies it. */
export async function setLanguage(lang: Lang): Promise<void> {
  const [, locale] = await Promise.all([loadTranslation(lang), loadAntdLocale(lang)]);
  antdLocale = locale;
  await i18n.changeLanguage(lang);
  applyDocumentLang(lang);
}

interface PluralRuleSource {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * i18next picks a plural form (`lots_one`, `lots_few`…) from `Intl.PluralRules` of the language code,
 * and the product's codes are not all BCP 47: `hk`, `jp`, `kr` and `vn` would get English rules (and
 * look for a `_one` form Chinese has not got). It is asked for the language's real tag instead.
 */
function pluralRulesByTag(): void {
  const resolver = i18n.services.pluralResolver as PluralRuleSource;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLang(code) ? LANGUAGE_TAGS[code] : code, options);
}

type FixedT = ReturnType<typeof i18n.getFixedT>;

/** Texts kept at most (a price interpolated into a text makes a new entry per price). */
const REMEMBERED_TEXTS = 2000;

/**
 * Each text as i18next last produced it, by language, namespace, key and options. A call of
 * i18next's `t` copies its whole options object twice and walks the key through its resolver
 * (8 µs a call on this machine's warm Node, more when cold), and a screen's renders make dozens
 * of calls each (on /trade's load at 4x CPU throttling: 250-280 ms in all, 77-87 ms with this
 * memory). A text depends on nothing else: the
 * language and the loaded texts, whose changes empty the memory, and the call's key and options.
 * Only calls whose options are plain values are remembered (a function or an object among them
 * could change behind the key), and only string results.
 */
function rememberTexts(): void {
  const texts = new Map<string, string>();
  const forget = () => texts.clear();
  i18n.on('languageChanged', forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const fixedT = i18n.getFixedT.bind(i18n);
  i18n.getFixedT = ((...args: Parameters<typeof i18n.getFixedT>) => {
    const t = fixedT(...args) as FixedT & { lng?: string; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
    if (t.keyPrefix) return t;
    const call = t as unknown as (...a: unknown[]) => unknown;
    const remembered = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
      const plain =
        typeof key === 'string' &&
        rest.length === 0 &&
        (options === undefined || (isPlainValues(options) && !('lng' in options) && !('ns' in options)));
      if (!plain) return call(key, options, ...rest);
      const lang = t.lng ?? (t.lngs ? JSON.stringify(t.lngs) : i18n.language);
      const id = `${lang}\u0000${String(t.ns)}\u0000${key}\u0000${options === undefined ? '' : JSON.stringify(options)}`;
      const known = texts.get(id);
      if (known !== undefined) return known;
      const text = call(key, options);
      if (typeof text === 'string') {
        if (texts.size >= REMEMBERED_TEXTS) texts.clear();
        texts.set(id, text);
      }
      return text;
    }) as unknown as typeof t;
    Object.assign(remembered, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix });
    return remembered;
  }) as typeof i18n.getFixedT;
}

/** An object whose own values are all strings, numbers, booleans or null. */
function isPlainValues(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const v of Object.values(value)) {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
  }
  return true;
}

/** Called once before the first render with the start-up language. */
export async function initI18n(lang: Lang = DEFAULT_LANG): Promise<void> {
  const resources: Resource = { en: { translation: en } };
  await i18n.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next's advertisement in every visitor's console (and every test's output).
    showSupportNotice: false,
  });
  pluralRulesByTag();
  rememberTexts();
  await setLanguage(lang);
}
