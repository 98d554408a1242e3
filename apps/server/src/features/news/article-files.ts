/**
 * The articles a fresh install starts with, as data: one JSON file per article in `articles/`
 * (`<slug>.json`, every language inside), read at start by the seed. The build copies the folder
 * beside the compiled code (apps/server/package.json), so `dist/` finds it the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Lang } from '@meridian/contract';
import { z } from 'zod';

export const DEFAULT_ARTICLES_DIR = fileURLToPath(new URL('./articles/', import.meta.url));

/** One article in one language. `content` is HTML (sanitised before it is stored). */
const SeedText = z.object({ title: z.string().min(1), desc: z.string().min(1), content: z.string().min(1) });
export type SeedText = z.infer<typeof SeedText>;

/** Every language is required: a missing translation stops the start instead of falling back silently. */
const Texts = z
  .object(Object.fromEntries(LANGUAGES.map((lang) => [lang, SeedText])) as Record<Lang, typeof SeedText>)
  .strict();

/**
 * A seeded article. Ids are fixed so links stay valid and re-seeding adds nothing twice; a new
 * article takes the next id. `mark` and `color` draw its generated logo.
 */
const ArticleFile = z
  .object({
    id: z.number().int().positive(),
    category: z.union([z.literal(1), z.literal(2)]),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    mark: z.string().min(1).max(4),
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    /** UTC, ISO 8601. */
    published: z.iso.datetime(),
    texts: Texts,
  })
  .strict();
export type ArticleSeed = z.infer<typeof ArticleFile>;

/**
 * Reads and checks every article file, sorted by id. A malformed file, a file not named after its
 * slug, or a repeated id throws, naming the file: a broken article must not half-seed.
 */
export function readArticles(dir: string = DEFAULT_ARTICLES_DIR): ArticleSeed[] {
  const articles: ArticleSeed[] = [];
  const ids = new Set<number>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = ArticleFile.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`news article ${file}: ${z.prettifyError(parsed.error)}`);
    const article = parsed.data;
    if (file !== `${article.slug}.json`) throw new Error(`news article ${file}: named ${article.slug}.json`);
    if (ids.has(article.id)) throw new Error(`news article ${file}: id ${article.id} is taken`);
    ids.add(article.id);
    articles.push(article);
  }
  return articles.sort((a, b) => a.id - b.id);
}

export const newsLogoPath = (slug: string) => `/content/news/${slug}.svg`;
