import { sql } from 'kysely';
import { keepCall } from '../http/idempotency.js';
import { backgroundTurn, requestTurn } from './background-turns.js';
import type { Db, Tx } from './database.js';
import { isRetryableConflict } from './db-errors.js';

/** Work to run after the transaction that scheduled it has committed (events, pushes). */
export type AfterCommit = (fn: () => void) => void;
export type TxWork<T> = (tx: Tx, afterCommit: AfterCommit) => Promise<T>;

export interface WriteQueue {
  /**
   * Runs `work` in a transaction of its own (or a savepoint of a shared one); resolves after commit.
   * `account`: the user whose balance the work moves, when known. Work on one account always runs
   * in the same lane, so two lanes never wait on each other's row locks for it.
   */
  run<T>(work: TxWork<T>, account?: number, options?: RunOptions): Promise<T>;
  /** Resolves when everything queued so far has committed. */
  drain(): Promise<void>;
}

export interface RunOptions {
  /**
   * Work the server started on its own (copy trading's fan-out): it runs in batches of its own, at
   * most BACKGROUND_PER_BATCH at a time, never in a batch with requests, and a batch of it comes
   * only between batches of requests; so a trader's order never commits behind copies, and waits
   * for at most one slice of a background batch (BACKGROUND_SLICE_MS), and that batch's commit
   * only when the batch had done more than BACKGROUND_REDO_MS of work (else it is rolled back).
   */
  background?: boolean;
  /**
   * The work's outcome depends on no other work of its batch but through the rows its guarded
   * statements change (an order placement, a copy's with its link row). On PostgreSQL the
   * unguarded pass starts a run of such work together, so their placements go out as one statement
   * (placement.repository.ts); if any of it fails, the batch runs again one job at a time with
   * savepoints. Everything else runs one after another.
   */
  independent?: boolean;
}

interface Item {
  work: TxWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  independent: boolean;
  background: boolean;
}

/** Enough to amortise one fsync over many orders, small enough to keep a batch's latency low. */
const MAX_BATCH = 512;
/**
 * Background work per batch: spreads one fsync over many copies, and bounds the burst of
 * after-commit work (each copy's events and answer, 30-40 µs apiece) that runs in one go when the
 * batch commits, before a request that arrived meanwhile is taken (128 made it 3-6 ms).
 */
const BACKGROUND_PER_BATCH = 48;
/**
 * How long a batch of background work runs before it waits for a turn of the event loop
 * (background-turns.ts). better-sqlite3 is synchronous, so a batch of copies was one block of the
 * thread (34 ms for 128 on a slow core): a request that arrived meanwhile could not even be read.
 * Now the batch yields between jobs every this often, and a request queued meanwhile wakes it at
 * once (see BACKGROUND_REDO_MS for what it does then). Other queries wait on the connection
 * meanwhile, as they would for any transaction. 1 ms slices left the provider's orders in
 * bench:copy 2.4-2.7 times their time alone; 0.3 ms, with the rest of session 9's changes, 1.5-2.
 */
const BACKGROUND_SLICE_MS = 0.3;
/**
 * What a background batch does when a request wakes it. If it has worked less than this, it rolls
 * back and every job of it goes back to the head of the background queue, to run again after the
 * request's batch: the request then commits only its own pages, as on an idle server, instead of
 * waiting for the copies' commit first (0.5-0.9 ms for a batch's pages). Re-running work is safe:
 * the savepoint pass already re-runs a batch's jobs after a rollback, and nothing of a job is
 * visible before its commit (its after-commit effects are dropped with it). Past this much work,
 * or when the batch a request ended before was rolled back, it commits the jobs done and puts the
 * rest back: a stream of requests can make the copies redo at most this much per two requests, and
 * never stops them.
 */
const BACKGROUND_REDO_MS = 2;

/**
 * Group commit. On SQLite every commit is answered only once it is on disk (an fsync, milliseconds
 * on most disks), which would cap durable orders at a few hundred a second. SQLite has one writer
 * anyway, so this queue runs the writes waiting at any moment in ONE transaction, each inside its
 * own SAVEPOINT (a failing request rolls back alone and gets its own error), and answers every
 * request of the batch only after the COMMIT is on disk. Nothing is acknowledged before it is
 * durable. The sync runs in the thread pool (db/wal-sync.ts) while the next batch books.
 *
 * On PostgreSQL (synchronous_commit on) the same holds: one WAL flush per batch instead of one per
 * order, and one connection carrying the batch's statements back to back. A PostgreSQL transaction
 * that hit an error refuses every later statement, so the unguarded attempt's first failure (a SQL
 * error or an AppError thrown after some writes) rolls the batch back and the savepoint pass runs.
 * A deadlock with another transaction (a lane, a deposit) aborts the batch: it runs again.
 */
