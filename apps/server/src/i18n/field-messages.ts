import { DEFAULT_LANG, type Lang } from '@meridian/contract';
import { z } from 'zod';

/**
 * zod's own wording of what is wrong with one field (the `data` of a validation_failed envelope),
 * in each product language: zod ships these locales, so a field's detail reads in the caller's
 * language like the envelope's `msg` does. A message a schema sets itself still wins.
 */
const LOCALES: Record<Lang, () => { localeError: z.core.$ZodErrorMap }> = {
  hk: z.locales.zhTW,
  en: z.locales.en,
  jp: z.locales.ja,
  kr: z.locales.ko,
  th: z.locales.th,
  vn: z.locales.vi,
  fr: z.locales.fr,
  de: z.locales.de,
  ru: z.locales.ru,
  spa: z.locales.es,
  pt: z.locales.pt,
  ar: z.locales.ar,
  it: z.locales.it,
  tr: z.locales.tr,
};

const built = new Map<Lang, z.core.$ZodErrorMap>();

/**
 * The error map to parse a request with, for its language (English for anything else: an app
 * built without the request-context hook leaves the request's language unset).
 */
export function fieldMessages(lang: Lang): z.core.$ZodErrorMap {
  let map = built.get(lang);
  if (!map) {
    map = (LOCALES[lang] ?? LOCALES[DEFAULT_LANG])().localeError;
    built.set(lang, map);
  }
  return map;
}
