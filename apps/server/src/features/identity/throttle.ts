import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from './clock.js';
import './identity.schema.js';

const MINUTE = 60_000;

/** Failed logins per account key: slow down from the 5th, lock for 15 minutes at the 10th. */
export const ACCOUNT_SLOW_AFTER = 5;
export const ACCOUNT_LOCK_AFTER = 10;
export const ACCOUNT_LOCK_MS = 15 * MINUTE;
/** A quiet spell this long forgets earlier failures (the lock is served by then too). */
export const FAILURE_WINDOW_MS = 15 * MINUTE;
/** One address failing across many accounts (credential stuffing) is stopped too. */
export const IP_LOCK_AFTER = 50;
export const IP_LOCK_MS = 15 * MINUTE;

/** 1 s after the 5th failure, doubling: 2, 4, 8, 16 s… capped at a minute. */
export function slowDownMs(failures: number): number {
  if (failures < ACCOUNT_SLOW_AFTER) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_SLOW_AFTER), MINUTE);
}

export interface LoginAttempt {
  accountKey: string;
  ipKey: string;
  /** This attempt's number within the current failure window. */
  attempt: number;
}

/**
 * Login throttling stored in the database, so every node of a cluster shares it. Keys are the
 * account as typed (normalised), whether or not such an account exists: an attacker sees the same
 * slow-down and lock for a real account and an invented one.
 *
 * An attempt is counted before the password is checked, with one atomic upsert, so parallel
 * guesses cannot all slip past the limit: at most ACCOUNT_LOCK_AFTER checks run per window.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async begin(account: string, ip: string): Promise<LoginAttempt> {
    const now = this.clock.now();
    const accountKey = `acct:${account}`;
    const ipKey = `ip:${ip}`;
    const rows = await this.db
      .selectFrom('login_throttle')
      .select(['key', 'failures', 'locked_until'])
      .where('key', 'in', [accountKey, ipKey])
      .execute();
    for (const row of rows) {
      const until = row.locked_until === null ? 0 : Number(row.locked_until);
      if (until <= now) continue;
      if (row.key === ipKey) throw new AppError('rate_limited');
      if (row.failures >= ACCOUNT_LOCK_AFTER) {
        throw new AppError('account_locked', { minutes: Math.ceil((until - now) / MINUTE) });
      }
      throw new AppError('login_slow_down', { seconds: Math.ceil((until - now) / 1000) });
    }
    const attempt = await this.count(accountKey, now);
    if (attempt > ACCOUNT_LOCK_AFTER) {
      throw new AppError('account_locked', { minutes: Math.ceil(ACCOUNT_LOCK_MS / MINUTE) });
    }
    return { accountKey, ipKey, attempt };
  }

  /** The password was wrong: slow down or lock the account key, and count against the address. */
  async fail(attempt: LoginAttempt): Promise<void> {
    const now = this.clock.now();
    const lockedUntil =
      attempt.attempt >= ACCOUNT_LOCK_AFTER
        ? now + ACCOUNT_LOCK_MS
        : attempt.attempt >= ACCOUNT_SLOW_AFTER
          ? now + slowDownMs(attempt.attempt)
          : null;
    if (lockedUntil !== null) {
      await this.db
        .updateTable('login_throttle')
        .set({ locked_until: lockedUntil })
        .where('key', '=', attempt.accountKey)
        .execute();
    }
    const ipFailures = await this.count(attempt.ipKey, now);
    if (ipFailures >= IP_LOCK_AFTER) {
      await this.db
        .updateTable('login_throttle')
        .set({ locked_until: now + IP_LOCK_MS })
        .where('key', '=', attempt.ipKey)
        .execute();
    }
  }

  async succeed(attempt: LoginAttempt): Promise<void> {
    await this.reset(attempt.accountKey.slice('acct:'.length));
  }

  /** Forgets the failures of an account key (after a successful login or a password reset). */
  async reset(account: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', `acct:${account}`).execute();
  }

  /** +1 within the window, or a fresh 1 when the last failure is older than the window. */
  private async count(key: string, now: number): Promise<number> {
    const stale = now - FAILURE_WINDOW_MS;
    const row = await this.db
      .insertInto('login_throttle')
      .values({ key, failures: 1, last_failure_at: now, locked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_throttle.last_failure_at <= ${stale} then 1 else login_throttle.failures + 1 end`,
          locked_until: sql<
            number | null
          >`case when login_throttle.last_failure_at <= ${stale} then null else login_throttle.locked_until end`,
          last_failure_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  async purge(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .deleteFrom('login_throttle')
      .where('last_failure_at', '<', now - 24 * 3600_000)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .execute();
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
    const stale = now - windowMs;
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_windows.window_start <= ${stale} then 1 else rate_windows.hits + 1 end`,
          window_start: sql<number>`case when rate_windows.window_start <= ${stale} then ${now} else rate_windows.window_start end`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (Number(row.hits) > limit) throw new AppError('rate_limited');
  }

  async purge(): Promise<void> {
    await this.db
      .deleteFrom('rate_windows')
      .where('window_start', '<', this.clock.now() - 24 * 3600_000)
      .execute();
  }
}
