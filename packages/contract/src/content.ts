import { z } from 'zod';
import { pageSchema } from './money.js';
import { wholeNumber } from './whole-number.js';

/**
 * Content: news and announcements (GET /api/news/list, /api/news/info) and the service-provider
 * directory (GET /api/company/getCompany). Texts come in the request's `lang`, falling back to
 * English field by field. `content` is HTML the server has sanitised with an allow-list.
 */

/** 1 = platform announcements (/mine/announcement), 2 = market news. /news shows every category. */
export const NEWS_CATEGORY_ANNOUNCEMENT = 1;
export const NEWS_CATEGORY_MARKET = 2;
export const NEWS_CATEGORIES = [NEWS_CATEGORY_ANNOUNCEMENT, NEWS_CATEGORY_MARKET] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export const NEWS_PAGE_SIZE = 10;
export const COMPANY_PAGE_SIZE = 20;
/** Far past any real list; stops a client from asking the database for absurd offsets. */
export const MAX_PAGE = 1000;

/** Query strings send `category_id=` for "none"; an empty value means the same as leaving it out. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const PageParam = z.preprocess(
  blankAsMissing,
  wholeNumber(z.number().int().min(1).max(MAX_PAGE)).default(1),
);

export const NewsListQuery = z.object({
  category_id: z.preprocess(
    blankAsMissing,
    wholeNumber(
      z
        .number()
        .int()
        .refine((n): n is NewsCategory => (NEWS_CATEGORIES as readonly number[]).includes(n), {
          message: 'unknown category',
        }),
    ).optional(),
  ),
  page: PageParam,
});
export type NewsListQuery = z.infer<typeof NewsListQuery>;

export const NewsInfoQuery = z.object({ id: wholeNumber(z.number().int().min(1).max(2_147_483_647)) });
export type NewsInfoQuery = z.infer<typeof NewsInfoQuery>;

/** A list row: everything but the body. `created_at` is epoch seconds. */
export const NewsSummary = z.object({
  id: z.number().int().positive(),
  category_id: z.number().int().positive(),
  title: z.string(),
  desc: z.string(),
  /** A path on this site (`/content/news/….svg`) or an absolute https URL. */
  logo: z.string(),
  created_at: z.number().int(),
});
export type NewsSummary = z.infer<typeof NewsSummary>;

/** The spec's Announcement: the row plus its sanitised HTML body. */
export const NewsArticle = NewsSummary.extend({ content: z.string() });
export type NewsArticle = z.infer<typeof NewsArticle>;

export const NewsPage = pageSchema(NewsSummary);
export type NewsPage = z.infer<typeof NewsPage>;

export const CompanyQuery = z.object({
  /** Case- and accent-insensitive "contains" on the company name; empty lists every company. */
  name: z.preprocess((v) => (v === undefined ? '' : v), z.string().trim().max(100)),
  page: PageParam,
});
export type CompanyQuery = z.infer<typeof CompanyQuery>;

export const Company = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CompanyPage = pageSchema(Company);
export type CompanyPage = z.infer<typeof CompanyPage>;
