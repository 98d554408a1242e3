/**
 * A `PriceFeed` that replays recorded data (format: see replay-csv.ts and README.md), for demos,
 * reproducible bug reports and back-tests.
 *
 * Rows keep their recorded spacing divided by `speed` (2 = twice as fast). A candle row becomes
 * four ticks a quarter of the candle apart: open, then low and high in the order a bullish candle
 * (close ≥ open) most plausibly took them — O→L→H→C — and O→H→L→C for a bearish one. Candle rows
 * have no ask, so ask = price + the instrument's typical spread when `spreads` knows the code.
 *
 * Ticks are stamped with the injected clock's time by default (`timestamps: 'clock'`), so replayed
 * prices build live candles; `'original'` keeps the recorded times for back-tests (and cannot
 * `loop`, which would repeat them). The replay ignores market hours: the file is what happened.
 *
 * Public API: `new ReplayFeed({ source, speed?, loop?, timestamps?, candleMs?, spreads?, clock?,
 * timers?, onEnd? })` implements `PriceFeed`; `replayEvents(source, candleMs?, spreads?)` is the
 * pure expansion of rows into timed ticks.
 */
import { Decimal } from 'decimal.js';
import { type Clock, systemClock, systemTimers, type TimerHandle, type Timers } from './clock.js';
import { type PriceFeed, type Quote, type Tick, TickHub, type TickListener } from './feed.js';
import type { ParsedReplay, ReplayRow } from './replay-csv.js';

export interface ReplayOptions {
  source: ParsedReplay;
  /** Playback speed factor, > 0. */
  speed?: number;
  loop?: boolean;
  timestamps?: 'clock' | 'original';
  /** Length of one candle row; by default the smallest gap between two candles of one code. */
  candleMs?: number;
  /** Typical spread per code, in price units, for candle rows. */
  spreads?: ReadonlyMap<string, string>;
  clock?: Clock;
  timers?: Timers;
  onEnd?: () => void;
  onListenerError?: (error: unknown) => void;
}

/** One tick at its recorded instant. */
export interface ReplayEvent {
  timeMs: number;
  code: string;
  bid: string;
  ask: string;
}

const DEFAULT_CANDLE_MS = 60_000;

function inferCandleMs(rows: readonly ReplayRow[]): number {
  const last = new Map<string, number>();
  let best = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    const prev = last.get(r.code);
    if (prev !== undefined && r.timeMs > prev) best = Math.min(best, r.timeMs - prev);
    last.set(r.code, r.timeMs);
  }
  return Number.isFinite(best) ? best : DEFAULT_CANDLE_MS;
}

function decimals(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

function withSpread(price: string, spread: string | undefined): string {
  if (!spread) return price;
  return new Decimal(price).plus(spread).toFixed(Math.max(decimals(price), decimals(spread)));
}

export function replayEvents(
  source: ParsedReplay,
  candleMs?: number,
  spreads?: ReadonlyMap<string, string>,
): ReplayEvent[] {
  const span = candleMs ?? inferCandleMs(source.rows);
  const events: ReplayEvent[] = [];
  for (const r of source.rows) {
    if (r.kind === 'tick') {
      events.push({ timeMs: r.timeMs, code: r.code, bid: r.bid, ask: r.ask });
      continue;
    }
    const bullish = new Decimal(r.close).gte(r.open);
    const path = bullish ? [r.open, r.low, r.high, r.close] : [r.open, r.high, r.low, r.close];
    path.forEach((price, i) => {
      events.push({
        timeMs: r.timeMs + Math.floor((span * i) / 4),
        code: r.code,
        bid: price,
        ask: withSpread(price, spreads?.get(r.code)),
      });
    });
  }
  // Candles of different codes interleave once expanded; a stable sort keeps each code's order.
  return events.sort((a, b) => a.timeMs - b.timeMs);
}

export class ReplayFeed implements PriceFeed {
  private readonly events: ReplayEvent[];
  private readonly speed: number;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly hub: TickHub;
  private index = 0;
  private timer: TimerHandle | undefined;
  private running = false;

  constructor(private readonly options: ReplayOptions) {
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0) || !Number.isFinite(this.speed))
      throw new RangeError('speed must be a positive number');
    if (options.loop && options.timestamps === 'original') {
      throw new RangeError('a looping replay cannot keep the original timestamps');
    }
    this.events = replayEvents(options.source, options.candleMs, options.spreads);
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? systemTimers;
    this.hub = new TickHub(options.onListenerError);
  }

  get finished(): boolean {
    return this.index >= this.events.length;
  }

  start(): void {
    if (this.running || this.finished) return;
    this.running = true;
    this.emitDue();
  }

  stop(): void {
    this.running = false;
    if (this.timer) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  onTick(listener: TickListener): () => void {
    return this.hub.onTick(listener);
  }

  quote(code: string): Quote | undefined {
    return this.hub.quote(code);
  }

  quotes(): Quote[] {
    return this.hub.quotes();
  }

  /** Emits every event recorded at the current instant, then waits for the next instant. */
  private emitDue(): void {
    this.timer = undefined;
    if (!this.running) return;
    const first = this.events[this.index];
    if (!first) return;
    while (this.events[this.index]?.timeMs === first.timeMs) {
      const e = this.events[this.index++] as ReplayEvent;
      const timeMs = this.options.timestamps === 'original' ? e.timeMs : this.clock.now();
      const tick: Tick = { code: e.code, bid: e.bid, ask: e.ask, timeMs };
      this.hub.emit(tick);
      if (!this.running) return;
    }
    const next = this.events[this.index];
    if (next) {
      this.timer = this.timers.set(() => this.emitDue(), (next.timeMs - first.timeMs) / this.speed);
      return;
    }
    if (this.options.loop) {
      this.index = 0;
      // Restart after the file's typical spacing rather than instantly, so the seam is not a burst.
      const spacing =
        this.events.length > 1 ? (first.timeMs - (this.events[0]?.timeMs ?? 0)) / this.events.length : 1000;
      this.timer = this.timers.set(() => this.emitDue(), Math.max(1, spacing / this.speed));
      return;
    }
    this.running = false;
    this.options.onEnd?.();
  }
}
