/**
 * The back office's content desk: every article and announcement (published or not) with all its
 * languages, saved with each body sanitised on the way in (and, as always, again on the way out).
 */
import { LANGUAGES, type StaffNewsArticle, type StaffNewsPage, type StaffNewsText } from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { findAnyNews, findTexts, listAllNews, saveNews } from './news.repository.js';
import { sanitizeContent } from './sanitize.js';

const PAGE = 50;
/** New articles get their category's picture (apps/web/public/content/news/). */
const LOGOS: Record<number, string> = {
  1: '/content/news/announcement.svg',
  2: '/content/news/market-news.svg',
};

export class NewsDesk {
  constructor(private readonly db: Kysely<Database>) {}

  async list(page: number): Promise<StaffNewsPage> {
    const { rows, total } = await listAllNews(this.db, PAGE, (page - 1) * PAGE);
    const texts = await findTexts(
      this.db,
      rows.map((r) => r.id),
      LANGUAGES,
      false,
    );
    return {
      total,
      page,
      list: rows.map((r) => {
        const own = texts.filter((t) => t.newsId === r.id && t.title !== '');
        return {
          id: r.id,
          category_id: r.categoryId,
          title: own.find((t) => t.lang === 'en')?.title ?? own[0]?.title ?? '',
          published: r.published,
          created_at: r.createdAt,
          langs: own.map((t) => t.lang).sort(),
        };
      }),
    };
  }

  async article(id: number): Promise<StaffNewsArticle> {
    const row = await findAnyNews(this.db, id);
    if (!row) throw new AppError('news_not_found');
    const texts = await findTexts(this.db, [id], LANGUAGES, true);
    return {
      id: row.id,
      category_id: row.categoryId,
      logo: row.logo,
      published: row.published,
      created_at: row.createdAt,
      texts: texts.map((t) => ({
        lang: t.lang,
        title: t.title,
        desc: t.description,
        content: t.contentHtml,
      })),
    };
  }

  /**
   * Creates or updates an article. English must be there on creation (every other language falls
   * back to it); a language outside the app's 14 is a validation failure.
   */
  async save(
    id: number | undefined,
    form: { categoryId: number; published: boolean; texts: StaffNewsText[] },
    nowSeconds: number,
    inTx: (trx: Tx, before: StaffNewsArticle | null, id: number) => Promise<void>,
  ): Promise<StaffNewsArticle> {
    const langs = new Set<string>(LANGUAGES);
    for (const t of form.texts) {
      if (!langs.has(t.lang)) throw new AppError('validation_failed', { fields: 'texts.lang' });
    }
    if (id === undefined && !form.texts.some((t) => t.lang === 'en' && t.title !== '')) {
      throw new AppError('validation_failed', { fields: 'texts.en' });
    }
    const before = id === undefined ? null : await this.article(id);
    const savedId = await inTransaction(this.db, async (trx) => {
      const saved = await saveNews(trx, id ?? null, {
        categoryId: form.categoryId,
        published: form.published,
        createdAt: nowSeconds,
        logo: LOGOS[form.categoryId] ?? '/content/news/announcement.svg',
        texts: form.texts.map((t) => ({
          lang: t.lang,
          title: t.title,
          description: t.desc,
          contentHtml: sanitizeContent(t.content),
        })),
      });
      if (saved === undefined) throw new AppError('news_not_found');
      await inTx(trx, before, saved);
      return saved;
    });
    return this.article(savedId);
  }

  preview(content: string): { html: string } {
    return { html: sanitizeContent(content) };
  }
}
