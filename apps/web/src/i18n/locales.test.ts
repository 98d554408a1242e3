import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_TAGS, LANGUAGES, type Lang } from '@meridian/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const localeDir = fileURLToPath(new URL('./locales/', import.meta.url));

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const load = (lang: string) => JSON.parse(readFileSync(`${localeDir}${lang}.json`, 'utf8')) as Tree;
const en = flatten(load('en'));

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** Keys with plural forms (i18next: `lots_one`, `lots_other`), by their base; en must have `_other`. */
const pluralBases = new Set(
  [...en.keys()].flatMap((key) => {
    const base = PLURAL.exec(key)?.[1];
    return base !== undefined && en.has(`${base}_other`) ? [base] : [];
  }),
);

/**
 * The keys a language must have: en's, with each plural key in exactly the forms that language has
 * (Chinese one, English two, Arabic six), as `Intl.PluralRules` lists them for its tag.
 */
function expectedKeys(lang: string): Map<string, unknown> {
  const tag = LANGUAGE_TAGS[lang as Lang] ?? lang;
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
  const out = new Map<string, unknown>();
  for (const [key, source] of en) {
    const base = PLURAL.exec(key)?.[1];
    if (base === undefined || !pluralBases.has(base)) out.set(key, source);
  }
  for (const base of pluralBases) {
    for (const category of categories) out.set(`${base}_${category}`, en.get(`${base}_other`));
  }
  return out;
}

/** Everything wrong with one language file, one line per key, so translators see what to fix. */
function problemsOf(lang: string): string[] {
  if (!existsSync(`${localeDir}${lang}.json`))
    return [`${lang}: file src/i18n/locales/${lang}.json is missing`];
  let tree: Tree;
  try {
    tree = load(lang);
  } catch (error) {
    return [`${lang}: not valid JSON (${(error as Error).message})`];
  }
  const other = flatten(tree);
  const expected = expectedKeys(lang);
  const problems: string[] = [];
  for (const [key, source] of expected) {
    const text = other.get(key);
    if (text === undefined) problems.push(`${lang}: missing key ${key}`);
    else if (typeof text !== 'string') problems.push(`${lang}: ${key} is not a string`);
    else if (text.trim() === '') problems.push(`${lang}: empty text for ${key}`);
    else if (placeholders(text).join() !== placeholders(String(source)).join()) {
      problems.push(
        `${lang}: ${key} has placeholders {${placeholders(text).join(', ')}} but en has {${placeholders(String(source)).join(', ')}}`,
      );
    }
  }
  for (const key of other.keys())
    if (!expected.has(key))
      problems.push(`${lang}: extra key ${key} (not in en.json, or a plural form ${lang} has not got)`);
  return problems;
}

describe('locale files', () => {
  it('en.json has texts for every key', () => {
    expect(problemsOf('en')).toEqual([]);
    expect(en.size).toBeGreaterThan(100);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s.json has exactly the keys of en.json, none empty, placeholders kept',
    (lang) => {
      const problems = problemsOf(lang);
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});
