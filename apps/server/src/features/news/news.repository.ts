import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './news.tables.js';

type Executor = Kysely<Database> | Tx;

export interface NewsRow {
  id: number;
  categoryId: number;
  logo: string;
  createdAt: number;
}

export interface NewsTextRow {
  newsId: number;
  lang: string;
  title: string;
  description: string;
  contentHtml: string;
}

export interface NewsRecord extends NewsRow {
  published: boolean;
  texts: Omit<NewsTextRow, 'newsId'>[];
}

export async function countPublished(db: Executor, categoryId: number | undefined): Promise<number> {
  let query = db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('published', '=', 1);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  const row = await query.executeTakeFirst();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(row?.n ?? 0);
}

/** Newest first; the id breaks ties so pages never overlap or skip a row. */
export async function listPublished(
  db: Executor,
  categoryId: number | undefined,
  limit: number,
  offset: number,
): Promise<NewsRow[]> {
  let query = db
    .selectFrom('news')
    .select(['id', 'category_id', 'logo', 'created_at'])
    .where('published', '=', 1);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toNewsRow);
}

export async function findPublished(db: Executor, id: number): Promise<NewsRow | undefined> {
  const row = await db
    .selectFrom('news')
    .select(['id', 'category_id', 'logo', 'created_at'])
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
  return row ? toNewsRow(row) : undefined;
}

export async function findTexts(
  db: Executor,
  ids: readonly number[],
  langs: readonly string[],
  withContent: boolean,
): Promise<NewsTextRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('news_translations')
    .select(['news_id', 'lang', 'title', 'description'])
    // Lists leave the bodies in the database: they can be long and a row does not show them.
    .$if(withContent, (q) => q.select('content_html'))
    .where('news_id', 'in', ids)
    .where('lang', 'in', langs)
    .execute();
  return rows.map((r) => ({
    newsId: r.news_id,
    lang: r.lang,
    title: r.title,
    description: r.description,
    contentHtml: r.content_html ?? '',
  }));
}

/** Inserts the article and the languages it lacks; existing rows (an operator's edits) are kept. */
export async function insertMissingNews(db: Executor, record: NewsRecord): Promise<void> {
  await db
    .insertInto('news')
    .values({
      id: record.id,
      category_id: record.categoryId,
      logo: record.logo,
      created_at: record.createdAt,
      published: record.published ? 1 : 0,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (record.texts.length === 0) return;
  await db
    .insertInto('news_translations')
    .values(
      record.texts.map((t) => ({
        news_id: record.id,
        lang: t.lang,
        title: t.title,
        description: t.description,
        content_html: t.contentHtml,
      })),
    )
    .onConflict((oc) => oc.columns(['news_id', 'lang']).doNothing())
    .execute();
}

function toNewsRow(r: { id: number; category_id: number; logo: string; created_at: number }): NewsRow {
  return { id: r.id, categoryId: r.category_id, logo: r.logo, createdAt: Number(r.created_at) };
}

/** Every article, published or not, newest first (the back office's list). */
export async function listAllNews(
  db: Executor,
  limit: number,
  offset: number,
): Promise<{ rows: (NewsRow & { published: boolean })[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('news')
      .select(['id', 'category_id', 'logo', 'created_at', 'published'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({ ...toNewsRow(r), published: Number(r.published) === 1 })),
  };
}

export async function findAnyNews(
  db: Executor,
  id: number,
): Promise<(NewsRow & { published: boolean }) | undefined> {
  const row = await db
    .selectFrom('news')
    .select(['id', 'category_id', 'logo', 'created_at', 'published'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toNewsRow(row), published: Number(row.published) === 1 } : undefined;
}

/**
 * Creates (id null: the next free id) or updates an article, replacing the languages given; the
 * others stay. Returns the id, or undefined when the id is unknown.
 */
export async function saveNews(
  db: Executor,
  id: number | null,
  a: {
    categoryId: number;
    published: boolean;
    createdAt: number;
    logo: string;
    texts: Omit<NewsTextRow, 'newsId'>[];
  },
): Promise<number | undefined> {
  let newsId: number;
  if (id === null) {
    const max = await db
      .selectFrom('news')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    newsId = Number(max?.m ?? 0) + 1;
    await db
      .insertInto('news')
      .values({
        id: newsId,
        category_id: a.categoryId,
        logo: a.logo,
        created_at: a.createdAt,
        published: a.published ? 1 : 0,
      })
      .execute();
  } else {
    const result = await db
      .updateTable('news')
      .set({ category_id: a.categoryId, published: a.published ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    newsId = id;
  }
  for (const t of a.texts) {
    await db
      .deleteFrom('news_translations')
      .where('news_id', '=', newsId)
      .where('lang', '=', t.lang)
      .execute();
    await db
      .insertInto('news_translations')
      .values({
        news_id: newsId,
        lang: t.lang,
        title: t.title,
        description: t.description,
        content_html: t.contentHtml,
      })
      .execute();
  }
  return newsId;
}
