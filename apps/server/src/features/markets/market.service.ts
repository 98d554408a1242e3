/**
 * The market as the rest of the server sees it: the catalogue (from the database, so an operator's
 * edits apply), live quotes, market hours, candles and the tick stream. Exposed as
 * `ctx.services.markets`; the trading engine prices orders and hangs its trigger worker off
 * `onTick`.
 *
 * Every tick passes through `ingest` — from this node's feed when it leads, from the leader over the
 * bus when it follows (scale-out; see feed-leadership.ts): ticks of a closed market are dropped (no
 * price moves while closed, whatever the source), prices are normalised to the instrument's
 * precision, then the quote, the candles, the live pushes and the tick listeners see it, in order.
 */
import { type InstrumentTerms, TradingDecimal } from '@meridian/trading';
import type { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { EventBus } from '../../live/event-bus.js';
import type { LiveGateway } from '../../live/gateway.js';
import type { TopicRegistry } from '../../live/topics.js';
import { readSettings } from '../settings/settings.repository.js';
import { CandleWriter } from './candle-writer.js';
import { type Candle, CandleAggregator, type DayQuote, PERIODS, type Period } from './candles.js';
import { type Instrument, leverageOptions } from './catalogue.js';
import { type Clock, systemClock, systemTimers, type TimerHandle, type Timers } from './clock.js';
import { type Conversion, conversionFor, rateToUsd } from './conversion.js';
import type { PriceFeed, Tick } from './feed.js';
import { FeedLeadership } from './feed-leadership.js';
import { createFeedSource } from './feed-source.js';
import { MarketLive } from './market-live.js';
import { prepareMarket, stateFromClose } from './market-startup.js';
import { takeOverCandles } from './market-takeover.js';
import { candlesBefore, listInstruments, type StoredCandle } from './markets.repository.js';
import { type ModelState, modelParams, quoteFromMid } from './model.js';
import type { InstrumentState } from './payload.js';
import { formatPrice, isDecimalString, parsePrice } from './price.js';
import { nextOpen, sessionAt } from './schedule.js';
import { TickRelay } from './tick-relay.js';

declare module '../../app-context.js' {
  interface Services {
    markets: MarketService;
  }
}

/** Test seams, passed as `createApp(config, { markets })`. */
export interface MarketOverrides {
  clock?: Clock;
  timers?: Timers;
  /** Replaces the configured source (e.g. a `ScriptedFeed` with exact prices). */
  feed?: PriceFeed;
}

export interface MarketQuote {
  bid: string;
  ask: string;
  /** Epoch ms of the tick that set it. */
  time: number;
}

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

export interface TradingSettings {
  /** Operator setting allow_pro_leverage = 1: the professional leverage options are offered too. */
  allowProLeverage: boolean;
  /** trade_fee_type: 1 = USD per lot, otherwise a fraction of the margin. */
  tradeFeeType: number;
}

const HOUSEKEEPING_MS = 1000;
const WRITE_INTERVAL_MS = 2000;
/**
 * A follower closes candles this long after their end, not at it: the leader's last ticks of a
 * period reach it up to one relay flush (plus Redis) later, and a closed candle ignores late ticks.
 */
const FOLLOWER_CLOSE_LAG_FLUSHES = 4;

interface Slot {
  inst: Instrument;
  agg: CandleAggregator;
  quote: MarketQuote;
  status: 0 | 1;
  /** Cached open/closed window around the last instant asked about: Intl is too slow per tick. */
  window: { from: number; until: number; open: boolean };
  /** The last closed candle per period, kept until it is surely stored (kline reads it from here). */
  lastClosed: Partial<Record<Period, Candle>>;
  /** Ticked since the last forming-candle write. */
  dirty: boolean;
  /** Ticked since this node started (else storage may know a newer price: another node's). */
  live: boolean;
  conversion: Conversion;
}

export class MarketService {
  readonly clock: Clock;
  readonly timers: Timers;
  private slots: Slot[] = [];
  private readonly byId = new Map<number, Slot>();
  private readonly byCode = new Map<string, Slot>();
  private readonly listeners = new Set<MarketTickListener>();
  private observer: MarketObserver | undefined;
  /** The feed built at init from the stored closes: the one a node leading from its start runs. */
  private feed: PriceFeed | undefined;
  private writer: CandleWriter | undefined;
  private housekeeping: TimerHandle | undefined;
  private liveTopics: MarketLive | undefined;
  private leadership: FeedLeadership | undefined;
  /** This node runs the feed and stores candles (always, embedded). */
  private leading = false;
  private initialised = false;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    private readonly overrides: MarketOverrides = {},
  ) {
    this.clock = overrides.clock ?? systemClock;
    this.timers = overrides.timers ?? systemTimers;
  }

  /** Loads the catalogue, continues or generates the candles and prepares the feed (not started). */
  async init(): Promise<void> {
    if (this.initialised) return;
    const instruments = (await listInstruments(this.db.kysely)).sort(
      (a, b) => a.categoryId - b.categoryId || a.id - b.id,
    );
    const nowMs = this.clock.now();
    const started = performance.now();
    const prepared = await prepareMarket(this.db, instruments, { nowMs, seed: this.config.feedSeed });
    if (prepared.generated > 0) {
      this.log.info(
        {
          instruments: prepared.generated,
          candles: prepared.storedCandles,
          ms: Math.round(performance.now() - started),
        },
        'chart history generated',
      );
    }
    const states = new Map<string, ModelState>();
    for (const inst of instruments) {
      const start = prepared.starts.get(inst.id);
      if (!start) continue;
      states.set(inst.code, start.state);
      const agg = new CandleAggregator({
        code: inst.code,
        precision: inst.pricePrecision,
        scheduleId: inst.scheduleId,
      });
      for (const period of PERIODS) {
        const candle = start.latest[period];
        if (candle) agg.seed(period, candle);
      }
      const q = quoteFromMid(modelParams(inst), start.state.logMid);
      const slot: Slot = {
        inst,
        agg,
        quote: {
          bid: formatPrice(q.bid, inst.pricePrecision),
          ask: formatPrice(q.ask, inst.pricePrecision),
          time: Math.floor(start.latest['1min'] ? start.latest['1min'].time * 1000 : nowMs),
        },
        status: 0,
        window: { from: 0, until: 0, open: false },
        lastClosed: {},
        dirty: false,
        live: false,
        conversion: { kind: 'usd' },
      };
      slot.status = this.statusAt(slot, nowMs);
      // Candles whose period ended while the server was down are final as stored.
      for (const c of agg.closeDue(nowMs)) slot.lastClosed[c.period] = c.candle;
      this.slots.push(slot);
      this.byId.set(inst.id, slot);
      this.byCode.set(inst.code, slot);
    }
    for (const slot of this.slots) slot.conversion = conversionFor(slot.inst, (c) => this.byCode.get(c));

    this.feed =
      this.overrides.feed ??
      (await createFeedSource({
        kind: this.config.marketFeed,
        instruments,
        states,
        clock: this.clock,
        timers: this.timers,
        seed: this.config.feedSeed,
        tickMs: this.config.marketTickMs,
        replayCsv: this.config.replayCsv,
        onListenerError: (err) => this.log.error({ err }, 'price feed listener failed'),
      }));
    this.writer = new CandleWriter(this.db, this, this.timers, WRITE_INTERVAL_MS, this.log);
    this.initialised = true;
  }

  /** Registers DAY_MARKET and KLINE.{code}; they publish once `start` runs. */
  publishTo(live: LiveGateway, topics: TopicRegistry): void {
    this.liveTopics = new MarketLive(this, live, this.timers, this.config.marketFlushMs);
    this.liveTopics.register(topics);
  }

  /**
   * Starts the live pushes and the market-hours watch, then takes the role the cluster gives this
   * node: the leader runs the feed and the candle writer, a follower applies the leader's ticks
   * from `bus` (scale-out only). Resolves once that role is in place; returns the stop function.
   */
  async start(cluster: Cluster, bus: EventBus): Promise<() => Promise<void>> {
    if (!this.initialised || !this.writer) throw new Error('MarketService.start before init');
    const relay = cluster.scaleOut ? new TickRelay(bus, cluster.nodeId) : undefined;
    if (relay) this.liveTopics?.relayTicks(relay);
    const leadership = new FeedLeadership({
      markets: this,
      cluster,
      writer: this.writer,
      live: this.liveTopics,
      relay,
      log: this.log,
    });
    this.leadership = leadership;
    this.liveTopics?.start();
    this.armHousekeeping();
    await leadership.start();
    return async () => {
      await leadership.stop();
      this.liveTopics?.stop();
      if (this.housekeeping) this.timers.clear(this.housekeeping);
      this.housekeeping = undefined;
    };
  }

  /** True while this node runs the price feed. */
  get isFeedLeader(): boolean {
    return this.leadership?.isLeading ?? false;
  }

  /** How many times this node has started leading the feed. */
  get feedLeadTerms(): number {
    return this.leadership?.leadTerms ?? 0;
  }

  // ---- catalogue and quotes ----------------------------------------------------------------

  /** Every instrument, ordered by category then id. */
  instruments(): readonly Instrument[] {
    return this.slots.map((s) => s.inst);
  }

  instrument(idOrCode: number | string): Instrument | undefined {
    return (typeof idOrCode === 'number' ? this.byId.get(idOrCode) : this.byCode.get(idOrCode))?.inst;
  }

  /** Throws `unknown_instrument` (404). */
  requireInstrument(idOrCode: number | string): Instrument {
    const inst = this.instrument(idOrCode);
    if (!inst) throw new AppError('unknown_instrument');
    return inst;
  }

  quote(instrument: Instrument | string): MarketQuote {
    return { ...this.slot(instrument).quote };
  }

  isOpen(instrument: Instrument | string, nowMs = this.clock.now()): boolean {
    return this.statusAt(this.slot(instrument), nowMs) === 1;
  }

  /** The spec's MarketStatus: 1 open, 0 closed. */
  marketStatus(instrument: Instrument | string, nowMs = this.clock.now()): 0 | 1 {
    return this.statusAt(this.slot(instrument), nowMs);
  }

  dayQuote(instrument: Instrument | string): DayQuote | undefined {
    return this.slot(instrument).agg.dayQuote();
  }

  /** Everything a payload needs about one instrument right now. */
  state(instrument: Instrument | string): InstrumentState {
    const s = this.slot(instrument);
    return {
      instrument: s.inst,
      quote: { code: s.inst.code, ...s.quote },
      day: s.agg.dayQuote(),
      marketStatus: s.status,
    };
  }

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

  /**
   * USD per unit of the instrument's quote currency, from the live price of the catalogue pair
   * linking that currency to USD (EURGBP → GBPUSD; USDJPY → 1 / USDJPY), at its mid price.
   */
  quoteToUsd(instrument: Instrument | string): Decimal {
    return rateToUsd(this.slot(instrument).conversion);
  }

  async tradingSettings(): Promise<TradingSettings> {
    const s = await readSettings(this.db.kysely, ['allow_pro_leverage', 'trade_fee_type']);
    const feeType = Number.parseInt(s.get('trade_fee_type') ?? '1', 10);
    return {
      allowProLeverage: s.get('allow_pro_leverage') === '1',
      tradeFeeType: Number.isFinite(feeType) ? feeType : 1,
    };
  }

  /** The instrument's terms for packages/trading, with the given (or current) operator settings. */
  async terms(instrument: Instrument | string, settings?: TradingSettings): Promise<InstrumentTerms> {
    const inst = this.slot(instrument).inst;
    const s = settings ?? (await this.tradingSettings());
    return {
      contractSize: inst.contractSize,
      minLots: inst.minLots,
      lotStep: inst.lotStep,
      maxLots: inst.maxLots,
      marginMode: inst.marginMode,
      feeRate: s.tradeFeeType === 1 ? inst.feePerLot : inst.feeRate,
      pricePrecision: inst.pricePrecision,
      leverageOptions: leverageOptions(inst, s.allowProLeverage),
    };
  }

  // ---- candles -------------------------------------------------------------------------------

  /** The forming candle of every period, or the last closed one where none is forming. */
  currentCandles(instrument: Instrument | string): Partial<Record<Period, Candle>> {
    const s = this.slot(instrument);
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
  async candles(
    instrument: Instrument | string,
    period: Period,
    limit: number,
    to?: number,
  ): Promise<Candle[]> {
    const s = this.slot(instrument);
    const before = to ?? Number.POSITIVE_INFINITY;
    // Newest wins for a time present twice: forming over last closed over queued for the writer.
    const recent = new Map<number, Candle>();
    for (const c of this.writer?.pending(s.inst.id, period) ?? []) recent.set(c.time, c);
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
  async flushCandles(): Promise<void> {
    await this.writer?.flush();
  }

  /** For the candle writer: forming candles of instruments that ticked since the last call. */
  takeForming(all: boolean): StoredCandle[] {
    const out: StoredCandle[] = [];
    for (const s of this.slots) {
      if (!all && !s.dirty) continue;
      s.dirty = false;
      for (const period of PERIODS) {
        const candle = s.agg.forming(period);
        if (candle) out.push({ instrumentId: s.inst.id, period, candle });
      }
    }
    return out;
  }

  // ---- the tick path -------------------------------------------------------------------------

  /**
   * Applies one tick from this node's feed or (scale-out follower) from the leader; returns it as
   * applied (normalised prices, whole milliseconds), or undefined when it was dropped.
   */
  ingest(tick: Tick, source: 'feed' | 'bus'): Tick | undefined {
    const s = this.byCode.get(tick.code);
    if (!s) return undefined;
    if (this.statusAt(s, tick.timeMs) === 0) return undefined;
    const p = s.inst.pricePrecision;
    const bid = normalisePrice(tick.bid, p);
    const ask = normalisePrice(tick.ask, p);
    if (bid === undefined || ask === undefined) {
      this.log.warn({ tick, source }, 'price feed sent an unusable price');
      return undefined;
    }
    // Virtual clocks in tests run on fractional milliseconds; the wire carries whole ones.
    const timeMs = Math.floor(tick.timeMs);
    s.quote = { bid, ask, time: timeMs };
    const applied: Tick = { code: s.inst.code, bid, ask, timeMs };
    const { updated, closed } = s.agg.push(bid === tick.bid ? tick : { ...tick, bid, ask });
    if (closed.length > 0) this.closed(s, closed);
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

  // ---- leadership (see feed-leadership.ts) ---------------------------------------------------

  /** Only the leader stores candles; a follower keeps the last closed ones in memory for reads. */
  setLeading(leading: boolean): void {
    this.leading = leading;
  }

  /**
   * Scale-out, on becoming leader: brings storage up to what this node saw (the old leader may have
   * died before storing its last candles), and brings this node up to storage for instruments it
   * has not seen tick since it started.
   */
  async takeOver(): Promise<void> {
    await takeOverCandles(this.db, this.slots);
  }

  /**
   * The feed a new leader runs: the one built at init when this is the node's first term and it
   * has applied no other node's ticks (its stored start is current), else a new one that starts
   * from the last quotes this node has, so prices continue without a jump.
   */
  async feedToLead(firstTerm: boolean): Promise<PriceFeed | undefined> {
    if (this.overrides.feed) return this.overrides.feed;
    if (firstTerm && !this.slots.some((s) => s.live)) return this.feed;
    const states = new Map<string, ModelState>();
    for (const s of this.slots) states.set(s.inst.code, stateFromClose(s.inst, s.quote.bid));
    return createFeedSource({
      kind: this.config.marketFeed,
      instruments: this.slots.map((s) => s.inst),
      states,
      clock: this.clock,
      timers: this.timers,
      seed: this.config.feedSeed,
      tickMs: this.config.marketTickMs,
      replayCsv: this.config.replayCsv,
      onListenerError: (err) => this.log.error({ err }, 'price feed listener failed'),
    });
  }

  private closed(s: Slot, closed: readonly { period: Period; candle: Candle }[]): void {
    for (const c of closed) s.lastClosed[c.period] = c.candle;
    if (this.leading) this.writer?.addClosed(s.inst.id, closed);
  }

  /** Once a second: candles whose period ended without a tick close, and market status flips. */
  private armHousekeeping(): void {
    this.housekeeping = this.timers.set(() => {
      this.housekeeping = undefined;
      this.housekeep(this.clock.now());
      this.armHousekeeping();
    }, HOUSEKEEPING_MS);
  }

  private housekeep(nowMs: number): void {
    const closeAt = this.leading ? nowMs : nowMs - FOLLOWER_CLOSE_LAG_FLUSHES * this.config.marketFlushMs;
    for (const s of this.slots) {
      const closed = s.agg.closeDue(closeAt);
      if (closed.length > 0) this.closed(s, closed);
      const status = this.statusAt(s, nowMs);
      if (status !== s.status) {
        s.status = status;
        this.observer?.status(s.inst);
      }
    }
  }

  private statusAt(s: Slot, t: number): 0 | 1 {
    const w = s.window;
    if (t >= w.from && t < w.until) return w.open ? 1 : 0;
    const session = sessionAt(s.inst.scheduleId, t);
    s.window = session
      ? { from: session.start, until: session.end, open: true }
      : { from: t, until: nextOpen(s.inst.scheduleId, t) ?? Number.POSITIVE_INFINITY, open: false };
    return s.window.open ? 1 : 0;
  }

  private slot(instrument: Instrument | string): Slot {
    const code = typeof instrument === 'string' ? instrument : instrument.code;
    const s = this.byCode.get(code);
    if (!s) throw new AppError('unknown_instrument');
    return s;
  }
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
