import { LANGUAGES } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newsLogoPath, readArticles } from './article-files.js';
import { NewsService } from './news.service.js';

/**
 * Idempotent: articles and their translations (read from the article files) are inserted by fixed
 * key; existing rows are kept. Their HTML is sanitised on the way in, as any article's is.
 */
export async function seedNews(db: Kysely<Database>, articlesDir?: string): Promise<void> {
  const news = new NewsService(db);
  for (const article of readArticles(articlesDir)) {
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
