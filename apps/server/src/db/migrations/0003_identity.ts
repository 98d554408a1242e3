// Purpose: users, sessions, verification codes, captchas, login throttling, and the money accounts and ledger.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Times are epoch milliseconds in BIGINT; money is integer micro-units in BIGINT. An auto-numbered
 * key is an identity column on PostgreSQL and an INTEGER PRIMARY KEY (the rowid) on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const bigSerialType = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', serial)
    .addColumn('uid', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('mobile', 'varchar(20)')
    .addColumn('area_id', 'integer', (c) => c.references('areas.id'))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('is_demo', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('demo_device_id', 'varchar(64)', (c) => c.unique())
    .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('invite_code', 'varchar(16)', (c) => c.unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('users_mobile_area_unique', ['mobile', 'area_id'])
    .execute();
  await db.schema.createIndex('users_invited_by_idx').on('users').column('invited_by').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', bigSerialType, serial)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', bigSerialType, serial)
    .addColumn('destination', 'varchar(300)', (c) => c.notNull())
    .addColumn('purpose', 'smallint', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_codes_destination_idx')
    .on('verification_codes')
    .columns(['destination', 'sent_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  // One row per account key ("acct:…") or client address ("ip:…"); see identity/throttle.ts.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  // Fixed-window counters for hourly caps (codes per destination and per address, captchas, demos).
  await db.schema
    .createTable('rate_windows')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('balance_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('accounts_balance_nonnegative', sql`balance_micros >= 0`)
    .addCheckConstraint('accounts_frozen_nonnegative', sql`frozen_micros >= 0`)
    .execute();

  await db.schema
    .createTable('ledger')
    .addColumn('id', bigSerialType, serial)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('free_delta_micros', 'bigint', (c) => c.notNull())
    .addColumn('frozen_delta_micros', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_micros', 'bigint', (c) => c.notNull())
    .addColumn('frozen_after_micros', 'bigint', (c) => c.notNull())
    .addColumn('memo_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('memo_params', 'text')
    .addColumn('ref_type', 'varchar(32)')
    .addColumn('ref_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user_idx').on('ledger').columns(['user_id', 'id']).execute();
}
