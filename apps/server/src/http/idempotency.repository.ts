import type { Kysely } from 'kysely';
import type { Tx } from '../db/database.js';
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
  /** 1: the answer is stored (0 was the older protocol's "running", dropped at start). */
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

type Executor = Kysely<Database> | Tx;

/** A key's answer as stored: the envelope exactly as sent, with its HTTP status. */
export interface KeyAnswer {
  userId: number;
  key: string;
  fingerprint: string;
  statusCode: number;
  body: string;
  now: number;
}

/**
 * Stores a key's answer (state 1); throws the database's unique violation when the account already
 * used the key. Inside a booking's transaction (recordAnswer), so the answer commits with it.
 */
export async function insertAnswer(db: Executor, a: KeyAnswer): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: a.userId,
      idem_key: a.key,
      fingerprint: a.fingerprint,
      state: 1,
      status_code: a.statusCode,
      body: a.body,
      created_at: a.now,
    })
    .execute();
}

/** The SQL of the Idempotency-Key store; the rules are in idempotency.ts. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Stores an answer given after the fact (a refusal, which booked nothing); false when one was there. */
  async store(a: KeyAnswer): Promise<boolean> {
    try {
      await insertAnswer(this.db, a);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Drops the keys left "running" (state 0): rows of the older protocol, which claimed a key in a
   * commit of its own before the booking. A process that died between the two left them, and its
   * retries were refused for good. No key is written in that state any more; called at start.
   */
  async dropUnanswered(): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('state', '=', 0).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteOlderThan(time: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', time).execute();
  }
}
