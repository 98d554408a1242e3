import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@meridian/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ARTICLES_DIR, readArticles } from './article-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding the given article files, each written as `<name>`. */
function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-articles-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(body));
  return dir;
}

const bundled = () => readArticles();
/** A copy of the first bundled article under another slug and id. */
function one(slug: string, id: number) {
  const first = bundled()[0];
  if (!first) throw new Error('no bundled article');
  return { ...structuredClone(first), slug, id };
}

describe('article files', () => {
  it('reads every bundled article, by id, each in all 14 languages', () => {
    const articles = bundled();
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.map((a) => a.id)).toEqual([...articles.map((a) => a.id)].sort((x, y) => x - y));
    for (const a of articles) expect(Object.keys(a.texts).sort()).toEqual([...LANGUAGES].sort());
    const raw = JSON.parse(readFileSync(join(DEFAULT_ARTICLES_DIR, `${articles[0]?.slug}.json`), 'utf8'));
    expect(raw.texts.en.title).toBe(articles[0]?.texts.en.title);
  });

  it('refuses an article missing a language, naming the file', () => {
    const broken = one('no-arabic', 1);
    delete (broken.texts as Partial<typeof broken.texts>).ar;
    expect(() => readArticles(folder({ 'no-arabic.json': broken }))).toThrow(/no-arabic\.json[\s\S]*ar/);
  });

  it('refuses a repeated id and a file not named after its slug', () => {
    expect(() => readArticles(folder({ 'a.json': one('a', 1), 'b.json': one('b', 1) }))).toThrow(
      /b\.json: id 1 is taken/,
    );
    expect(() => readArticles(folder({ 'other.json': one('a', 1) }))).toThrow(/other\.json: named a\.json/);
  });
});