export class GroupCommitQueue implements WriteQueue {
  private queue: Item[] = [];
  private background: Item[] = [];
  private running: Promise<void> | null = null;
  /** Whether the last batch taken was requests (see take). */
  private requestsLast = false;
  /**
   * Set while background work waits for its turn (between two batches, or inside one with its
   * transaction open): a request calls it, so the batch ends (BACKGROUND_REDO_MS) and the request's
   * batch follows in the same turn, not after the other background work waiting for one.
   */
  private wake: (() => void) | null = null;
  /** Whether the last background batch a request ended was rolled back (the next one commits). */
  private undoneLast = false;
  /** Committed batches waiting for their sync, answered in order (settleWhenDurable). */
  private settling: Promise<unknown> = Promise.resolve();
  /** Batches committed and requests in them, since start (the benchmark prints the mean). */
  batches = 0;
  items = 0;

  /**
   * `together`: start runs of independent work together in the unguarded pass (PostgreSQL).
   * `slicing`: BACKGROUND_SLICE_MS and BACKGROUND_REDO_MS unless given (tests pin each path).
   */
  constructor(
    private readonly db: Db,
    private readonly together = false,
    private readonly slicing: { sliceMs: number; redoMs: number } = {
      sliceMs: BACKGROUND_SLICE_MS,
      redoMs: BACKGROUND_REDO_MS,
    },
    /**
     * The copy thread's queue (db/write-lock.ts): true while the server's thread waits for the
     * write lock. A background batch then ends after the job in progress (the jobs done commit, the
     * rest goes back), so the server waits for one job and a commit, not a batch.
     */
    private readonly othersWait?: () => boolean,
  ) {}

