/**
 * Trading: the order engine (submit, close, cancel, TP/SL, my_deal, account detail, demo reset),
 * the trigger and stop-out worker, and the FOREX_TRADE / FOREX_CLOSED pushes. See README.md.
 */

export type { OrderEvent, OrderRecord } from './model.js';
export {
  BALANCE_EVENTS_CHANNEL,
  type BalanceEvent,
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  STATUS_HISTORY,
  STATUS_HOLDING,
  STATUS_PENDING,
} from './model.js';
export {
  ORDER_COLUMNS,
  recordOf,
  selectBalances,
  selectOrder,
  selectOwnersOrders,
  selectUserOrders,
  toRecord,
} from './orders.repository.js';
export { presentOrder } from './present.js';
export { createTradingFeature, type TradingEngine } from './trading.feature.js';
export type { CopyDirectory, PastTrade, SubmitOptions } from './trading.service.js';
export { TradingService } from './trading.service.js';
export { TriggerBook } from './trigger-book.js';
export { TriggerWorker } from './trigger-worker.js';
