import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

type Executor = Kysely<Database> | Tx;

export interface TwoFactorRow {
  userId: number;
  secretSealed: string;
  enabledAt: number | null;
  lastStep: number;
}

export async function findTwoFactor(db: Executor, userId: number): Promise<TwoFactorRow | undefined> {
  const r = await db
    .selectFrom('two_factor')
    .select(['user_id', 'secret_sealed', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r
    ? {
        userId: r.user_id,
        secretSealed: r.secret_sealed,
        enabledAt: r.enabled_at === null ? null : Number(r.enabled_at),
        lastStep: Number(r.last_step),
      }
    : undefined;
}

/**
 * A new pending enrolment, replacing an unconfirmed one; an enabled row is left alone (returns
 * false), so a second device cannot swap the secret of an account that has one in force.
 */
export async function upsertPendingTwoFactor(
  db: Executor,
  userId: number,
  secretSealed: string,
  at: number,
): Promise<boolean> {
  const rows = await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret_sealed: secretSealed, created_at: at, enabled_at: null, last_step: 0 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: at, last_step: 0 })
        .where('two_factor.enabled_at', 'is', null),
    )
    .returning('user_id')
    .execute();
  return rows.length === 1;
}

/**
 * Records `step` as used if it is newer than the last one: one atomic update, so two requests with
 * the same code cannot both pass. `enabled` picks the row state the code must be for.
 */
export async function useTwoFactorStep(
  db: Executor,
  userId: number,
  step: number,
  enabled: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .where('enabled_at', enabled ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns a pending enrolment on; false if it is not pending any more. */
export async function enableTwoFactor(db: Executor, userId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: at })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_recovery').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

export async function insertRecoveryCodes(
  db: Executor,
  userId: number,
  hashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('two_factor_recovery').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Spends an unused recovery code of the user: true once, false for a used or unknown one. */
export async function spendRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const r = await db
    .selectFrom('two_factor_recovery')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