  run<T>(work: TxWork<T>, _account?: number, options: RunOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!options.background) this.wake?.();
      (options.background ? this.background : this.queue).push({
        // A keyed request's booking stores its answer in the batch's transaction (recordAnswer).
        work: keepCall(work),
        resolve: resolve as (value: unknown) => void,
        reject,
        independent: this.together && options.independent === true,
        background: options.background === true,
      });
      // better-sqlite3 is synchronous, so without this a whole request (session read, booking,
      // COMMIT) would run inside the macrotask that parsed it and no two could ever share a
      // commit. Starting the batch from setImmediate lets every request the event loop has read
      // in this turn join it.
      // A request's start goes before the background piece due in the same turn (requestTurn).
      this.running ??= new Promise<void>((go) =>
        options.background ? setImmediate(go) : requestTurn(go),
      ).then(() => this.loop());
    });
  }

  async drain(): Promise<void> {
    for (;;) {
      if (this.running) {
        await this.running;
        continue;
      }
      const settling = this.settling;
      await settling;
      // Settling runs after-commit work, which may queue more.
      if (!this.running && settling === this.settling) return;
    }
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length > 0 || this.background.length > 0) {
        await this.runBatch();
        // Background work yields between batches, so requests read meanwhile join the next one.
        if (this.queue.length === 0 && this.background.length > 0) await this.turnOrRequest();
      }
    } finally {
      this.running = null;
    }
  }

  /**
   * Background work's turn of the event loop (background-turns.ts), cut short by a request queued
   * meanwhile: the request is then served in the turn that read it, not after every other piece of
   * background work waiting for a turn.
   */
  private async turnOrRequest(): Promise<void> {
    // A request is already waiting (queued during the slice, by an event's handler): no turn.
    if (this.queue.length > 0) return;
    await new Promise<void>((go) => {
      this.wake = go;
      void backgroundTurn().then(go);
    });
    this.wake = null;
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
    } catch (first) {
      let error = first;
      // A deadlock or serialisation failure rolled the whole batch back: nothing of it is written,
      // so it runs again (with savepoints: the work that failed may fail again on its own).
      for (let retry = 1; retry <= 3 && isRetryableConflict(error) && batch.length > 0; retry++) {
        try {
          result = await this.attempt(true, () => undefined, batch);
          error = undefined;
          break;
        } catch (again) {
          error = again;
        }
      }
      if (error === undefined && result) {
        this.settleWhenDurable(batch, result);
        return;
      }
      // The COMMIT (or the BEGIN) failed: nothing of the batch is on disk.
      for (const item of batch) item.reject(error);
      return;
    }
    if (result) this.settleWhenDurable(batch, result);
  }

  /**
   * Answers a committed batch once it is durable: on SQLite the commit did not sync the log (the
   * queue deferred it, see attempt) and the sync runs in the thread pool while the loop books the
   * next batch; batches are answered in commit order. PostgreSQL's COMMIT was durable already.
   */
  private settleWhenDurable(batch: Item[], result: BatchResult): void {
    if (batch.length === 0) return;
    const { durability } = this.db;
    if (!durability) {
      this.settle(batch, result);
      return;
    }
    const request = batch[0]?.background !== true;
    let durable: Promise<void>;
    if (request && this.queue.length === 0 && this.background.length === 0) {
      // Nothing else to book meanwhile: sync here, as COMMIT did, without the thread pool's round trip.
      try {
        durability.syncNow();
      } catch (error) {
        for (const item of batch) item.reject(error);
        return;
      }
      durable = Promise.resolve();
    } else {
      // A trader's batch syncs at once; background batches share whichever sync comes next.
      durable = durability.sync(request);
    }
    this.settling = Promise.all([this.settling, durable]).then(
      () => this.settle(batch, result),
      (error: unknown) => {
        // The log could not be synced: what the batch did may not survive a crash; nobody is told it did.
        for (const item of batch) item.reject(error);
      },
    );
  }

  private settle(batch: Item[], result: BatchResult): void {
    for (const fn of result.effects) runEffect(fn);
    batch.forEach((item, i) => {
      const outcome = result.outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome ? outcome.error : new Error('write queue lost an outcome'));
    });
  }

  /**
   * Every waiting request, or a batch of background work: requests unless none waits, or the last
   * batch was requests and background work waits (then they alternate, so a stream of requests
   * never starves the copies).
   */
  private take(): Item[] {
    const requests = this.queue.length > 0 && (this.background.length === 0 || !this.requestsLast);
    this.requestsLast = requests;
    return requests ? this.queue.splice(0, MAX_BATCH) : this.background.splice(0, BACKGROUND_PER_BATCH);
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
        const batch = given ?? this.take();
        // This batch's COMMIT is synced after the connection is released (settleWhenDurable).
        this.db.durability?.defer();
        if (!given) {
          took(batch);
          this.batches++;
          this.items += batch.length;
        }
        const background = batch[0]?.background === true;
        const sliced = Number.isFinite(this.slicing.sliceMs);
        let sliceStart = performance.now();
        let worked = 0;
        for (let i = 0; i < batch.length; i++) {
          if (background && i > 0 && this.othersWait?.()) {
            const rest = batch.splice(i);
            this.background.unshift(...rest);
            if (!given) this.items -= rest.length;
            break;
          }
          // A slice ends when its time is up, or at once when a request is queued meanwhile (by
          // a handler whose awaits ran among this batch's, or during a PostgreSQL round trip);
          // with no slice length (tests), batches run whole.
          if (
            background &&
            i > 0 &&
            ((sliced && this.queue.length > 0) || performance.now() - sliceStart >= this.slicing.sliceMs)
          ) {
            worked += performance.now() - sliceStart;
            await this.turnOrRequest();
            sliceStart = performance.now();
            if (this.queue.length > 0) {
              // A request came in during the turn. Little done yet: undo it (the whole batch goes
              // back to the head of the background queue, to run again after the request's batch),
              // so the request's batch commits its own pages only, as on an idle server.
              // Otherwise this batch ends here (jobs 0..i-1 commit) and the rest goes back.
              // Never twice in a row: a stream of requests would otherwise undo every batch.
              const undo = worked < this.slicing.redoMs && !this.undoneLast;
              this.undoneLast = undo;
              const rest = batch.splice(undo ? 0 : i);
              this.background.unshift(...rest);
              if (!given) this.items -= rest.length;
              if (batch.length === 0) {
                if (!given) this.batches--;
                throw YIELD_TO_REQUEST;
              }
              break;
            }
          }
          const item = batch[i] as Item;
          const mine: Array<() => void> = [];
          if (!savepoints && item.independent) {
            // A run of independent work, started together; any failure retries the whole batch
            // with savepoints (one after another), once every started piece has settled.
            let end = i + 1;
            while (end < batch.length && batch[end]?.independent) end++;
            const run = batch.slice(i, end);
            const theirs = run.map(() => [] as Array<() => void>);
            const settled = await Promise.allSettled(
              run.map((one, k) => one.work(tx, (fn) => theirs[k]?.push(fn))),
            );
            for (const [k, result] of settled.entries()) {
              if (result.status === 'rejected') throw RETRY_WITH_SAVEPOINTS;
              outcomes.push({ ok: true, value: result.value });
              effects.push(...(theirs[k] ?? []));
            }
            i = end - 1;
            continue;
          }
          if (!savepoints) {
            try {
              outcomes.push({ ok: true, value: await item.work(tx, (fn) => mine.push(fn)) });
            } catch {
              throw RETRY_WITH_SAVEPOINTS;
            }
            effects.push(...mine);
            continue;
          }
          for (let tries = 1; ; tries++) {
            mine.length = 0;
            await sql`SAVEPOINT gc`.execute(tx);
            try {
              const value = await item.work(tx, (fn) => mine.push(fn));
              await sql`RELEASE SAVEPOINT gc`.execute(tx);
              outcomes.push({ ok: true, value });
              effects.push(...mine);
              break;
            } catch (error) {
              await sql`ROLLBACK TO SAVEPOINT gc`.execute(tx);
              await sql`RELEASE SAVEPOINT gc`.execute(tx);
              // Chosen as a deadlock's victim: the rollback released this work's locks and the
              // other transaction went on; this work alone runs again.
              if (isRetryableConflict(error) && tries < 3) continue;
              outcomes.push({ ok: false, error });
              break;
            }
          }
        }
      });
    } catch (error) {
      if (error === RETRY_WITH_SAVEPOINTS) return undefined;
      // Rolled back for a request: nothing of it was written, every job is queued again.
      if (error === YIELD_TO_REQUEST) return { outcomes: [], effects: [] };
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
const YIELD_TO_REQUEST = new Error('background batch rolled back for a request');

/**
 * PostgreSQL: several group-commit lanes, each on its own pooled connection, so one batch's WAL
 * flush overlaps the next batch's statements. An account's work always goes to the same lane (row
 * locks never make two lanes wait on each other for it); work with no account goes round.
 */
export class LanedQueue implements WriteQueue {
  private readonly lanes: GroupCommitQueue[];
  private next = 0;

  constructor(db: Db, lanes: number) {
    this.lanes = Array.from({ length: Math.max(1, lanes) }, () => new GroupCommitQueue(db, true));
  }

  run<T>(work: TxWork<T>, account?: number, options?: RunOptions): Promise<T> {
    const n = this.lanes.length;
    const index = account === undefined ? this.next++ % n : Math.abs(account) % n;
    return (this.lanes[index] as GroupCommitQueue).run(work, account, options);
  }

  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.drain()));
  }

  /** Batches and requests over all lanes (the benchmark prints the mean batch). */
  get batches(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.batches, 0);
  }

  get items(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.items, 0);
  }
}

/** PostgreSQL's default: lanes that keep the CPU busy without taking every pooled connection. */
export const DEFAULT_WRITE_LANES = 4;

export function createWriteQueue(db: Db, lanes: number = DEFAULT_WRITE_LANES): WriteQueue {
  if (db.dialect !== 'sqlite') return new LanedQueue(db, lanes);
  const lock = db.writeLock;
  // The copy thread serves no request: its batches need no slices (which would hold the shared
  // write lock across turns of its loop); they end early when the server's thread wants the lock.
  if (lock?.role === 'copies')
    return new GroupCommitQueue(
      db,
      false,
      { sliceMs: Number.POSITIVE_INFINITY, redoMs: 0 },
      () => lock.wanted,
    );
  return new GroupCommitQueue(db);
}

function runEffect(fn: () => void): void {
  try {
    fn();
  } catch {
    // An after-commit effect (a push, an index update) must never turn a committed write into an
    // error for its caller; the worker's periodic resync repairs any state it failed to update.
  }
}
