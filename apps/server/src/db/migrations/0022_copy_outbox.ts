// Purpose: the work a provider's order event owes its copies is durable (an outbox), so a crash or a takeover loses none of it.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * `copy_outbox`: one row per provider order event (an open or fill, a TP/SL edit, a close) and per
 * part of the provider's copies (copies whose id modulo `parts` is `part`), written in the same
 * transaction as the provider's booking, with the event as it was published (`event`, JSON). A row
 * is done once every copy of its part has been booked, skipped or found done; each copy's own
 * booking is kept from happening twice by its link (copy_links' key: one open per copy and provider
 * order) and by its order's status (a copy closes once). Undone rows are what a restart, a takeover
 * or another node (scale-out: `FOR UPDATE SKIP LOCKED`) takes up. `copy_outbox_undone_idx` holds the
 * undone rows only (nearly always none), so finding work reads no done row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('copy_outbox')
    .addColumn('id', pg ? 'bigint' : 'integer', serial)
    .addColumn('provider_order_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('parts', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addUniqueConstraint('copy_outbox_event_part_key', ['provider_order_id', 'version', 'part'])
    .execute();
  await sql`CREATE INDEX copy_outbox_undone_idx ON copy_outbox (id) WHERE done_at IS NULL`.execute(db);
  await sql`CREATE INDEX copy_outbox_done_idx ON copy_outbox (done_at) WHERE done_at IS NOT NULL`.execute(db);
}
