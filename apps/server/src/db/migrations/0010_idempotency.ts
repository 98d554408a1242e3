// Purpose: the first answer to each Idempotency-Key, so a retried order, close, deposit or withdrawal books once.
import type { Kysely } from 'kysely';

/**
 * One row per (account, key): `state` 0 while the first request runs, 1 once its answer is stored
 * (`status_code`, `body`: the envelope exactly as sent). `fingerprint` is the endpoint and a hash of
 * the parameters, so a key sent again with other parameters is refused instead of answered wrongly.
 * Rows older than a day are deleted as new ones arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idem_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(128)', (c) => c.notNull())
    .addColumn('state', 'smallint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
