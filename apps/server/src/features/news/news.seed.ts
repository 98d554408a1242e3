import { LANGUAGES } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ARTICLES, newsLogoPath } from './articles/index.js';
import { NewsService } from './news.service.js';

/** Idempotent: articles and their translations are inserted by fixed key; existing rows are kept. */
export async function seedNews(db: Kysely<Database>): Promise<void> {
  const news = new NewsService(db);
  for (const article of ARTICLES) {
    await news.addIfMissing({
      id: article.id,
      categoryId: article.category,
      logo: newsLogoPath(article.slug),
      createdAt: Math.floor(Date.parse(article.published) / 1000),
      published: true,
      texts: LANGUAGES.map((lang) => ({
        lang,
        title: article.texts[lang].title,
        description: article.texts[lang].desc,
        contentHtml: article.texts[lang].content,
      })),
    });
  }
}
