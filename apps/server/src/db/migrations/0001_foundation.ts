// Purpose: operator settings (key/value) and the country calling codes used by phone registration.
import type { Kysely } from 'kysely';

// Types are chosen to mean the same on SQLite and PostgreSQL: varchar/text, integer, and later
// bigint for money in micro-units (never real/double).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('areas')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('global_code', 'varchar(16)', (c) => c.notNull())
    .execute();
}
