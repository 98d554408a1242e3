import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_TTL_SECONDS } from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from './clock.js';
import {
  countWrongGuess,
  deleteCodesExpiredBefore,
  insertCode,
  lastCodeSentAt,
  latestCode,
  retireCodes,
  spendCode,
} from './codes.repository.js';

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
    return lastCodeSentAt(this.db, destination);
  }

  /**
   * Records a send. `code` null records one that was never delivered (a notice went out instead,
   * or nothing): it still starts the cooldown but can never be redeemed.
   */
  async issue(destination: string, purpose: number, code: string | null): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (trx) => {
      await retireCodes(trx, destination, purpose, now);
      await insertCode(trx, {
        destination,
        purpose,
        codeHash: hashCode(destination, purpose, code ?? `never:${newCode()}${newCode()}`).toString('hex'),
        sentAt: now,
        expiresAt: now + CODE_TTL_MS,
        usedAt: code === null ? now : null,
      });
    });
  }

  /**
   * Checks a code without spending it; returns its id for `spend`. A wrong guess is counted (and
   * committed, whatever the caller does next), so retrying cannot bypass the attempt limit.
   */
  async check(destination: string, purpose: number, code: string): Promise<number> {
    const now = this.clock.now();
    const row = await latestCode(this.db, destination, purpose);
    if (!row || row.usedAt !== null) throw new AppError('code_invalid');
    if (row.attempts >= CODE_MAX_ATTEMPTS || row.expiresAt <= now) {
      throw new AppError('code_expired');
    }
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = hashCode(destination, purpose, code.trim());
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await countWrongGuess(this.db, row.id);
      throw new AppError('code_invalid');
    }
    return row.id;
  }

  /** Marks a checked code used, in the caller's transaction; a code spent meanwhile is refused. */
  async spend(executor: Kysely<Database> | Tx, codeId: number): Promise<void> {
    if (!(await spendCode(executor, codeId, this.clock.now()))) throw new AppError('code_invalid');
  }

  async purge(): Promise<void> {
    await deleteCodesExpiredBefore(this.db, this.clock.now() - 24 * 3600_000);
  }
}
