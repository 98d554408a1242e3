import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { postLedgerEntry, readBalance } from '../features/accounts/index.js';
import { isAppError } from '../http/app-error.js';
import { insertFundedUser } from '../test/accounts.js';
import { useMigratedDatabase } from '../test/database.js';
import type { Db, Tx } from './database.js';
import { type AfterCommit, createWriteQueue, GroupCommitQueue } from './write-queue.js';

/**
 * The order path's write queue (group commit) on the store the suite runs on: SQLite here, the
 * lanes of PostgreSQL in CI's PostgreSQL pass. Every job of a batch is answered on its own.
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

let nextUid = 30_000_000;
const funded = (micros: number) => insertFundedUser(db, String(nextUid++), micros);

describe('the write queue', () => {
  it('commits the jobs of one batch apart: a refused one undoes only its own writes', async () => {
    const queue = createWriteQueue(db, 2);
    const [a, b] = [await funded(100_000_000), await funded(100_000_000)];
    const debit = (userId: number, micros: number) =>
      queue.run(
        (tx) =>
          postLedgerEntry(tx, { userId, kind: 'test', freeDelta: -micros, frozenDelta: 0, memoKey: 'x' }),
        userId,
      );
    const after: string[] = [];
    const results = await Promise.allSettled([
      debit(a, 30_000_000),
      // Writes, then is refused: its first posting must be undone with it, and nothing else.
      queue.run(async (tx) => {
        await postLedgerEntry(tx, { userId: b, kind: 'test', freeDelta: -1, frozenDelta: 0, memoKey: 'x' });
        return postLedgerEntry(tx, {
          userId: b,
          kind: 'test',
          freeDelta: -500_000_000,
          frozenDelta: 0,
          memoKey: 'x',
        });
      }, b),
      debit(b, 20_000_000),
      queue.run(async (_tx, afterCommit) => {
        afterCommit(() => after.push('committed'));
        return 'no writes';
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const refused = results[1];
    expect(refused?.status === 'rejected' && isAppError(refused.reason) && refused.reason.key).toBe(
      'insufficient_balance',
    );
    expect(after).toEqual(['committed']);
    expect((await readBalance(db.kysely, a)).balanceMicros).toBe(70_000_000);
    expect((await readBalance(db.kysely, b)).balanceMicros).toBe(80_000_000);
    await queue.drain();
  });

  it('conserves money over many jobs on few accounts', async () => {
    const queue = createWriteQueue(db, 3);
    const users = [await funded(1_000_000), await funded(1_000_000), await funded(1_000_000)];
    const jobs = Array.from({ length: 300 }, (_, i) => {
      const userId = users[i % users.length] as number;
      const delta = i % 4 === 0 ? 7_000 : -5_000;
      return queue.run(
        (tx) => postLedgerEntry(tx, { userId, kind: 'test', freeDelta: delta, frozenDelta: 0, memoKey: 'x' }),
        userId,
      );
    });
    const results = await Promise.allSettled(jobs);
    for (const userId of users) {
      const ledger = await sql<{ s: string | number }>`
        SELECT COALESCE(SUM(free_delta_micros), 0) AS s FROM ledger WHERE user_id = ${userId}`.execute(
        db.kysely,
      );
      expect((await readBalance(db.kysely, userId)).balanceMicros).toBe(Number(ledger.rows[0]?.s));
    }
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(300);
  });

  it('never commits a request with background work, and lets neither starve the other', async () => {
    // Whole batches of background work (no slices: the next tests pin those), so how many copies
    // a batch holds depends on no clock: 600 copies take 13 batches, between 20 requests' batches.
    const queue = new GroupCommitQueue(db, false, { sliceMs: Number.POSITIVE_INFINITY, redoMs: 0 });
    const batchOf: Array<{ kind: 'request' | 'background'; batch: number }> = [];
    // Recorded at commit: a background batch that a request interrupts may be rolled back and
    // its jobs run again (see the last test), and only what committed counts here.
    const job = (kind: 'request' | 'background') => async (_tx: unknown, afterCommit: AfterCommit) => {
      const batch = queue.batches;
      afterCommit(() => batchOf.push({ kind, batch }));
    };
    // A burst of copies, and requests that keep coming while it runs (each answered one brings
    // the next), as a provider's orders do.
    const background = Array.from({ length: 600 }, () =>
      queue.run(job('background'), undefined, { background: true }),
    );
    let requestsLeft = 20;
    const requests: Promise<void>[] = [];
    const nextRequest = (): Promise<void> =>
      queue.run(job('request')).then(() => {
        if (--requestsLeft > 0) requests.push(nextRequest());
      });
    requests.push(nextRequest());
    await Promise.all(background);
    const whenCopiesDone = requestsLeft;
    while (requests.length > 0) await requests.shift();
    await queue.drain();

    const kinds = new Map<number, Set<string>>();
    for (const { kind, batch } of batchOf) kinds.set(batch, (kinds.get(batch) ?? new Set()).add(kind));
    expect([...kinds.values()].every((set) => set.size === 1)).toBe(true);
    const sizes = new Map<number, number>();
    for (const { kind, batch } of batchOf)
      if (kind === 'background') sizes.set(batch, (sizes.get(batch) ?? 0) + 1);
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(48);
    // The copies finished while requests were still coming: the stream did not hold them back.
    expect(whenCopiesDone).toBeGreaterThan(0);
    expect(batchOf.filter((b) => b.kind === 'request')).toHaveLength(20);
  });

  it('commits a request that arrives during a batch of background work before the rest of that batch', async () => {
    // Past BACKGROUND_REDO_MS of work (here: at once) the batch commits what it did first.
    const queue = new GroupCommitQueue(db, false, { sliceMs: 1, redoMs: 0 });
    const done: string[] = [];
    let request: Promise<void> | undefined;
    // Background jobs that each keep the thread 0.3 ms (as a copy's booking does on a slow core).
    const busy = (name: string) => async () => {
      const until = performance.now() + 0.3;
      while (performance.now() < until) {
        // spin
      }
      done.push(name);
      // The trader's order arrives over the network during the first job: it can be read only
      // when the batch gives the event loop a turn.
      request ??= new Promise<void>((arrived) =>
        setImmediate(() => arrived(queue.run(async () => void done.push('request')))),
      );
    };
    const copies = Array.from({ length: 40 }, (_, i) =>
      queue.run(busy(`copy ${i}`), undefined, { background: true }),
    );
    await Promise.all(copies);
    await request;
    await queue.drain();
    const at = done.indexOf('request');
    // Not after all 40 (one batch of 12 ms): after the first turn, a millisecond's jobs in.
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(39);
    expect(done.filter((d) => d.startsWith('copy'))).toEqual(
      Array.from({ length: 40 }, (_, i) => `copy ${i}`),
    );
  });
  it('rolls back a background batch that a request interrupts early, and runs its jobs again after the request', async () => {
    // Short of BACKGROUND_REDO_MS of work (here: always) the batch is undone for the request.
    const queue = new GroupCommitQueue(db, false, { sliceMs: 0.3, redoMs: Number.POSITIVE_INFINITY });
    const userId = await funded(0);
    const runs: string[] = [];
    const committed: string[] = [];
    let request: Promise<void> | undefined;
    const credit =
      (name: string, micros: number, spin: number) => async (tx: Tx, afterCommit: AfterCommit) => {
        const until = performance.now() + spin;
        while (performance.now() < until) {
          // spin: a copy's booking keeps the thread about this long
        }
        await postLedgerEntry(tx, { userId, kind: 'test', freeDelta: micros, frozenDelta: 0, memoKey: 'x' });
        runs.push(name);
        afterCommit(() => committed.push(name));
        // The trader's order arrives during the first job, read when the batch gives a turn.
        request ??= new Promise<void>((arrived) =>
          setImmediate(() => arrived(queue.run(credit('request', 1_000_000, 0)).then(() => undefined))),
        );
      };
    const copies = Array.from({ length: 20 }, (_, i) =>
      queue.run(credit(`copy ${i}`, 1, 0.1), undefined, { background: true }),
    );
    await Promise.all(copies);
    await request;
    await queue.drain();
    // The request committed first; every copy once, in order, after it; the ones booked before
    // the request came were booked twice and committed once.
    expect(committed).toEqual(['request', ...Array.from({ length: 20 }, (_, i) => `copy ${i}`)]);
    expect(runs.length).toBeGreaterThan(21);
    expect((await readBalance(db.kysely, userId)).balanceMicros).toBe(1_000_020);
    const lines = await sql<{ n: string | number }>`
      SELECT COUNT(*) AS n FROM ledger WHERE user_id = ${userId}`.execute(db.kysely);
    expect(Number(lines.rows[0]?.n)).toBe(21);
  });
  it('keeps booking background work while a request interrupts every batch of it', async () => {
    const queue = new GroupCommitQueue(db, false, { sliceMs: 0.3, redoMs: Number.POSITIVE_INFINITY });
    const spin = async () => {
      const until = performance.now() + 0.1;
      while (performance.now() < until) {
        // a copy's booking
      }
    };
    let copiesDone = false;
    const copies = Promise.all(
      Array.from({ length: 30 }, () => queue.run(spin, undefined, { background: true })),
    ).then(() => {
      copiesDone = true;
    });
    // Always one request waiting: the next one is queued as soon as the last is answered, before
    // the queue takes its next batch, so it interrupts every background batch a slice in (which
    // would be rolled back every time). Counted in requests, not in turns or time: the copies must
    // be done after a few dozen (at least one job commits per two requests), on any machine and
    // store; 500 means they were starved.
    let requests = 0;
    while (!copiesDone && requests < 500) {
      requests++;
      await queue.run(async () => undefined);
    }
    await copies;
    await queue.drain();
    expect(copiesDone).toBe(true);
    expect(requests).toBeLessThan(500);
  });

  it('answers a batch only after its sync, books the next batch meanwhile, and answers in commit order', async () => {
    const real = db.durability;
    if (db.dialect !== 'sqlite') return expect(real).toBeUndefined();
    if (!real) throw new Error('no durability');
    // The store's own durability, with each sync in the thread pool held until the test lets it
    // finish, and the syncs in the thread counted.
    const gates: Array<() => void> = [];
    let inline = 0;
    const held = {
      defer: () => real.defer(),
      sync: async (urgent?: boolean) => {
        const synced = real.sync(urgent);
        await new Promise<void>((open) => gates.push(open));
        await synced;
      },
      syncNow: () => {
        inline++;
        real.syncNow();
      },
      get syncs() {
        return real.syncs;
      },
    };
    const queue = new GroupCommitQueue({ ...db, reader: db.reader, durability: held });
    const userId = await funded(0);
    const answered: string[] = [];
    const credit = (name: string, background: boolean) =>
      queue
        .run(
          async (tx, afterCommit) => {
            await postLedgerEntry(tx, { userId, kind: 'test', freeDelta: 1, frozenDelta: 0, memoKey: 'x' });
            afterCommit(() => answered.push(`${name} event`));
          },
          userId,
          { background },
        )
        .then(() => void answered.push(name));
    // Background work (copies): synced in the thread pool, the queue booking on meanwhile.
    const a = credit('a', true);
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    // a is committed, its sync held: b books and commits meanwhile.
    const b = credit('b', true);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    expect((await readBalance(db.reader, userId)).balanceMicros).toBe(2);
    expect(answered).toEqual([]);
    // b's sync finishes first: b still waits for a.
    gates[1]?.();
    await new Promise<void>((next) => setImmediate(next));
    expect(answered).toEqual([]);
    gates[0]?.();
    await Promise.all([a, b]);
    expect(answered).toEqual(['a event', 'a', 'b event', 'b']);
    expect(inline).toBe(0);
    // A request with nothing else queued is synced in the thread, as COMMIT did, and answered then.
    await credit('c', false);
    expect(inline).toBe(1);
    expect(gates).toHaveLength(2);
    expect(answered.slice(-2)).toEqual(['c event', 'c']);
    await queue.drain();
  });
});
