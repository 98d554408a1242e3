// Purpose: a close's realised loss may take the free balance below zero while positions stay open (equity backs it).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Negative balance protection guards the account's equity (packages/trading protection.ts): a loss
 * larger than the free balance is paid from it and then from the margin frozen for the account's
 * other positions, so the free balance may stand below zero while the account holds a position.
 * The old CHECK `balance_micros >= 0` becomes: a flat account's balance (free + frozen, the frozen
 * part being pending orders' margin) is never below zero, which is what the house's protection
 * keeps. The frozen balance and the order counts keep their own `>= 0` checks.
 *
 * SQLite cannot alter a CHECK, so the table is rebuilt (nothing references `accounts`); PostgreSQL
 * swaps the constraint.
 */
const RULE = sql`holding_orders > 0 OR balance_micros + frozen_micros >= 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE accounts DROP CONSTRAINT accounts_balance_nonnegative`.execute(db);
    await sql`ALTER TABLE accounts ADD CONSTRAINT accounts_flat_balance_nonnegative CHECK (${RULE})`.execute(
      db,
    );
    return;
  }
  await sql`CREATE TABLE accounts_rebuilt (
    user_id integer NOT NULL PRIMARY KEY REFERENCES users (id),
    balance_micros bigint NOT NULL DEFAULT 0,
    frozen_micros bigint NOT NULL DEFAULT 0,
    updated_at bigint NOT NULL,
    holding_orders integer NOT NULL DEFAULT 0 CHECK (holding_orders >= 0),
    pending_orders integer NOT NULL DEFAULT 0 CHECK (pending_orders >= 0),
    version bigint NOT NULL DEFAULT 0,
    CONSTRAINT accounts_flat_balance_nonnegative CHECK (${RULE}),
    CONSTRAINT accounts_frozen_nonnegative CHECK (frozen_micros >= 0)
  )`.execute(db);
  await sql`INSERT INTO accounts_rebuilt (user_id, balance_micros, frozen_micros, updated_at, holding_orders,
    pending_orders, version)
    SELECT user_id, balance_micros, frozen_micros, updated_at, holding_orders, pending_orders, version
    FROM accounts`.execute(db);
  await sql`DROP TABLE accounts`.execute(db);
  await sql`ALTER TABLE accounts_rebuilt RENAME TO accounts`.execute(db);
}
