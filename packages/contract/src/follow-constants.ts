// Copy trading's plain constants, kept apart from its zod schemas (follow.ts) so the web app's
// documentary tab, which reads them for its first paint, loads no zod (like trading-constants.ts).

/** A performance fee is 0 to 50 % of the profit above the high-water mark. */
export const STRATEGY_FEE_MAX_PCT = 50;
export const STRATEGY_NAME_MIN = 2;
export const STRATEGY_NAME_MAX = 40;
export const STRATEGY_DESC_MAX = 500;
export const STRATEGIES_PAGE_SIZE = 20;

export const STRATEGY_STATUSES = ['active', 'paused', 'closed'] as const;

/** Why a copy stopped. */
export const COPY_STOP_REASONS = ['user', 'equity_stop', 'strategy_paused', 'strategy_closed'] as const;

/** Why a provider's trade was not copied into one copy account. */
export const SKIP_REASONS = [
  'below_min_lot',
  'insufficient_margin',
  'market_closed',
  'rejected',
  'not_delivered',
] as const;

export const STRATEGY_SORTS = [
  'roi',
  'three_week_rate',
  'win_rate',
  'followers',
  'total_orders',
  'multiple',
  'variety',
  'risk_score',
  'max_drawdown',
  'created_at',
] as const;

export const EQUITY_PERIODS = ['1w', '1m', '3m', 'all'] as const;
