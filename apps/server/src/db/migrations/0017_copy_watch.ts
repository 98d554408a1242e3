// Purpose: the copy watcher finds the guarded copies without reading every running copy.
import { type Kysely, sql } from 'kysely';

/**
 * Every second the watcher looks for the running copies with an equity stop-loss. Filtered in SQL
 * (session 14), that still cost a scan of every running copy each time: 12 ms a second on
 * PostgreSQL with 10,000 followers and no stop set. This partial index holds only the guarded
 * running copies, in the order the watcher pages them; the query names the status as a literal, so
 * both SQLite and PostgreSQL can use it. (The fee check's scan is left: on SQLite it is a native
 * scan of the table that returns nothing between month ends.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX copies_guarded_idx ON copies (id) WHERE status = 'active' AND equity_stop_micros IS NOT NULL`.execute(
    db,
  );
}
