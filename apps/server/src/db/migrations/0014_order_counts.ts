// Purpose: each account keeps the number of its holding positions and pending orders, for the order caps.
import { type Kysely, sql } from 'kysely';

/**
 * The caps on holding positions and pending orders used to count the account's orders on every
 * placement: on PostgreSQL about two thirds of the database's work per order, growing with the
 * account's open orders. The counts now live on the account row, moved by the same guarded
 * statement that books each order's money (trading's booking: open, fill, close, cancel), so the
 * placement reads its count under the account's row lock, exactly, in O(1). CHECKed ≥ 0 like the
 * balances: a booking that would drive one below zero is a bug and fails its transaction.
 * Existing accounts are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['holding_orders', 'pending_orders']) {
    await db.schema
      .alterTable('accounts')
      .addColumn(column, 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  await sql`UPDATE accounts SET
    holding_orders = (SELECT count(*) FROM orders o WHERE o.user_id = accounts.user_id AND o.status = 1),
    pending_orders = (SELECT count(*) FROM orders o WHERE o.user_id = accounts.user_id AND o.status = 0)`.execute(
    db,
  );
}
