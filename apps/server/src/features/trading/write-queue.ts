import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';

/** Work to run after the transaction that scheduled it has committed (events, pushes). */
export type AfterCommit = (fn: () => void) => void;
export type TxWork<T> = (tx: Tx, afterCommit: AfterCommit) => Promise<T>;

export interface WriteQueue {
  /** Runs `work` in a transaction of its own (or a savepoint of a shared one); resolves after commit. */
  run<T>(work: TxWork<T>): Promise<T>;
  /** Resolves when everything queued so far has committed. */
  drain(): Promise<void>;
}

interface Item {
  work: TxWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Enough to amortise one fsync over many orders, small enough to keep a batch's latency low. */
const MAX_BATCH = 512;

/**
 * Group commit for SQLite. With synchronous=FULL every COMMIT costs an fsync (milliseconds on most
 * disks), which would cap durable orders at a few hundred a second. SQLite has one writer anyway,
 * so this queue runs the writes waiting at any moment in ONE transaction, each inside its own
 * SAVEPOINT (a failing request rolls back alone and gets its own error), and answers every request
 * of the batch only after the COMMIT is on disk. Nothing is acknowledged before it is durable.
 */
export class GroupCommitQueue implements WriteQueue {
  private queue: Item[] = [];
  private running: Promise<void> | null = null;
  /** Batches committed and requests in them, since start (the benchmark prints the mean). */
  batches = 0;
  items = 0;

  constructor(private readonly db: Db) {}

  run<T>(work: TxWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // better-sqlite3 is synchronous, so without this a whole request (session read, booking,
      // COMMIT) would run inside the macrotask that parsed it and no two could ever share a
      // commit. Starting the batch from setImmediate lets every request the event loop has read
      // in this turn join it.
      this.running ??= new Promise<void>((go) => setImmediate(go)).then(() => this.loop());
    });
  }

  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch();
    } finally {
      this.running = null;
    }
  }

  private async runBatch(): Promise<void> {
    let batch: Item[] = [];
    let result: BatchResult | undefined;
    try {
      result = await this.attempt(false, (taken) => {
        batch = taken;
      });
      // Some request failed inside an unguarded batch: it was rolled back whole; run it again with
      // a savepoint per request, so each failure undoes only its own writes.
      result ??= await this.attempt(true, () => undefined, batch);
    } catch (error) {
      // The COMMIT (or the BEGIN) failed: nothing of the batch is on disk.
      for (const item of batch) item.reject(error);
      return;
    }
    if (!result) return;
    for (const fn of result.effects) runEffect(fn);
    batch.forEach((item, i) => {
      const outcome = result.outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome ? outcome.error : new Error('write queue lost an outcome'));
    });
  }

  /**
   * One transaction over the batch. Without savepoints (the common case: two statements fewer per
   * request) the first failure aborts the attempt and it resolves undefined after rolling back.
   */
  private async attempt(
    savepoints: boolean,
    took: (batch: Item[]) => void,
    given?: Item[],
  ): Promise<BatchResult | undefined> {
    const outcomes: BatchResult['outcomes'] = [];
    const effects: Array<() => void> = [];
    try {
      await this.db.kysely.transaction().execute(async (tx) => {
        // Taken only once the connection is ours: every request that arrived while the previous
        // batch (or another feature's query) held it joins this one.
        const batch = given ?? this.queue.splice(0, MAX_BATCH);
        if (!given) {
          took(batch);
          this.batches++;
          this.items += batch.length;
        }
        for (const item of batch) {
          const mine: Array<() => void> = [];
          if (!savepoints) {
            try {
              outcomes.push({ ok: true, value: await item.work(tx, (fn) => mine.push(fn)) });
            } catch {
              throw RETRY_WITH_SAVEPOINTS;
            }
            effects.push(...mine);
            continue;
          }
          await sql`SAVEPOINT gc`.execute(tx);
          try {
            const value = await item.work(tx, (fn) => mine.push(fn));
            await sql`RELEASE SAVEPOINT gc`.execute(tx);
            outcomes.push({ ok: true, value });
            effects.push(...mine);
          } catch (error) {
            await sql`ROLLBACK TO SAVEPOINT gc`.execute(tx);
            await sql`RELEASE SAVEPOINT gc`.execute(tx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      if (error === RETRY_WITH_SAVEPOINTS) return undefined;
      throw error;
    }
    return { outcomes, effects };
  }
}

interface BatchResult {
  outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
  effects: Array<() => void>;
}

const RETRY_WITH_SAVEPOINTS = new Error('retry the batch with savepoints');

/** PostgreSQL: ordinary concurrent transactions; row locks and guarded updates do the ordering. */
export class DirectQueue implements WriteQueue {
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(private readonly db: Db) {}

  async run<T>(work: TxWork<T>): Promise<T> {
    const p = this.attempt(work);
    this.inflight.add(p);
    try {
      return await p;
    } finally {
      this.inflight.delete(p);
    }
  }

  /**
   * A deadlock (a demo reset locking many orders while the worker closes one of them) or a
   * serialisation failure aborts the whole transaction, so running it again is safe.
   */
  private async attempt<T>(work: TxWork<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const effects: Array<() => void> = [];
      try {
        const value = await inTransaction(this.db, (tx) => work(tx, (fn) => effects.push(fn)));
        for (const fn of effects) runEffect(fn);
        return value;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
      }
    }
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.inflight]);
  }
}

export function createWriteQueue(db: Db): WriteQueue {
  return db.dialect === 'sqlite' ? new GroupCommitQueue(db) : new DirectQueue(db);
}

function runEffect(fn: () => void): void {
  try {
    fn();
  } catch {
    // An after-commit effect (a push, an index update) must never turn a committed write into an
    // error for its caller; the worker's periodic resync repairs any state it failed to update.
  }
}
