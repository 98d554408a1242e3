import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

type Executor = Kysely<Database> | Tx;

export interface NewCode {
  destination: string;
  purpose: number;
  codeHash: string;
  sentAt: number;
  expiresAt: number;
  /** Set for a send that can never be redeemed (nothing, or a notice, went out). */
  usedAt: number | null;
}

/** The latest code of a destination and purpose, as its check needs it. */
export interface CodeRow {
  id: number;
  codeHash: string;
  expiresAt: number;
  usedAt: number | null;
  attempts: number;
}

/** When anything was last sent to this destination (any purpose). */
export async function lastCodeSentAt(db: Kysely<Database>, destination: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('verification_codes')
    .select('sent_at')
    .where('destination', '=', destination)
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.sent_at) : undefined;
}

/** Marks every unused code of a destination and purpose used (a resend retires them). */
export async function retireCodes(
  executor: Executor,
  destination: string,
  purpose: number,
  at: number,
): Promise<void> {
  await executor
    .updateTable('verification_codes')
    .set({ used_at: at })
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertCode(executor: Executor, code: NewCode): Promise<void> {
  await executor
    .insertInto('verification_codes')
    .values({
      destination: code.destination,
      purpose: code.purpose,
      code_hash: code.codeHash,
      sent_at: code.sentAt,
      expires_at: code.expiresAt,
      used_at: code.usedAt,
    })
    .execute();
}

export async function latestCode(
  db: Kysely<Database>,
  destination: string,
  purpose: number,
): Promise<CodeRow | undefined> {
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'expires_at', 'used_at', 'attempts'])
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    codeHash: row.code_hash,
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    attempts: Number(row.attempts),
  };
}

export async function countWrongGuess(db: Kysely<Database>, codeId: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

/** Marks a code used unless it already was; true when this call spent it. */
export async function spendCode(executor: Executor, codeId: number, at: number): Promise<boolean> {
  const result = await executor
    .updateTable('verification_codes')
    .set({ used_at: at })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCodesExpiredBefore(db: Kysely<Database>, cutoff: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('expires_at', '<', cutoff).execute();
}
