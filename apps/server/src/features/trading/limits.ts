import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { RateLimiter } from '../../http/rate-limit.js';
import { STATUS_HOLDING, STATUS_PENDING } from './model.js';
import { countOrders } from './orders.repository.js';
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
   * Counts inside the order's own transaction, after its first ledger row: on PostgreSQL that row
   * locks the account, so two racing orders are counted one after the other and the cap holds
   * exactly; on SQLite the write queue runs jobs one at a time anyway. `counted`: the count the
   * placement took itself behind the same lock (PostgreSQL's one-statement placement), which spares
   * the query. Throwing rolls the order back.
   */
  async checkCaps(
    tx: Tx,
    userId: number,
    pending: boolean,
    settings: RiskSettings,
    counted?: number,
  ): Promise<void> {
    const status = pending ? STATUS_PENDING : STATUS_HOLDING;
    const max = Math.floor(pending ? settings.maxPendingOrders : settings.maxOpenPositions);
    const count = counted ?? (await countOrders(tx, userId, status));
    if (count > max) throw new AppError(pending ? 'too_many_pending_orders' : 'too_many_positions', { max });
  }
}
