import { MARKET_COMMODITIES } from './market-commodities.js';
import { MARKET_FX } from './market-fx.js';
import { DEMO_AND_HOLIDAY } from './notices-demo-holiday.js';
import { PLATFORM_NOTICES } from './notices-platform.js';
import { RESTRICTED_AND_RISK } from './notices-restricted-risk.js';
import { SECURITY_AND_CRYPTO } from './notices-security-crypto.js';
import type { ArticleSeed } from './types.js';

export type { ArticleSeed, SeedText } from './types.js';

/** Every article a fresh install starts with, by id. */
export const ARTICLES: readonly ArticleSeed[] = [
  ...RESTRICTED_AND_RISK,
  ...DEMO_AND_HOLIDAY,
  ...PLATFORM_NOTICES,
  ...SECURITY_AND_CRYPTO,
  ...MARKET_FX,
  ...MARKET_COMMODITIES,
].sort((a, b) => a.id - b.id);

export const newsLogoPath = (slug: string) => `/content/news/${slug}.svg`;
