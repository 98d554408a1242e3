/**
 * The live candles: what the charts read (the forming candle of every period, the newest ones from
 * memory and the rest from the database), which candles close when, and their storage. Only the node
 * that runs the feed stores candles (see feed-leadership.ts); a follower keeps its last closed ones in
 * memory for reads and closes candles a little late, after the leader's last ticks of a period.
 *
 * Public API: `MarketCandles` (current, history, flush, closed, closeDue, startStoring, stopStoring,
 * takeOver, takeForming).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.js';
import { CandleWriter, type FormingSource } from './candle-writer.js';
import { type Candle, type ClosedCandle, PERIODS, type Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import type { Timers } from './clock.js';
import type { MarketBook, Slot } from './market-book.js';
import { takeOverCandles } from './market-takeover.js';
import { candlesBefore, type StoredCandle } from './markets.repository.js';

const WRITE_INTERVAL_MS = 2000;
/**
 * A follower closes candles this long after their end, not at it: the leader's last ticks of a
 * period reach it up to one relay flush (plus Redis) later, and a closed candle ignores late ticks.
 */
const FOLLOWER_CLOSE_LAG_FLUSHES = 4;

export class MarketCandles implements FormingSource {
  private readonly writer: CandleWriter;
  /** This node runs the feed and stores candles (always, embedded). */
  private storing = false;

  constructor(
    private readonly db: Db,
    private readonly book: MarketBook,
    timers: Timers,
    private readonly flushMs: number,
    log: FastifyBaseLogger,
  ) {
    this.writer = new CandleWriter(db, this, timers, WRITE_INTERVAL_MS, log);
  }

  /** The forming candle of every period, or the last closed one where none is forming. */
  current(instrument: Instrument | string): Partial<Record<Period, Candle>> {
    const s = this.book.slot(instrument);
    const out: Partial<Record<Period, Candle>> = {};
    for (const period of PERIODS) {
      const c = s.agg.forming(period) ?? s.lastClosed[period];
      if (c) out[period] = c;
    }
    return out;
  }

  /**
   * Up to `limit` candles, oldest first, ending with the forming one; with `to` (epoch seconds,
   * exclusive) the ones before it. The newest candles come from memory (the writer may not have
   * stored them yet), the rest from the database.
   */
  async history(
    instrument: Instrument | string,
    period: Period,
    limit: number,
    to?: number,
  ): Promise<Candle[]> {
    const s = this.book.slot(instrument);
    const before = to ?? Number.POSITIVE_INFINITY;
    // Newest wins for a time present twice: forming over last closed over queued for the writer.
    const recent = new Map<number, Candle>();
    for (const c of this.writer.pending(s.inst.id, period)) recent.set(c.time, c);
    const last = s.lastClosed[period];
    if (last) recent.set(last.time, last);
    const forming = s.agg.forming(period);
    if (forming) recent.set(forming.time, forming);
    const tail = [...recent.values()].filter((c) => c.time < before).sort((a, b) => a.time - b.time);
    const cut = Math.min(before, tail[0]?.time ?? Number.POSITIVE_INFINITY);
    const keep = tail.slice(Math.max(0, tail.length - limit));
    const older = await candlesBefore(
      this.db.kysely,
      s.inst.id,
      period,
      Number.isFinite(cut) ? cut : Number.MAX_SAFE_INTEGER,
      limit - keep.length,
    );
    return [...older, ...keep];
  }

  /** Persists everything pending now (tests and shutdown). */
  async flush(): Promise<void> {
    await this.writer.flush();
  }

  /** Candles that closed on a tick of the slot's instrument. */
  closed(s: Slot, closed: readonly ClosedCandle[]): void {
    for (const c of closed) s.lastClosed[c.period] = c.candle;
    if (this.storing) this.writer.addClosed(s.inst.id, closed);
  }

  /** Closes the candles whose period ended by `nowMs` without a tick (a follower's a little later). */
  closeDue(nowMs: number): void {
    const closeAt = this.storing ? nowMs : nowMs - FOLLOWER_CLOSE_LAG_FLUSHES * this.flushMs;
    for (const s of this.book.slots) {
      const closed = s.agg.closeDue(closeAt);
      if (closed.length > 0) this.closed(s, closed);
    }
  }

  /**
   * Scale-out, on becoming leader: brings storage up to what this node saw (the old leader may have
   * died before storing its last candles), and brings this node up to storage for instruments it
   * has not seen tick since it started. `fence` runs first in the transaction.
   */
  async takeOver(fence?: (tx: Tx) => Promise<void>): Promise<void> {
    await takeOverCandles(this.db, this.book.slots, fence);
  }

  /** From now on this node stores candles; `fence` runs first in every write's transaction. */
  startStoring(fence?: (tx: Tx) => Promise<void>): void {
    this.storing = true;
    this.writer.start(fence);
  }

  /**
   * Stops storing. With `store`, what is still in memory is written first (a clean hand-over); without
   * it (this node lost its lease: a successor owns storage now) it is dropped.
   */
  async stopStoring(store: boolean): Promise<void> {
    this.storing = false;
    await this.writer.stop(store);
  }

  /** For the candle writer: forming candles of instruments that ticked since the last call. */
  takeForming(all: boolean): StoredCandle[] {
    const out: StoredCandle[] = [];
    for (const s of this.book.slots) {
      if (!all && !s.dirty) continue;
      s.dirty = false;
      for (const period of PERIODS) {
        const candle = s.agg.forming(period);
        if (candle) out.push({ instrumentId: s.inst.id, period, candle });
      }
    }
    return out;
  }
}
