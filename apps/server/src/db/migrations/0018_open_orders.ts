// Purpose: the trigger worker's index holds only the open orders.
import { type Kysely, sql } from 'kysely';

/**
 * orders_status_instrument_idx (0005) served one query, the trigger worker's read of every open
 * order (status 0 or 1), yet it held every order ever booked, and each close moved the order's
 * entry from status 1 to status 3: a delete and an insert in that index. A copied order's close
 * spent about 5 of its 20 µs there (SQLite, measured on a copy benchmark's file). This partial
 * index holds the open orders only, in the order the worker reads them: a close now only deletes
 * its entry, and the closed history no longer grows it. The query names the statuses as literals,
 * so both SQLite and PostgreSQL can use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_status_instrument_idx`.execute(db);
  await sql`CREATE INDEX orders_open_idx ON orders (id) WHERE status IN (0, 1)`.execute(db);
}
