// Purpose: each account row counts its changes, so a cache of what the account holds knows when it is stale.
import type { Kysely } from 'kysely';

/**
 * `accounts.version` goes up by one in every statement that changes the row: every posting (each
 * balance change, with or without an order), and every move of the open-order counts (a pending
 * order filled with no fee). A new order's free-margin estimate (trading/free-margin.ts) keeps each
 * account's holdings summed in memory, valid while the account's version is the one it was made
 * at: every change of the holdings changes the row, so an entry is never used past one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
