// Purpose: news and announcements (one row per article, one translation row per language) and the service-provider directory.
import type { Kysely } from 'kysely';

// Ids are given by the seed (stable links such as /news/detail?id=3), as areas are, so plain
// integer keys mean the same on SQLite and PostgreSQL. `description` rather than `desc`, which is
// an SQL keyword; the API calls it `desc`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)', (c) => c.notNull())
    // Epoch seconds.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('news_listing')
    .on('news')
    .columns(['published', 'category_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'lang'])
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // Lower-cased, accent-free name: a plain LIKE on it is case- and accent-insensitive on both dialects.
    .addColumn('name_search', 'varchar(200)', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('registered_address', 'varchar(300)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull())
    .execute();
}
