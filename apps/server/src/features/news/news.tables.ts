import type { Generated } from 'kysely';

/** Tables of migration 0004_content, merged into the app's Database interface. */
export interface NewsTable {
  id: number;
  category_id: number;
  logo: string;
  /** Epoch seconds. */
  created_at: number;
  /** 1 = listed and readable; 0 = kept but hidden. */
  published: Generated<number>;
}

export interface NewsTranslationsTable {
  news_id: number;
  lang: string;
  title: string;
  description: string;
  /** Already sanitised on the way in, and sanitised again on the way out. */
  content_html: string;
}

declare module '../../db/schema.js' {
  interface Database {
    news: NewsTable;
    news_translations: NewsTranslationsTable;
  }
}
