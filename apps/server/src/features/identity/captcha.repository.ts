import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

export async function insertCaptcha(
  db: Kysely<Database>,
  captcha: { id: string; answerHash: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({ id: captcha.id, answer_hash: captcha.answerHash, expires_at: captcha.expiresAt, used_at: null })
    .execute();
}

/**
 * Marks a live, unused captcha used and returns its answer's hash; undefined when there is no such
 * captcha (unknown, expired or spent). One statement, so two answers cannot both spend it.
 */
export async function spendCaptcha(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

export async function deleteCaptchasExpiredBefore(db: Kysely<Database>, cutoff: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', cutoff).execute();
}
