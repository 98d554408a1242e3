import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALES_DIR } from './translator.js';

// The translator falls back to English for a missing message, so a gap would ship silently:
// this is where it is caught instead.
function load(lang: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DEFAULT_LOCALES_DIR, `${lang}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server message files', () => {
  const en = load('en');

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))(
    '%s has every English message, none empty, with the same placeholders',
    (lang) => {
      const messages = load(lang);
      const problems: string[] = [];
      for (const [key, english] of Object.entries(en)) {
        const text = messages[key];
        if (typeof text !== 'string' || text.trim() === '') problems.push(`${key}: missing or empty`);
        else if (placeholders(text).join() !== placeholders(String(english)).join()) {
          problems.push(`${key}: placeholders differ`);
        }
      }
      for (const key of Object.keys(messages)) if (!(key in en)) problems.push(`${key}: not in en.json`);
      expect(problems).toEqual([]);
    },
  );
});
