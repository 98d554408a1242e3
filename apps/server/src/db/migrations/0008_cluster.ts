// Purpose: scale-out leadership — the leader lease with its term number (see cluster/lease.ts).
import { type Kysely, sql } from 'kysely';

/**
 * One row per lease (the deployment has one: `cluster`). `term` grows by one at every change of
 * leader; UNIQUE (name, term) makes it a key column, so a takeover (which changes it) waits for the
 * transactions that locked the row FOR KEY SHARE to check their term, while a renewal (which only
 * moves `expires_at`) never does. `expires_at` is on the database's clock. Used on PostgreSQL only;
 * an embedded (SQLite) server is one node that always leads, and leaves the table empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('term', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', sql`timestamptz`, (c) => c.notNull())
    .addUniqueConstraint('cluster_leases_term_key', ['name', 'term'])
    .execute();
}
