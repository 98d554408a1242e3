// Plain constants, kept apart from the zod schemas (markets.ts) so the web app's first screen, which
// reads them, loads no zod.

/** `MarketStatus` of an instrument whose market is open, and closed. */
export const MARKET_OPEN = 1;
export const MARKET_CLOSED = 0;

/** The chart periods, shortest first. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
