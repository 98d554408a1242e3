import { AppError } from '../../http/app-error.js';
import { RateLimiter } from '../../http/rate-limit.js';
import type { RiskSettings } from './pricing.js';

const MINUTE_MS = 60_000;

/**
 * The per-account limits of order entry (operator settings): a rate of new orders, and caps on
 * holding positions and on pending orders. One account once held 478 pending orders; each costs
 * the trigger index memory and every tick a little work.
 */
export class OrderLimits {
  private readonly rate = new RateLimiter(MINUTE_MS);

  /** Throws order_rate_limited when the account has used up its orders for the minute. */
  admit(userId: number, settings: RiskSettings, now: number): void {
    const max = Math.floor(settings.orderRatePerMinute);
    if (!this.rate.take(userId, max, now)) throw new AppError('order_rate_limited', { max });
  }

  /**
   * `count`: the account's orders in the new order's status, the new one included, as the placement
   * left the account's own count (migration 0014) under its row lock, inside the order's
   * transaction: two racing orders are counted one after the other and the cap holds exactly.
   * Throwing rolls the order back.
   */
  checkCaps(pending: boolean, settings: RiskSettings, count: number): void {
    const max = Math.floor(pending ? settings.maxPendingOrders : settings.maxOpenPositions);
    if (count > max) throw new AppError(pending ? 'too_many_pending_orders' : 'too_many_positions', { max });
  }
}
