/**
 * The tick path. Every tick passes through `ingest` — from this node's feed when it leads, from the
 * leader over the bus when it follows (scale-out; see feed-leadership.ts): ticks of a closed market
 * are dropped (no price moves while closed, whatever the source), prices are normalised to the
 * instrument's precision, then the quote, the candles, the live pushes and the tick listeners see it,
 * in order.
 *
 * Public API: `MarketTick`, `MarketTickListener`, `MarketObserver`, `TickPath` (ingest, onTick,
 * observe).
 */
import { TradingDecimal } from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import type { Candle, Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import type { Tick } from './feed.js';
import type { MarketBook } from './market-book.js';
import type { MarketCandles } from './market-candles.js';
import { statusAt } from './market-hours.js';
import { formatPrice, isDecimalString, parsePrice } from './price.js';

export interface MarketTick {
  instrument: Instrument;
  bid: string;
  ask: string;
  timeMs: number;
}
export type MarketTickListener = (tick: MarketTick) => void;

/** What the live pushes need to hear about; one observer (the socket topics). */
export interface MarketObserver {
  candles(instrument: Instrument, updated: Partial<Record<Period, Candle>>, timeMs: number): void;
  status(instrument: Instrument): void;
}

export class TickPath {
  private readonly listeners = new Set<MarketTickListener>();
  private observer: MarketObserver | undefined;

  constructor(
    private readonly book: MarketBook,
    private readonly candles: MarketCandles,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Called synchronously for every accepted tick, after quotes and candles are updated. Keep it
   * cheap: it runs on the tick path. Returns the unsubscribe function.
   */
  onTick(listener: MarketTickListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  observe(observer: MarketObserver): void {
    this.observer = observer;
  }

  /** A market opened or closed (the hours watch): the observer republishes its status. */
  statusChanged(instrument: Instrument): void {
    this.observer?.status(instrument);
  }

  /**
   * Applies one tick from this node's feed or (scale-out follower) from the leader; returns it as
   * applied (normalised prices, whole milliseconds), or undefined when it was dropped.
   */
  ingest(tick: Tick, source: 'feed' | 'bus'): Tick | undefined {
    const s = this.book.find(tick.code);
    if (!s) return undefined;
    if (statusAt(s, tick.timeMs) === 0) return undefined;
    const p = s.inst.pricePrecision;
    let bid = normalisePrice(tick.bid, p);
    let ask = normalisePrice(tick.ask, p);
    if (bid === undefined || ask === undefined) {
      this.log.warn({ tick, source }, 'price feed sent an unusable price');
      return undefined;
    }
    if (s.inst.dealerSpread !== '') [bid, ask] = widen(bid, ask, s.inst.dealerSpread, p);
    // Virtual clocks in tests run on fractional milliseconds; the wire carries whole ones.
    const timeMs = Math.floor(tick.timeMs);
    s.quote = { bid, ask, time: timeMs };
    const applied: Tick = { code: s.inst.code, bid, ask, timeMs };
    const { updated, closed } = s.agg.push(bid === tick.bid ? tick : { ...tick, bid, ask });
    if (closed.length > 0) this.candles.closed(s, closed);
    s.dirty = true;
    s.live = true;
    this.observer?.candles(s.inst, updated, timeMs);
    if (this.listeners.size === 0) return applied;
    const event: MarketTick = { instrument: s.inst, bid, ask, timeMs };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err }, 'market tick listener failed');
      }
    }
    return applied;
  }
}

/**
 * The dealing desk's minimum spread: a quote narrower than it is widened symmetrically around its
 * mid (the bid rounded down, the ask up, to whole ticks); a wider one passes unchanged. Idempotent,
 * so a follower applying it again to the leader's widened tick changes nothing.
 */
export function widen(bid: string, ask: string, minSpread: string, precision: number): [string, string] {
  let min: number;
  try {
    min = parsePrice(minSpread, precision);
  } catch {
    return [bid, ask];
  }
  const b = parsePrice(bid, precision);
  const a = parsePrice(ask, precision);
  if (a - b >= min) return [bid, ask];
  const mid2 = a + b; // twice the mid, in ticks: keeps it exact
  const newBid = Math.max(1, Math.floor((mid2 - min) / 2));
  return [formatPrice(newBid, precision), formatPrice(newBid + min, precision)];
}

/** A feed may send more decimals than the instrument shows (replay files): round half-up once. */
function normalisePrice(text: string, precision: number): string | undefined {
  try {
    const scaled = parsePrice(text, precision);
    return scaled > 0 ? formatPrice(scaled, precision) : undefined;
  } catch {
    if (!isDecimalString(text)) return undefined;
    const rounded = new TradingDecimal(text).toFixed(precision, TradingDecimal.ROUND_HALF_UP);
    return Number(rounded) > 0 ? rounded : undefined;
  }
}
