// Purpose: two-factor authentication (TOTP): each account's sealed secret and its one-time recovery codes.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * `two_factor`: one row per account that started an enrolment. `secret_sealed` is the base32 secret
 * encrypted (AES-256-GCM, features/identity/secret-box.ts); `enabled_at` is null until the
 * enrolment is confirmed with a code; `last_step` is the latest TOTP time step accepted, so a code
 * is refused a second time (replay). `two_factor_recovery`: the SHA-256 of each recovery code,
 * spent once (`used_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('two_factor_recovery')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_user_idx')
    .on('two_factor_recovery')
    .column('user_id')
    .execute();
}
