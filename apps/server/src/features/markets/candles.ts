/**
 * Candles: aggregation of bid ticks into the six chart periods, and the day quotation.
 *
 * A candle's `time` is its period start in epoch seconds (UTC). Minute periods align to the epoch
 * (every session boundary falls on a whole hour, so a bucket never straddles an open or close); the
 * `1day` candle starts at the trading-day start from the schedule (17:00 New York for forex, metals,
 * energy and indices; 00:00 UTC for crypto), never at midnight UTC. `volume` is the tick count.
 * Prices are decimal strings at the instrument's precision.
 *
 * Decision: the day change (`ForexQuotations.Change`) is a string percentage with exactly 2
 * decimals ("0.35", "-1.20"), like every other number on the wire that must not pick up float noise.
 *
 * Public API:
 * - `PERIODS`, `Period`, `isPeriod(x)`, `PERIOD_SECONDS` (nominal; a `1day` bucket may be 23 or 25 h
 *   across a DST change), `bucketStartMs(period, scheduleId, tMs)`, `bucketEndMs(...)`
 * - `Candle`, `DayQuote` { open, close, change }
 * - `new CandleAggregator({ code, precision, scheduleId })`:
 *   `push(tick)` → { updated: forming candle of every period, closed: candles that just finished };
 *   `seed(period, candle)` restores a forming candle (from history or storage) after a restart;
 *   `closeDue(nowMs)` closes candles whose period has ended without waiting for the next tick;
 *   `forming(period)`, `dayQuote()`.
 *   Ticks older than the forming candle, or than the last `closeDue` instant, are ignored (the
 *   update is empty): a late tick must not rewrite a candle that was already closed and persisted.
 */
import type { Tick } from './feed.js';
import { formatPrice, parsePrice, percentChange } from './price.js';
import { type ScheduleId, tradingDayEnd, tradingDayStart } from './schedule.js';

export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_SECONDS: Readonly<Record<Period, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
};

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

export interface Candle {
  /** Period start, epoch seconds UTC. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

export interface DayQuote {
  /** The trading day's first bid. */
  open: string;
  /** The last bid. */
  close: string;
  /** Percentage, 2 decimals. */
  change: string;
}

export interface ClosedCandle {
  period: Period;
  candle: Candle;
}

export interface CandleUpdate {
  updated: Partial<Record<Period, Candle>>;
  closed: ClosedCandle[];
}

export function bucketStartMs(period: Period, scheduleId: ScheduleId, tMs: number): number {
  if (period === '1day') return tradingDayStart(scheduleId, tMs);
  const size = PERIOD_SECONDS[period] * 1000;
  return Math.floor(tMs / size) * size;
}

export function bucketEndMs(period: Period, scheduleId: ScheduleId, tMs: number): number {
  if (period === '1day') return tradingDayEnd(scheduleId, tMs);
  return bucketStartMs(period, scheduleId, tMs) + PERIOD_SECONDS[period] * 1000;
}

/** Scaled-integer working form: exact comparisons without parsing strings on every tick. */
interface Working {
  startMs: number;
  endMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface AggregatorOptions {
  code: string;
  precision: number;
  scheduleId: ScheduleId;
}

export class CandleAggregator {
  private readonly forms = new Map<Period, Working>();
  private lastDay: Working | undefined;
  /** Per period, the end of its last closed candle: nothing may land before it again. */
  private readonly floors = new Map<Period, number>();
  /** The latest `closeDue` instant: time the owner has declared past. */
  private watermarkMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: AggregatorOptions) {}

  push(tick: Tick): CandleUpdate {
    if (tick.code !== this.options.code) {
      throw new Error(`aggregator for ${this.options.code} received a tick for ${tick.code}`);
    }
    const price = parsePrice(tick.bid, this.options.precision);
    const update: CandleUpdate = { updated: {}, closed: [] };
    // All periods or none: a tick that is stale for the minute candle is stale for all of them.
    if (this.isStale('1min', tick.timeMs)) return update;
    for (const period of PERIODS) {
      if (this.isStale(period, tick.timeMs)) continue;
      let w = this.forms.get(period);
      if (w && tick.timeMs >= w.endMs) {
        update.closed.push(this.close(period, w));
        w = undefined;
      }
      if (!w) {
        const startMs = bucketStartMs(period, this.options.scheduleId, tick.timeMs);
        w = {
          startMs,
          endMs: bucketEndMs(period, this.options.scheduleId, tick.timeMs),
          open: price,
          high: price,
          low: price,
          close: price,
          volume: 0,
        };
        this.forms.set(period, w);
      }
      w.high = Math.max(w.high, price);
      w.low = Math.min(w.low, price);
      w.close = price;
      w.volume += 1;
      if (period === '1day') this.lastDay = w;
      update.updated[period] = this.toCandle(w);
    }
    return update;
  }

  seed(period: Period, candle: Candle): void {
    const startMs = candle.time * 1000;
    const p = this.options.precision;
    const w: Working = {
      startMs,
      endMs: bucketEndMs(period, this.options.scheduleId, startMs),
      open: parsePrice(candle.open, p),
      high: parsePrice(candle.high, p),
      low: parsePrice(candle.low, p),
      close: parsePrice(candle.close, p),
      volume: candle.volume,
    };
    this.forms.set(period, w);
    if (period === '1day') this.lastDay = w;
  }

  closeDue(nowMs: number): ClosedCandle[] {
    const closed: ClosedCandle[] = [];
    this.watermarkMs = Math.max(this.watermarkMs, nowMs);
    for (const period of PERIODS) {
      const w = this.forms.get(period);
      if (w && nowMs >= w.endMs) {
        closed.push(this.close(period, w));
        this.forms.delete(period);
      }
    }
    return closed;
  }

  forming(period: Period): Candle | undefined {
    const w = this.forms.get(period);
    return w ? this.toCandle(w) : undefined;
  }

  /** Over a weekend or before the first tick of a new day this is still the last trading day's. */
  dayQuote(): DayQuote | undefined {
    const d = this.lastDay;
    if (!d) return undefined;
    const p = this.options.precision;
    return {
      open: formatPrice(d.open, p),
      close: formatPrice(d.close, p),
      change: percentChange(d.open, d.close),
    };
  }

  private isStale(period: Period, tMs: number): boolean {
    const w = this.forms.get(period);
    const floor = Math.max(this.watermarkMs, this.floors.get(period) ?? Number.NEGATIVE_INFINITY);
    return tMs < floor || (w !== undefined && tMs < w.startMs);
  }

  private close(period: Period, w: Working): ClosedCandle {
    this.floors.set(period, w.endMs);
    return { period, candle: this.toCandle(w) };
  }

  private toCandle(w: Working): Candle {
    const p = this.options.precision;
    return {
      time: w.startMs / 1000,
      open: formatPrice(w.open, p),
      high: formatPrice(w.high, p),
      low: formatPrice(w.low, p),
      close: formatPrice(w.close, p),
      volume: w.volume,
    };
  }
}
