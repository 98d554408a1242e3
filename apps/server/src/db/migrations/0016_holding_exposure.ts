// Purpose: a new order's free-margin check sums the account's holdings from the index alone.
import type { Kysely } from 'kysely';

/**
 * A new order is paid from the free margin (the free balance less the loss open positions stand
 * at): the placement estimates that loss from the account's holdings summed per instrument and side
 * (orders.repository.ts, selectHoldingExposure). Read through orders_user_status_idx, every holding
 * was a lookup of its table row: with a few hundred positions an account, most of a millisecond per
 * order inside the writer's transaction. This index holds every column the sum reads, so the sum
 * is one range of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_holding_exposure_idx')
    .on('orders')
    .columns(['user_id', 'status', 'instrument_id', 'side', 'lots', 'open_price'])
    .execute();
}
