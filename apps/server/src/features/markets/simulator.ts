/**
 * The built-in price source: every instrument of the catalogue ticks a few times a second at
 * random intervals, driven by the model in `model.ts`, and stays silent while its market is closed.
 *
 * Everything that makes it nondeterministic is injected: the clock, the timers and the seed (each
 * instrument draws from its own PRNG seeded by `seedFrom(code, seed)`, so adding an instrument does
 * not change the others' paths).
 *
 * Public API:
 * - `new PriceSimulator({ instruments, seed?, clock?, timers?, meanTickIntervalMs?, initialStates? })`
 *   implements `PriceFeed` (start, stop, onTick, quote, quotes)
 * - `sim.modelState(code)`: the model state the live feed is at (hand it to `generateHistory`)
 * - `initialStates` lets a restart continue from persisted last prices (see `stateFromPrice`)
 */
import type { Instrument } from './catalogue.js';
import { type Clock, systemClock, systemTimers, type TimerHandle, type Timers } from './clock.js';
import { type PriceFeed, type Quote, type Tick, TickHub, type TickListener } from './feed.js';
import {
  initialState,
  liquiditySpreadMultiplier,
  type ModelParams,
  type ModelState,
  modelParams,
  quoteFromMid,
  stepModel,
  TICKS_PER_SECOND,
} from './model.js';
import { formatPrice } from './price.js';
import { createRng, type Rng, seedFrom } from './random.js';
import { nextOpen, type Session, sessionAt } from './schedule.js';

export interface SimulatorOptions {
  instruments: readonly Instrument[];
  seed?: number;
  clock?: Clock;
  timers?: Timers;
  /** Mean time between two ticks of one instrument; exponential, so timing is irregular. */
  meanTickIntervalMs?: number;
  /** Model states to start from, by code; others start at their base price. */
  initialStates?: ReadonlyMap<string, ModelState>;
  onListenerError?: (error: unknown) => void;
}

interface Runner {
  inst: Instrument;
  params: ModelParams;
  rng: Rng;
  state: ModelState;
  /** The instant up to which the model has been advanced. */
  modelTime: number;
  nextAt: number;
  session: Session | null;
}

/** Timers are re-armed at least this often, so a long weekend never needs a 2-day timeout. */
const MAX_SLEEP_MS = 60 * 60_000;
const MIN_TICK_GAP_MS = 20;
/** Random widening on top of the liquidity profile: "a little", up to 20 %. */
const SPREAD_JITTER = 0.2;

/** The model state whose mid is `price` (e.g. the last persisted close), anchored at the same level. */
export function stateFromPrice(price: string): ModelState {
  const log = Math.log(Number(price));
  return { logMid: log, logAnchor: log };
}

export class PriceSimulator implements PriceFeed {
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly meanIntervalMs: number;
  private readonly hub: TickHub;
  private readonly runners: Runner[];
  private timer: TimerHandle | undefined;
  private running = false;

  constructor(options: SimulatorOptions) {
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? systemTimers;
    this.meanIntervalMs = options.meanTickIntervalMs ?? 1000 / TICKS_PER_SECOND;
    this.hub = new TickHub(options.onListenerError);
    const seed = options.seed ?? 1;
    const now = this.clock.now();
    this.runners = options.instruments.map((inst) => ({
      inst,
      params: modelParams(inst),
      rng: createRng(seedFrom(inst.code, seed)),
      state: options.initialStates?.get(inst.code) ?? initialState(inst),
      modelTime: now,
      nextAt: now,
      session: null,
    }));
    // Until the first tick the quote is the model's mid at the typical spread: the same price the
    // history generator ends its candles on.
    for (const r of this.runners) {
      const q = quoteFromMid(r.params, r.state.logMid);
      this.hub.setQuote(this.toQuote(r, q.bid, q.ask, now));
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const now = this.clock.now();
    for (const r of this.runners) {
      // Time spent stopped is not trading time for the model.
      r.modelTime = now;
      r.nextAt = now + r.rng.exponential(this.meanIntervalMs);
    }
    this.arm();
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

  modelState(code: string): ModelState | undefined {
    const r = this.runners.find((x) => x.inst.code === code);
    return r ? { ...r.state } : undefined;
  }

  private arm(): void {
    if (!this.running) return;
    let next = Number.POSITIVE_INFINITY;
    for (const r of this.runners) next = Math.min(next, r.nextAt);
    if (!Number.isFinite(next)) return;
    const delay = Math.min(MAX_SLEEP_MS, Math.max(0, next - this.clock.now()));
    this.timer = this.timers.set(() => this.run(), delay);
  }

  private run(): void {
    this.timer = undefined;
    if (!this.running) return;
    const now = this.clock.now();
    for (const r of this.runners) {
      if (r.nextAt <= now) this.tick(r, now);
    }
    this.arm();
  }

  private tick(r: Runner, now: number): void {
    const session = this.openSession(r, now);
    if (!session) {
      const opens = nextOpen(r.inst.scheduleId, now) ?? now + MAX_SLEEP_MS;
      // The first ticks after the open arrive at random too, not all at the same instant.
      r.nextAt = opens + r.rng.exponential(this.meanIntervalMs);
      return;
    }
    // The model only advances through open time, so the week opens where it closed.
    const from = Math.max(r.modelTime, session.start);
    r.state = stepModel(r.params, r.state, now - from, r.rng);
    r.modelTime = now;
    const widen = liquiditySpreadMultiplier(r.inst.scheduleId, now) * (1 + SPREAD_JITTER * r.rng.next());
    const q = quoteFromMid(r.params, r.state.logMid, widen);
    const tick: Tick = {
      code: r.inst.code,
      bid: formatPrice(q.bid, r.params.precision),
      ask: formatPrice(q.ask, r.params.precision),
      timeMs: now,
    };
    r.nextAt = now + Math.max(MIN_TICK_GAP_MS, r.rng.exponential(this.meanIntervalMs));
    this.hub.emit(tick);
  }

  /** Caches the current session: the schedule is consulted once per session, not once per tick. */
  private openSession(r: Runner, now: number): Session | null {
    if (r.session && r.session.start <= now && now < r.session.end) return r.session;
    r.session = sessionAt(r.inst.scheduleId, now);
    return r.session;
  }

  private toQuote(r: Runner, bid: number, ask: number, time: number): Quote {
    return {
      code: r.inst.code,
      bid: formatPrice(bid, r.params.precision),
      ask: formatPrice(ask, r.params.precision),
      time,
    };
  }
}
