// Purpose: copy trading: strategies, copy accounts per (follower, strategy), links from provider to copied orders, skipped copies.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A copy account is a users row of kind 1 (no password, no e-mail: nobody logs in with it) with
 * its own accounts row and ledger, so every booking path (orders, triggers, stop-out, the ledger)
 * applies to it unchanged. `copies` ties it to its follower and strategy and keeps the fee state:
 * the high-water mark, fees paid, the month last settled. `copy_links` has one row per (copy,
 * provider order) — the copied order, or null when skipped — and its primary key is what makes a
 * copy happen at most once. Money is integer micro-units; fee rates are hundredths of a percent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .alterTable('users')
    .addColumn('kind', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('strategies')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('fee_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('min_invest_micros', 'bigint', (c) => c.notNull())
    .addColumn('is_demo', 'smallint', (c) => c.notNull())
    .addColumn('is_sample', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('fees_earned_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('copies')
    .addColumn('id', 'integer', serial)
    .addColumn('strategy_id', 'integer', (c) => c.notNull().references('strategies.id'))
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'integer', (c) => c.unique().references('users.id'))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('stop_reason', 'varchar(16)')
    .addColumn('is_demo', 'smallint', (c) => c.notNull())
    .addColumn('fee_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('invested_micros', 'bigint', (c) => c.notNull())
    .addColumn('hwm_micros', 'bigint', (c) => c.notNull())
    .addColumn('equity_stop_micros', 'bigint')
    .addColumn('fees_paid_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('returned_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('copies_follower_idx')
    .on('copies')
    .columns(['follower_id', 'status'])
    .execute();
  await db.schema
    .createIndex('copies_strategy_idx')
    .on('copies')
    .columns(['strategy_id', 'status'])
    .execute();
  // At most one running copy of a strategy per follower, whatever races the requests run.
  await sql`CREATE UNIQUE INDEX copies_one_running ON copies (strategy_id, follower_id) WHERE status <> 'stopped'`.execute(
    db,
  );

  await db.schema
    .createTable('copy_links')
    .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id'))
    .addColumn('provider_order_id', 'bigint', (c) => c.notNull())
    .addColumn('copy_order_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('copy_links_pk', ['copy_id', 'provider_order_id'])
    .execute();
  await db.schema
    .createIndex('copy_links_provider_idx')
    .on('copy_links')
    .column('provider_order_id')
    .execute();

  await db.schema
    .createTable('copy_skips')
    .addColumn('id', pg ? 'bigint' : 'integer', serial)
    .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id'))
    .addColumn('provider_order_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'smallint', (c) => c.notNull())
    .addColumn('provider_lots', 'varchar(40)', (c) => c.notNull())
    .addColumn('wanted_lots', 'varchar(40)', (c) => c.notNull())
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('detail', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('copy_skips_copy_idx').on('copy_skips').columns(['copy_id', 'id']).execute();
}
