/**
 * What a node that has just become leader writes, so the chart has neither a gap nor a duplicate.
 * The old leader stored candles every 2 s; if it died, up to one interval is missing, and this node
 * holds it in memory because it applied the same ticks from the bus. Rows are upserts keyed by
 * (instrument, period, time), so rewriting a candle never duplicates it. Where the stored candle and
 * this node's have the same start, they are merged: the old leader saw the period from its first
 * tick (its open counts) and this node has the newest tick (its close counts); high, low and the
 * tick count take the wider of the two.
 *
 * Public API: `mergeCandles`, `planTakeover`, `takeOverCandles`.
 */
import { type Db, inTransaction, type Tx } from '../../db/database.js';
import { type Candle, type CandleAggregator, PERIODS, type Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import { stateFromClose } from './market-startup.js';
import { latestCandles, type StoredCandle, writeCandles } from './markets.repository.js';
import { modelParams, quoteFromMid } from './model.js';
import { formatPrice, parsePrice } from './price.js';

export function mergeCandles(stored: Candle, mine: Candle, precision: number): Candle {
  const higher = parsePrice(stored.high, precision) >= parsePrice(mine.high, precision);
  const lower = parsePrice(stored.low, precision) <= parsePrice(mine.low, precision);
  return {
    time: mine.time,
    open: stored.open,
    high: higher ? stored.high : mine.high,
    low: lower ? stored.low : mine.low,
    close: mine.close,
    volume: Math.max(stored.volume, mine.volume),
  };
}

export interface TakeoverInput {
  precision: number;
  /** Whether this node applied ticks of the instrument since it started (from the bus or its feed). */
  live: boolean;
  forming: Partial<Record<Period, Candle>>;
  lastClosed: Partial<Record<Period, Candle>>;
  /** The newest stored candle of each period. */
  stored: Partial<Record<Period, Candle>>;
}

export interface TakeoverPlan {
  /** Candles to upsert; never two with the same (period, time), so one batch can hold them all. */
  write: Array<{ period: Period; candle: Candle }>;
  /** Forming candles to restore into the aggregator (merged, or newer from storage). */
  seed: Array<{ period: Period; candle: Candle }>;
}

export function planTakeover(input: TakeoverInput): TakeoverPlan {
  const plan: TakeoverPlan = { write: [], seed: [] };
  for (const period of PERIODS) {
    const stored = input.stored[period];
    const forming = input.forming[period];
    if (!input.live) {
      // Nothing new here since start: storage is at least as recent, so continue from it.
      const mine = forming ?? input.lastClosed[period];
      if (
        stored &&
        (!mine || stored.time > mine.time || (stored.time === mine.time && stored.volume > mine.volume))
      ) {
        plan.seed.push({ period, candle: stored });
      }
      continue;
    }
    const closed = input.lastClosed[period];
    if (closed && (!stored || closed.time >= stored.time)) {
      const candle = stored?.time === closed.time ? mergeCandles(stored, closed, input.precision) : closed;
      plan.write.push({ period, candle });
    }
    if (forming && (!stored || forming.time >= stored.time)) {
      if (stored?.time === forming.time) {
        const merged = mergeCandles(stored, forming, input.precision);
        plan.seed.push({ period, candle: merged });
        plan.write.push({ period, candle: merged });
      } else {
        plan.write.push({ period, candle: forming });
      }
    }
  }
  return plan;
}

/** The part of MarketService's per-instrument state a takeover reads and restores. */
export interface TakeoverSlot {
  readonly inst: Instrument;
  readonly agg: CandleAggregator;
  quote: { bid: string; ask: string; time: number };
  readonly lastClosed: Partial<Record<Period, Candle>>;
  readonly live: boolean;
  dirty: boolean;
}

/**
 * Scale-out, on becoming leader: brings storage up to what this node saw, and this node up to
 * storage for instruments it has not seen tick since it started (their quote too: the simulator's
 * first quote then has the stored close as its bid, as after a restart).
 */
export async function takeOverCandles(
  db: Db,
  slots: readonly TakeoverSlot[],
  fence?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const stored = new Map<number, Partial<Record<Period, Candle>>>();
  for (const row of await latestCandles(db.kysely)) {
    const byPeriod = stored.get(row.instrumentId) ?? {};
    byPeriod[row.period] = row.candle;
    stored.set(row.instrumentId, byPeriod);
  }
  const writes: StoredCandle[] = [];
  for (const s of slots) {
    const forming: Partial<Record<Period, Candle>> = {};
    for (const p of PERIODS) {
      const c = s.agg.forming(p);
      if (c) forming[p] = c;
    }
    const plan = planTakeover({
      precision: s.inst.pricePrecision,
      live: s.live,
      forming,
      lastClosed: s.lastClosed,
      stored: stored.get(s.inst.id) ?? {},
    });
    for (const { period, candle } of plan.seed) {
      s.agg.seed(period, candle);
      if (period === '1min' && !s.live) {
        const q = quoteFromMid(modelParams(s.inst), stateFromClose(s.inst, candle.close).logMid);
        s.quote = {
          bid: formatPrice(q.bid, s.inst.pricePrecision),
          ask: formatPrice(q.ask, s.inst.pricePrecision),
          time: candle.time * 1000,
        };
      }
    }
    for (const { period, candle } of plan.write) writes.push({ instrumentId: s.inst.id, period, candle });
    // Written here; the writer picks the instrument up again at its next tick.
    s.dirty = false;
  }
  if (writes.length > 0) {
    await inTransaction(db, async (tx) => {
      await fence?.(tx);
      await writeCandles(tx, writes, 'upsert');
    });
  }
}
