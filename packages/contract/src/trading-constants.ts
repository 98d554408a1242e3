// Plain constants, kept apart from the zod schemas (trading.ts) so the web app's trade screen, which
// reads them for its first paint, loads no zod (like market-constants.ts).

export const ORDER_TYPE_BUY = 1;
export const ORDER_TYPE_SELL = 2;

export const ORDER_STATUS_PENDING = 0;
export const ORDER_STATUS_HOLDING = 1;
export const ORDER_STATUS_HISTORY = 3;

/** Placement mode of `submit`: 1 at the market now, 0 pending at `target_price`. */
export const PLACE_MARKET = 1;
export const PLACE_PENDING = 0;

/**
 * Why an order left the book (status 3). `manual` the user closed it; `tp`/`sl` its take-profit or
 * stop-loss fired; `stop_out` the risk rate fell to the stop-out level; `cancelled` a pending order
 * was cancelled by the user, or by the server when the free balance could not pay its fee when it
 * filled; `reset` the demo account was reset; `copy` a copy account's position closed by its copy
 * (the provider closed theirs, or the copy stopped).
 */
export const CLOSE_REASONS = ['manual', 'tp', 'sl', 'stop_out', 'cancelled', 'reset', 'copy'] as const;
