import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from './clock.js';
import {
  claimThrottleSlot,
  clearThrottleWait,
  countRateWindowHit,
  countThrottleFailure,
  deleteIdleThrottle,
  deleteRateWindowsBefore,
  deleteThrottleKey,
  deleteThrottlePrefix,
  readThrottle,
} from './throttle.repository.js';

const MINUTE = 60_000;

/** A quiet spell this long forgets earlier failures. */
export const FAILURE_WINDOW_MS = 15 * MINUTE;
/** Attempts on one account from one address that come at once; each further one waits 1 s, then doubling. */
export const FREE_ATTEMPTS = 3;
export const MAX_WAIT_MS = 5 * MINUTE;
/** Failures on one account, from any address, after which its logins need a solved captcha. */
export const ACCOUNT_CAPTCHA_AFTER = 5;
/** Failures from one address, on any accounts (credential stuffing), after which its logins need one. */
export const ADDRESS_CAPTCHA_AFTER = 20;

/** The wait after the `attempt`-th attempt of one account from one address: 0, 0, 1 s, 2 s, 4 s… 5 min. */
export function waitAfterMs(attempt: number): number {
  if (attempt < FREE_ATTEMPTS) return 0;
  return Math.min(1000 * 2 ** (attempt - FREE_ATTEMPTS), MAX_WAIT_MS);
}

export interface LoginAttempt {
  accountKey: string;
  ipKey: string;
  pairKey: string;
  /** This attempt's number for the account from this address since the last success. */
  attempt: number;
}

/** Hashed, so the key stays short whatever was typed and holds no LIKE wildcard. */
function pairPrefix(account: string): string {
  return `pair:${createHash('sha256').update(account).digest('hex').slice(0, 40)}|`;
}

function slowDown(until: number, now: number): AppError {
  return new AppError('login_slow_down', { seconds: Math.max(1, Math.ceil((until - now) / 1000)) });
}

/**
 * Password (and authenticator code) guessing, limited the way OWASP advises, in the database so
 * every node shares it. Keys are the account as typed (normalised), whether or not it exists, so an
 * invented account is answered exactly like a real one.
 *
 * - **Progressive delay per account and address** (`pair:`): each attempt past FREE_ATTEMPTS must
 *   wait longer (waitAfterMs). The slot is taken atomically before the password is checked, so
 *   parallel guesses cannot slip past it; a success clears it.
 * - **A captcha, never a lock**, once an account has ACCOUNT_CAPTCHA_AFTER failures from anywhere or
 *   an address ADDRESS_CAPTCHA_AFTER on any accounts. A flood of wrong passwords from elsewhere
 *   therefore never stops the owner, who has the password, logging in from their own address:
 *   at most they solve a captcha.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Throws login_slow_down while this account must wait at this address; else whether a captcha is due. */
  async status(account: string, ip: string): Promise<{ captchaNeeded: boolean }> {
    const now = this.clock.now();
    const keys = this.keys(account, ip);
    const fresh = (await readThrottle(this.db, [keys.accountKey, keys.ipKey, keys.pairKey])).filter(
      (row) => row.lastFailureAt > now - FAILURE_WINDOW_MS,
    );
    const failures = (key: string) => fresh.find((row) => row.key === key)?.failures ?? 0;
    const pair = fresh.find((row) => row.key === keys.pairKey);
    if (pair?.lockedUntil != null && pair.lockedUntil > now) throw slowDown(pair.lockedUntil, now);
    return {
      captchaNeeded:
        failures(keys.accountKey) >= ACCOUNT_CAPTCHA_AFTER || failures(keys.ipKey) >= ADDRESS_CAPTCHA_AFTER,
    };
  }

  /** Takes this attempt's slot (account and address) before anything is checked, or throws login_slow_down. */
  async begin(account: string, ip: string): Promise<LoginAttempt> {
    const now = this.clock.now();
    const keys = this.keys(account, ip);
    const claim = await claimThrottleSlot(this.db, keys.pairKey, now, now - FAILURE_WINDOW_MS, waitAfterMs);
    if ('waitUntil' in claim) throw slowDown(claim.waitUntil, now);
    return { ...keys, attempt: claim.attempt };
  }

  /** The password or code was wrong: counts against the account and the address (captcha thresholds). */
  async fail(attempt: LoginAttempt): Promise<void> {
    const now = this.clock.now();
    await countThrottleFailure(this.db, attempt.accountKey, now, now - FAILURE_WINDOW_MS);
    await countThrottleFailure(this.db, attempt.ipKey, now, now - FAILURE_WINDOW_MS);
  }

  /**
   * The password was right and a second step (the authenticator code) follows at once: the wait
   * is lifted but the count stays, so alternating password-only and wrong-code requests still slow down.
   */
  async release(attempt: LoginAttempt): Promise<void> {
    await clearThrottleWait(this.db, attempt.pairKey);
  }

  /**
   * A success from this address clears its slow-down. The account's count stays (it decays with the
   * failure window): an attacker elsewhere gains nothing from the owner logging in.
   */
  async succeed(attempt: LoginAttempt): Promise<void> {
    await deleteThrottleKey(this.db, attempt.pairKey);
  }

  /** Forgets every failure of an account key, from every address (a password reset by its owner). */
  async reset(account: string): Promise<void> {
    await deleteThrottleKey(this.db, `acct:${account}`);
    await deleteThrottlePrefix(this.db, pairPrefix(account));
  }

  async purge(): Promise<void> {
    const now = this.clock.now();
    await deleteIdleThrottle(this.db, now - 24 * 3600_000, now);
  }

  private keys(account: string, ip: string): Omit<LoginAttempt, 'attempt'> {
    return { accountKey: `acct:${account}`, ipKey: `ip:${ip}`, pairKey: `${pairPrefix(account)}${ip}` };
  }
}

/**
 * Fixed-window counters for hourly caps. Each call counts one hit and throws rate_limited once the
 * window holds more than `limit`; the upsert is atomic on both dialects.
 */
export class RateWindows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<void> {
    const now = this.clock.now();
    const hits = await countRateWindowHit(this.db, key, now, now - windowMs);
    if (hits > limit) throw new AppError('rate_limited');
  }

  async purge(): Promise<void> {
    await deleteRateWindowsBefore(this.db, this.clock.now() - 24 * 3600_000);
  }
}
