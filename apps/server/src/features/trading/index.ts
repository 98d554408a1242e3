/**
 * Trading: the order engine (submit, close, cancel, TP/SL, my_deal, account detail, demo reset),
 * the trigger and stop-out worker, and the FOREX_TRADE / FOREX_CLOSED pushes. See README.md.
 */

export type { OrderEvent, OrderRecord } from './model.js';
export { createTradingFeature, type TradingEngine } from './trading.feature.js';
export { TradingService } from './trading.service.js';
export { TriggerBook } from './trigger-book.js';
export { TriggerWorker } from './trigger-worker.js';
