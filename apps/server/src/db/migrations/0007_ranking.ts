// Purpose: the leaders' ranking: who chose to appear on it, and the snapshot of its figures.
import type { Kysely } from 'kysely';

/**
 * The ranking is computed on a schedule from the orders table and stored here, so a read never
 * aggregates trades. Money is integer micro-units in BIGINT; times are epoch milliseconds. The
 * snapshot keeps the sums the rates come from (not the rates), so every figure can be re-derived
 * and audited from the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ranking_opt_ins')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('opted_in', 'smallint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ranking_snapshot')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(24)', (c) => c.notNull())
    .addColumn('window_trades', 'integer', (c) => c.notNull())
    .addColumn('window_wins', 'integer', (c) => c.notNull())
    .addColumn('window_net_micros', 'bigint', (c) => c.notNull())
    .addColumn('window_margin_micros', 'bigint', (c) => c.notNull())
    .addColumn('total_trades', 'integer', (c) => c.notNull())
    .addColumn('total_net_micros', 'bigint', (c) => c.notNull())
    .addColumn('total_margin_micros', 'bigint', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ranking_snapshot_position_idx')
    .on('ranking_snapshot')
    .column('position')
    .execute();

  // One row (id 1): when the last refresh finished, so an empty board still says it is current.
  await db.schema
    .createTable('ranking_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .execute();
}
