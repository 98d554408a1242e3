import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPANIES } from '../company/index.js';
import { readArticles } from './article-files.js';
import { tileSvg } from './content-logos.js';

const ARTICLES = readArticles();

const publicDir = fileURLToPath(new URL('../../../../web/public/content/', import.meta.url));

describe('bundled content logos', () => {
  it('match the generator for every article and company (run tools/generate-content-logos.ts)', () => {
    for (const a of ARTICLES) {
      expect(readFileSync(`${publicDir}news/${a.slug}.svg`, 'utf8'), a.slug).toBe(
        tileSvg(a.slug, a.mark, a.color),
      );
    }
    for (const c of COMPANIES) {
      expect(readFileSync(`${publicDir}companies/${c.slug}.svg`, 'utf8'), c.slug).toBe(
        tileSvg(c.name, c.mark, c.color),
      );
    }
  });

  it('escapes markup in the title and mark', () => {
    expect(tileSvg('A & <B>', '<', '#000')).toContain('<title>A &#38; &#60;B&#62;</title>');
  });
});
