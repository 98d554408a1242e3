import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANG, isLang, type Lang } from '@meridian/contract';

/** Sits next to this module in src/ and is copied next to it in dist/ by the build. */
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('./locales/', import.meta.url));

export type MessageParams = Record<string, string | number>;

export interface Translator {
  readonly languages: readonly Lang[];
  t(lang: Lang, key: string, params?: MessageParams): string;
}

type Catalogue = Record<string, string>;

/**
 * Loads every `<lang>.json` present at start. A language file that is missing, or lacks a key,
 * falls back to English so a half-translated release still answers in words, never in keys.
 */
export function createTranslator(localesDir: string = DEFAULT_LOCALES_DIR): Translator {
  const catalogues = new Map<Lang, Catalogue>();
  if (existsSync(localesDir)) {
    for (const file of readdirSync(localesDir)) {
      const lang = file.replace(/\.json$/, '');
      if (!file.endsWith('.json') || !isLang(lang)) continue;
      catalogues.set(lang, readCatalogue(join(localesDir, file)));
    }
  }
  const fallback = catalogues.get(DEFAULT_LANG);
  if (!fallback)
    throw new Error(`The English messages are missing: ${join(localesDir, `${DEFAULT_LANG}.json`)}`);

  return {
    languages: [...catalogues.keys()],
    t(lang, key, params) {
      const template = catalogues.get(lang)?.[key] ?? fallback[key] ?? key;
      return params ? interpolate(template, params) : template;
    },
  };
}

function readCatalogue(path: string): Catalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the message file ${path}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`The message file ${path} must hold one JSON object of key → text`);
  }
  const catalogue: Catalogue = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') catalogue[key] = value;
  }
  return catalogue;
}

/** `{{name}}` placeholders, as i18next writes them, so translators use one syntax on both sides. */
function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
