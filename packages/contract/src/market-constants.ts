// Plain constants, kept apart from the zod schemas (markets.ts) so the web app's first screen, which
// reads them, loads no zod.

/** `MarketStatus` of an instrument whose market is open, and closed. */
export const MARKET_OPEN = 1;
export const MARKET_CLOSED = 0;
