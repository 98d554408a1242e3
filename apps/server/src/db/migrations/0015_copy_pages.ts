// Purpose: the copy mirror reads a strategy's copies and a provider order's links a page at a time.
import type { Kysely } from 'kysely';

/**
 * The mirror used to read all of a strategy's copies (and, to close them, all of a provider order's
 * copied orders) in one query, with their accounts' balances and positions in two more: with 1,000
 * followers a block of about 7 ms of the server's thread right after the provider's answer, which
 * the provider's next order waited behind (and ten times that with 10,000). It now reads pages in
 * key order with a turn of the event loop between them; these indexes serve a page as a range:
 * copies by (strategy, status, id), links by (provider order, copy).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('copies_strategy_idx').execute();
  await db.schema
    .createIndex('copies_strategy_idx')
    .on('copies')
    .columns(['strategy_id', 'status', 'id'])
    .execute();
  await db.schema.dropIndex('copy_links_provider_idx').execute();
  await db.schema
    .createIndex('copy_links_provider_idx')
    .on('copy_links')
    .columns(['provider_order_id', 'copy_id'])
    .execute();
}
