// Purpose: orders (market, pending, holding and closed positions) for the trading engine.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * One row per order for its whole life: pending (0) → holding (1) → history (3), or pending →
 * history when cancelled. Prices and lots are decimal TEXT exactly as booked; money is integer
 * micro-units in BIGINT; times are epoch ms. `version` grows on every change, so an event about an
 * order can be told stale by whoever keeps a copy of it (the trigger worker, the live pushes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('orders')
    .addColumn('id', pg ? 'bigint' : 'integer', serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'smallint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('lots', 'varchar(40)', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('open_price', 'varchar(40)')
    .addColumn('target_price', 'varchar(40)')
    .addColumn('fill_direction', 'varchar(12)')
    .addColumn('tp', 'varchar(40)')
    .addColumn('sl', 'varchar(40)')
    .addColumn('margin_micros', 'bigint', (c) => c.notNull())
    .addColumn('fee_micros', 'bigint', (c) => c.notNull())
    .addColumn('close_price', 'varchar(40)')
    .addColumn('pnl_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('protection_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('close_reason', 'varchar(16)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('filled_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  // my_deal: a user's orders in one status, newest first (history by close time).
  await db.schema
    .createIndex('orders_user_status_idx')
    .on('orders')
    .columns(['user_id', 'status', 'closed_at', 'id'])
    .execute();
  // The trigger worker's rebuild: every open order (status 0/1), by instrument.
  await db.schema
    .createIndex('orders_status_instrument_idx')
    .on('orders')
    .columns(['status', 'instrument_id'])
    .execute();
}
