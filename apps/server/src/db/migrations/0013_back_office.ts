// Purpose: the back office: staff, their sessions, the append-only audit log, four-eyes approvals, withdrawal approvals, account restrictions, sign-in origins, instrument switch.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Staff are not users: their own table, argon2id passwords, sealed TOTP secrets and their own
 * sessions (a trader's token is never looked up here). `staff_audit` is append-only: a trigger on
 * each dialect refuses UPDATE and DELETE, so no code path (nor a stray query) can rewrite history.
 * A withdrawal keeps its approvers in two columns (four eyes: never the same member twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('staff')
    .addColumn('id', 'integer', serial)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('totp_sealed', 'text')
    .addColumn('totp_pending_sealed', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('must_change_password', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)')
    .addColumn('last_login_at', 'bigint')
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'integer', serial)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'integer', serial)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('actor', 'varchar(300)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(120)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_audit_staff_idx')
    .on('staff_audit')
    .columns(['staff_id', 'id'])
    .execute();
  await db.schema.createIndex('staff_audit_action_idx').on('staff_audit').columns(['action', 'id']).execute();
  await db.schema.createIndex('staff_audit_at_idx').on('staff_audit').columns(['at']).execute();
  if (pg) {
    await sql`CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'staff_audit is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit
      FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit
      BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit
      BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END`.execute(db);
  }

  await db.schema
    .createTable('staff_approvals')
    .addColumn('id', 'integer', serial)
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_micros', 'bigint')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by_id', 'integer')
    .addColumn('requested_by', 'varchar(300)', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_by', 'varchar(300)')
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('staff_approvals_status_idx')
    .on('staff_approvals')
    .columns(['status', 'id'])
    .execute();

  await db.schema.alterTable('withdrawals').addColumn('approver1_id', 'integer').execute();
  await db.schema.alterTable('withdrawals').addColumn('approver1', 'varchar(300)').execute();
  await db.schema.alterTable('withdrawals').addColumn('approver2_id', 'integer').execute();
  await db.schema.alterTable('withdrawals').addColumn('approver2', 'varchar(300)').execute();
  await db.schema.alterTable('withdrawals').addColumn('approved_at', 'bigint').execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('paid_reference', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('trading_frozen', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('withdrawals_frozen', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('device', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('dealer_spread', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .execute();
}
