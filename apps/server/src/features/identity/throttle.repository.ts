import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

export interface ThrottleRow {
  key: string;
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

export async function readThrottle(db: Kysely<Database>, keys: readonly string[]): Promise<ThrottleRow[]> {
  const rows = await db
    .selectFrom('login_throttle')
    .select(['key', 'failures', 'last_failure_at', 'locked_until'])
    .where('key', 'in', keys)
    .execute();
  return rows.map((r) => ({
    key: r.key,
    failures: Number(r.failures),
    lastFailureAt: Number(r.last_failure_at),
    lockedUntil: r.locked_until === null ? null : Number(r.locked_until),
  }));
}

/**
 * Counts one failure of `key` with one atomic upsert and returns the count: +1, or a fresh 1 (and
 * no lock) when the last failure is at or before `staleBefore`.
 */
export async function countThrottleFailure(
  db: Kysely<Database>,
  key: string,
  now: number,
  staleBefore: number,
): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, last_failure_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.last_failure_at <= ${staleBefore} then 1 else login_throttle.failures + 1 end`,
        locked_until: sql<
          number | null
        >`case when login_throttle.last_failure_at <= ${staleBefore} then null else login_throttle.locked_until end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function deleteThrottleKey(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Forgets every key starting with `prefix` (which holds no LIKE wildcard: callers pass hex). */
export async function deleteThrottlePrefix(db: Kysely<Database>, prefix: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'like', `${prefix}%`).execute();
}

/** Clears the wait of `key`, keeping its count. */
export async function clearThrottleWait(db: Kysely<Database>, key: string): Promise<void> {
  await db.updateTable('login_throttle').set({ locked_until: null }).where('key', '=', key).execute();
}

export type SlotClaim = { attempt: number } | { waitUntil: number };

/**
 * Takes the next attempt of `key` if its wait is over: the count goes up by one (or starts at 1
 * after a quiet spell, at or before `staleBefore`) and the wait before the following attempt,
 * `waitFor(attempt)`, is set at once. A compare-and-set on the row read, retried a few times, so
 * two parallel attempts never both take the same slot; a row in its wait answers `waitUntil`.
 */
export async function claimThrottleSlot(
  db: Kysely<Database>,
  key: string,
  now: number,
  staleBefore: number,
  waitFor: (attempt: number) => number,
): Promise<SlotClaim> {
  const until = (attempt: number) => {
    const wait = waitFor(attempt);
    return wait > 0 ? now + wait : null;
  };
  for (let tries = 0; tries < 8; tries++) {
    const row = await db
      .selectFrom('login_throttle')
      .select(['failures', 'last_failure_at', 'locked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) {
      const inserted = await db
        .insertInto('login_throttle')
        .values({ key, failures: 1, last_failure_at: now, locked_until: until(1) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('failures')
        .executeTakeFirst();
      if (inserted) return { attempt: 1 };
      continue;
    }
    const failures = Number(row.failures);
    const last = Number(row.last_failure_at);
    const lockedUntil = row.locked_until === null ? null : Number(row.locked_until);
    const stale = last <= staleBefore;
    if (!stale && lockedUntil !== null && lockedUntil > now) return { waitUntil: lockedUntil };
    const attempt = stale ? 1 : failures + 1;
    const result = await db
      .updateTable('login_throttle')
      .set({ failures: attempt, last_failure_at: now, locked_until: until(attempt) })
      .where('key', '=', key)
      .where('failures', '=', failures)
      .where('last_failure_at', '=', last)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { attempt };
  }
  // Contended beyond reason: someone is hammering this key; let this one wait a second.
  return { waitUntil: now + 1000 };
}

/** Forgets keys whose last failure is before `cutoff` and that are not locked at `now`. */
export async function deleteIdleThrottle(db: Kysely<Database>, cutoff: number, now: number): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('last_failure_at', '<', cutoff)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

/**
 * Counts one hit of `key` in a fixed window with one atomic upsert and returns the hits so far: a
 * window that started at or before `staleBefore` starts afresh at `now`.
 */
export async function countRateWindowHit(
  db: Kysely<Database>,
  key: string,
  now: number,
  staleBefore: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_windows')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_windows.window_start <= ${staleBefore} then 1 else rate_windows.hits + 1 end`,
        window_start: sql<number>`case when rate_windows.window_start <= ${staleBefore} then ${now} else rate_windows.window_start end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

export async function deleteRateWindowsBefore(db: Kysely<Database>, cutoff: number): Promise<void> {
  await db.deleteFrom('rate_windows').where('window_start', '<', cutoff).execute();
}
