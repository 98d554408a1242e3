import {
  type Lang,
  NEWS_PAGE_SIZE,
  type NewsArticle,
  type NewsListQuery,
  type NewsPage,
  type NewsSummary,
} from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import {
  countPublished,
  findPublished,
  findTexts,
  insertMissingNews,
  listPublished,
  type NewsRecord,
  type NewsRow,
  type NewsTextRow,
} from './news.repository.js';
import { sanitizeContent } from './sanitize.js';

export interface ArticleText {
  title: string;
  desc: string;
  content: string;
}

/** Every article is written in English first, so English is what a missing translation falls back to. */
const FALLBACK: Lang = 'en';

/**
 * Each field in the reader's language when it has one, else in English: a translation that lacks
 * only its body still shows its own title. A field missing in both reads as empty.
 */
export function pickText(rows: readonly NewsTextRow[], lang: Lang): ArticleText {
  const own = rows.find((r) => r.lang === lang);
  const fallback = rows.find((r) => r.lang === FALLBACK);
  const field = (read: (r: NewsTextRow) => string) => {
    if (own && read(own).trim() !== '') return read(own);
    return fallback ? read(fallback) : '';
  };
  return {
    title: field((r) => r.title),
    desc: field((r) => r.description),
    content: field((r) => r.contentHtml),
  };
}

export class NewsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: NewsListQuery, lang: Lang): Promise<NewsPage> {
    const category = query.category_id;
    const [total, rows] = await Promise.all([
      countPublished(this.db, category),
      listPublished(this.db, category, NEWS_PAGE_SIZE, (query.page - 1) * NEWS_PAGE_SIZE),
    ]);
    const texts = await findTexts(
      this.db,
      rows.map((r) => r.id),
      langsFor(lang),
      false,
    );
    const list = rows.map((row) =>
      summary(
        row,
        pickText(
          texts.filter((t) => t.newsId === row.id),
          lang,
        ),
      ),
    );
    return { list, total, page: query.page };
  }

  async info(id: number, lang: Lang): Promise<NewsArticle> {
    const row = await findPublished(this.db, id);
    if (!row) throw new AppError('news_not_found');
    const text = pickText(await findTexts(this.db, [id], langsFor(lang), true), lang);
    return { ...summary(row, text), content: sanitizeContent(text.content) };
  }

  /** The way content gets in (seed today, an editor later): bodies are sanitised before they are stored. */
  async addIfMissing(record: NewsRecord): Promise<void> {
    await insertMissingNews(this.db, {
      ...record,
      texts: record.texts.map((t) => ({ ...t, contentHtml: sanitizeContent(t.contentHtml) })),
    });
  }
}

function langsFor(lang: Lang): string[] {
  return lang === FALLBACK ? [lang] : [lang, FALLBACK];
}

function summary(row: NewsRow, text: ArticleText): NewsSummary {
  return {
    id: row.id,
    category_id: row.categoryId,
    title: text.title,
    desc: text.desc,
    logo: row.logo,
    created_at: row.createdAt,
  };
}
