// Purpose: uploads, real-name submissions, deposit options and deposits, withdrawal currencies, methods and withdrawals.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Money is integer micro-units of USD in BIGINT; rates and prices are decimal strings (never REAL);
 * times are epoch milliseconds. Every reviewed record keeps who decided it and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id');

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'integer', serial)
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', userRef)
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();

  // status: 1 waiting, 2 approved, 3 rejected.
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('front_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('reverse_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(64)')
    .execute();
  await db.schema.createIndex('kyc_user_idx').on('kyc_submissions').columns(['user_id', 'id']).execute();
  // One open or approved submission per user, enforced by the database even under a race.
  await db.schema
    .createIndex('kyc_one_active_idx')
    .on('kyc_submissions')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status in (1, 2)`)
    .execute();

  await db.schema
    .createTable('deposit_addresses')
    .addColumn('id', 'integer', serial)
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(120)', (c) => c.notNull())
    .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('deposit_banks')
    .addColumn('id', 'integer', serial)
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('bank_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('bank_swift', 'varchar(20)', (c) => c.notNull())
    .addColumn('payee_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // type 0 coin, 1 bank; status 0 unchecked, 1 credited, 2 rejected, 3 invalid.
  await db.schema
    .createTable('deposits')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('option_id', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_micros', 'bigint', (c) => c.notNull())
    .addColumn('proof_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(64)')
    .addCheckConstraint('deposits_amount_positive', sql`amount_micros > 0`)
    .execute();
  await db.schema.createIndex('deposits_user_idx').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status_idx').on('deposits').columns(['status', 'id']).execute();

  // type 1 coin, 2 bank. fee_type 1: draw_rate is a fixed USD fee; otherwise a fraction.
  await db.schema
    .createTable('draw_currencies')
    .addColumn('id', 'integer', serial)
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('draw_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('fee_type', 'smallint', (c) => c.notNull())
    .addColumn('usd_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Soft-deleted (deleted_at) so a withdrawal keeps pointing at the method it was paid to.
  await db.schema
    .createTable('draw_methods')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('draw_currency_id', 'integer', (c) => c.notNull().references('draw_currencies.id'))
    .addColumn('dc_address', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_swift', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('draw_methods_user_idx').on('draw_methods').column('user_id').execute();

  // status 0 processing (amount frozen), 1 paid, 2 rejected (amount returned).
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('draw_currency_id', 'integer', (c) => c.notNull().references('draw_currencies.id'))
    .addColumn('method_id', 'integer', (c) => c.notNull().references('draw_methods.id'))
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_micros', 'bigint', (c) => c.notNull())
    .addColumn('fee_micros', 'bigint', (c) => c.notNull())
    .addColumn('receive', 'varchar(32)', (c) => c.notNull())
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(64)')
    .addCheckConstraint('withdrawals_amount_positive', sql`amount_micros > 0`)
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();
}
