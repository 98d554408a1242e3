import { DEFAULT_LANG, isLang, isRtl, LANGUAGE_TAGS, type Lang } from '@meridian/contract';
import type { ConfigProviderProps } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import i18next, { type ParseKeys, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/** Called once before the first render with the start-up language. */
export async function initI18n(lang: Lang = DEFAULT_LANG): Promise<void> {
  const resources: Resource = { en: { translation: en } };
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  pluralRulesByTag();
  await setLanguage(lang);
}
