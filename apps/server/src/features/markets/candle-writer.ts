/**
 * Persists candles off the tick path: closed candles are queued as they close and written in one
 * batch per interval; the forming candle of every instrument that ticked is rewritten in the same
 * transaction, so a restart (or a crash) resumes the same candles and the same trading day, losing
 * at most one interval.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Db, inTransaction, type Tx } from '../../db/database.js';
import type { Candle, ClosedCandle, Period } from './candles.js';
import type { TimerHandle, Timers } from './clock.js';
import { type StoredCandle, writeCandles } from './markets.repository.js';

export interface FormingSource {
  /** The forming candles of the instruments that changed since the last call (all when `all`). */
  takeForming(all: boolean): StoredCandle[];
}

export class CandleWriter {
  private queue: StoredCandle[] = [];
  /** The batch being written: not yet readable from the database. */
  private inFlight: readonly StoredCandle[] = [];
  private timer: TimerHandle | undefined;
  private writing: Promise<void> | undefined;
  private stopped = false;
  /** Runs first in every write's transaction (scale-out: refuses a writer whose lease has lapsed). */
  private fence: ((tx: Tx) => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly forming: FormingSource,
    private readonly timers: Timers,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  addClosed(instrumentId: number, closed: readonly ClosedCandle[]): void {
    for (const c of closed) this.queue.push({ instrumentId, period: c.period, candle: c.candle });
  }

  /** Closed candles not yet stored, oldest first: readers merge them over what the database has. */
  pending(instrumentId: number, period: Period): Candle[] {
    const out: Candle[] = [];
    for (const list of [this.inFlight, this.queue]) {
      for (const s of list) if (s.instrumentId === instrumentId && s.period === period) out.push(s.candle);
    }
    return out.sort((a, b) => a.time - b.time);
  }

  start(fence?: (tx: Tx) => Promise<void>): void {
    this.stopped = false;
    this.fence = fence;
    this.arm();
  }

  /**
   * With `store` (the default), writes everything still in memory, the forming candles of every
   * instrument included. Without, drops it: a node that lost its lease must not overwrite the
   * candles its successor already stores.
   */
  async stop(store = true): Promise<void> {
    this.stopped = true;
    if (this.timer) this.timers.clear(this.timer);
    this.timer = undefined;
    await this.writing;
    if (store) {
      await this.write(true);
    } else {
      this.queue = [];
      this.forming.takeForming(true);
    }
  }

  /** Resolves when everything queued so far is stored (tests, shutdown). */
  async flush(): Promise<void> {
    await this.writing;
    await this.write(false);
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      // One write at a time; a slow database delays the next batch instead of piling them up.
      if (!this.writing) void this.write(false);
      this.arm();
    }, this.intervalMs);
  }

  private write(all: boolean): Promise<void> {
    const closed = this.queue;
    this.queue = [];
    const forming = this.forming.takeForming(all);
    if (closed.length === 0 && forming.length === 0) return Promise.resolve();
    this.inFlight = closed;
    const fence = this.fence;
    const run = inTransaction(this.db, async (tx) => {
      await fence?.(tx);
      // Closed first: a candle that closed and the forming one after it are different rows anyway,
      // and a closed candle's final values must win over any older snapshot of it.
      await writeCandles(tx, closed, 'upsert');
      await writeCandles(tx, forming, 'upsert');
    })
      .catch((err: unknown) => {
        // Kept for the next attempt: losing closed candles would leave holes in the chart.
        this.queue = [...closed, ...this.queue];
        this.log.error({ err, candles: closed.length + forming.length }, 'storing candles failed');
      })
      .finally(() => {
        this.inFlight = [];
        if (this.writing === run) this.writing = undefined;
      });
    this.writing = run;
    return run;
  }
}
