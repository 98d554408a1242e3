import type { Lang } from '@meridian/contract';

/** One article in one language. `content` is HTML (sanitised before it is stored). */
export interface SeedText {
  title: string;
  desc: string;
  content: string;
}

/**
 * A seeded article. Ids are fixed so links stay valid and re-seeding adds nothing twice; append
 * new articles with the next id. `mark` and `color` draw its generated logo. Every language is
 * required by the type, so a missing translation is a compile error rather than a silent fallback.
 */
export interface ArticleSeed {
  id: number;
  category: 1 | 2;
  slug: string;
  mark: string;
  color: string;
  /** UTC, ISO 8601. */
  published: string;
  texts: Record<Lang, SeedText>;
}
