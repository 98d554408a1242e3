import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_TTL_SECONDS } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from './clock.js';
import './identity.schema.js';

/** Wrong guesses a code survives; then it is dead and a new one must be requested. */
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_TTL_MS = CODE_TTL_SECONDS * 1000;

export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Salted by where and why it was sent, so equal codes of two people hash differently. */
function hashCode(destination: string, purpose: number, code: string): Buffer {
  return createHash('sha256').update(`${destination}|${purpose}|${code}`).digest();
}

/**
 * One-time codes sent by e-mail or SMS. Stored hashed; valid 10 minutes; only the latest code of
 * a destination and purpose counts (a resend retires the earlier one); five wrong tries kill it.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** When anything was last sent to this destination (any purpose), for the resend cooldown. */
  async lastSentAt(destination: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select('sent_at')
      .where('destination', '=', destination)
      .orderBy('sent_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.sent_at) : undefined;
  }

  /**
   * Records a send. `code` null records one that was never delivered (a notice went out instead,
   * or nothing): it still starts the cooldown but can never be redeemed.
   */
  async issue(destination: string, purpose: number, code: string | null): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('destination', '=', destination)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          destination,
          purpose,
          code_hash: hashCode(destination, purpose, code ?? `never:${newCode()}${newCode()}`).toString('hex'),
          sent_at: now,
          expires_at: now + CODE_TTL_MS,
          used_at: code === null ? now : null,
        })
        .execute();
    });
  }

  /**
   * Checks a code without spending it; returns its id for `spend`. A wrong guess is counted (and
   * committed, whatever the caller does next), so retrying cannot bypass the attempt limit.
   */
  async check(destination: string, purpose: number, code: string): Promise<number> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'expires_at', 'used_at', 'attempts'])
      .where('destination', '=', destination)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.used_at !== null) throw new AppError('code_invalid');
    if (Number(row.attempts) >= CODE_MAX_ATTEMPTS || Number(row.expires_at) <= now) {
      throw new AppError('code_expired');
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = hashCode(destination, purpose, code.trim());
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw new AppError('code_invalid');
    }
    return Number(row.id);
  }

  /** Marks a checked code used, in the caller's transaction; a code spent meanwhile is refused. */
  async spend(executor: Kysely<Database> | Tx, codeId: number): Promise<void> {
    const result = await executor
      .updateTable('verification_codes')
      .set({ used_at: this.clock.now() })
      .where('id', '=', codeId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('code_invalid');
  }

  async purge(): Promise<void> {
    await this.db
      .deleteFrom('verification_codes')
      .where('expires_at', '<', this.clock.now() - 24 * 3600_000)
      .execute();
  }
}
