/**
 * Writes apps/web/public/content/{news,companies}/<slug>.svg for every seeded article and company:
 * `npx tsx --conditions source apps/server/src/features/news/tools/generate-content-logos.ts`.
 * Commit the output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMPANIES } from '../../company/index.js';
import { readArticles } from '../article-files.js';
import { tileSvg } from '../content-logos.js';

const root = fileURLToPath(new URL('../../../../../web/public/content/', import.meta.url));
mkdirSync(`${root}news`, { recursive: true });
mkdirSync(`${root}companies`, { recursive: true });
const ARTICLES = readArticles();
for (const a of ARTICLES) writeFileSync(`${root}news/${a.slug}.svg`, tileSvg(a.slug, a.mark, a.color));
for (const c of COMPANIES) writeFileSync(`${root}companies/${c.slug}.svg`, tileSvg(c.name, c.mark, c.color));
console.log(`wrote ${ARTICLES.length + COMPANIES.length} logos to ${root}`);
