import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/db-errors.js';
import type { Database } from '../db/schema.js';

declare module '../db/schema.js' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}

export interface IdempotencyKeysTable {
  user_id: number;
  idem_key: string;
  fingerprint: string;
  /** 0 while the first request runs, 1 once its answer is stored. */
  state: number;
  status_code: number | null;
  body: string | null;
  created_at: number;
}

export interface StoredKey {
  fingerprint: string;
  done: boolean;
  statusCode: number | null;
  body: string | null;
}

/** The SQL of the Idempotency-Key store; the rules are in idempotency.ts. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the pending row; false when the account already used this key. */
  async claim(userId: number, key: string, fingerprint: string, now: number): Promise<boolean> {
    try {
      await this.db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          idem_key: key,
          fingerprint,
          state: 0,
          status_code: null,
          body: null,
          created_at: now,
        })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async read(userId: number, key: string): Promise<StoredKey | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'state', 'status_code', 'body'])
      .where('user_id', '=', userId)
      .where('idem_key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        fingerprint: row.fingerprint,
        done: row.state === 1,
        statusCode: row.status_code,
        body: row.body,
      }
    );
  }

  async complete(userId: number, key: string, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 1, status_code: statusCode, body })
      .where('user_id', '=', userId)
      .where('idem_key', '=', key)
      .execute();
  }

  /** Forgets a pending key whose request failed on the server's side, so a retry may run. */
  async release(userId: number, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('idem_key', '=', key)
      .where('state', '=', 0)
      .execute();
  }

  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', time).execute();
  }
}
