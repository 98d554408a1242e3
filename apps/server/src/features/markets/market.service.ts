/**
 * The market as the rest of the server sees it (`ctx.services.markets`): the catalogue (from the
 * database, so an operator's edits apply), live quotes, market hours, candles and the tick stream.
 * The trading engine prices orders here and hangs its trigger worker off `onTick`.
 *
 * This class only composes the market's parts, each in its own module, and depends on them one way:
 * - market-book.ts: the per-instrument state, found by id or code;
 * - market-quotes.ts: quotes, USD conversion, trading terms;
 * - market-hours.ts: open or closed, and the watch that notices a change;
 * - market-candles.ts: chart reads, candle closing and storage;
 * - market-ticks.ts: the tick path every price goes through;
 * - market-feeds.ts + feed-leadership.ts: which feed runs where, leadership terms, freshness;
 * - market-live.ts: the socket topics.
 */
import type { InstrumentTerms } from '@meridian/trading';
import type { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { EventBus } from '../../live/event-bus.js';
import type { LiveGateway } from '../../live/gateway.js';
import type { TopicRegistry } from '../../live/topics.js';
import type { Candle, DayQuote, Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import { type Clock, systemClock, systemTimers, type TimerHandle, type Timers } from './clock.js';
import type { PriceFeed } from './feed.js';
import { FeedLeadership } from './feed-leadership.js';
import { loadMarketBook, MarketBook, type MarketQuote } from './market-book.js';
import { MarketCandles } from './market-candles.js';
import { MarketFeeds } from './market-feeds.js';
import { MarketHours, statusAt } from './market-hours.js';
import { MarketLive } from './market-live.js';
import { MarketQuotes, type TradingSettings } from './market-quotes.js';
import { type MarketTickListener, TickPath } from './market-ticks.js';
import { selectInstrument } from './markets.repository.js';
import type { InstrumentState } from './payload.js';
import { TickRelay } from './tick-relay.js';

export type { MarketQuote } from './market-book.js';
export type { TradingSettings } from './market-quotes.js';
export type { MarketObserver, MarketTick, MarketTickListener } from './market-ticks.js';

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

/** Whether this node's prices are current (FEED_STATUS, /healthz). */
export interface FeedStatus {
  Stale: boolean;
  AgeMs: number | null;
}

const HOUSEKEEPING_MS = 1000;

export class MarketService {
  readonly clock: Clock;
  readonly timers: Timers;
  private readonly book = new MarketBook();
  private readonly hours: MarketHours;
  private readonly quotes: MarketQuotes;
  private readonly candleStore: MarketCandles;
  private readonly ticks: TickPath;
  private readonly feeds: MarketFeeds;
  private housekeeping: TimerHandle | undefined;
  private liveTopics: MarketLive | undefined;
  private leadership: FeedLeadership | undefined;
  private wasStale: boolean | undefined;
  private initialised = false;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
    overrides: MarketOverrides = {},
  ) {
    this.clock = overrides.clock ?? systemClock;
    this.timers = overrides.timers ?? systemTimers;
    this.hours = new MarketHours(this.book, this.clock);
    this.quotes = new MarketQuotes(this.book, db);
    this.candleStore = new MarketCandles(db, this.book, this.timers, config.marketFlushMs, log);
    this.ticks = new TickPath(this.book, this.candleStore, log);
    this.feeds = new MarketFeeds(this.book, {
      config,
      clock: this.clock,
      timers: this.timers,
      log,
      override: overrides.feed,
    });
  }

  /** Loads the catalogue, continues or generates the candles and prepares the feed (not started). */
  async init(): Promise<void> {
    if (this.initialised) return;
    const nowMs = this.clock.now();
    const started = performance.now();
    const loaded = await loadMarketBook(this.db, {
      nowMs,
      seed: this.config.feedSeed,
      count: this.config.chartHistoryBars,
    });
    if (loaded.generated > 0) {
      this.log.info(
        {
          instruments: loaded.generated,
          candles: loaded.storedCandles,
          ms: Math.round(performance.now() - started),
        },
        'chart history generated',
      );
    }
    for (const slot of loaded.slots) {
      slot.status = statusAt(slot, nowMs);
      // Candles whose period ended while the server was down are final as stored.
      for (const c of slot.agg.closeDue(nowMs)) slot.lastClosed[c.period] = c.candle;
    }
    this.book.load(loaded.slots);
    await this.feeds.prepare(loaded.states);
    this.initialised = true;
  }

  /** Registers DAY_MARKET, KLINE.{code} and FEED_STATUS; the first two publish once `start` runs. */
  publishTo(live: LiveGateway, topics: TopicRegistry): void {
    this.liveTopics = new MarketLive(this, live, this.timers, this.config.marketFlushMs);
    this.liveTopics.register(topics);
    this.ticks.observe(this.liveTopics);
  }

  /**
   * Starts the live pushes and the market-hours watch, then takes the role the cluster gives this
   * node: the leader runs the feed and the candle writer, a follower applies the leader's ticks
   * from `bus` (scale-out only). Resolves once that role is in place; returns the stop function.
   */
  async start(cluster: Cluster, bus: EventBus): Promise<() => Promise<void>> {
    if (!this.initialised) throw new Error('MarketService.start before init');
    // Heartbeats (empty batches) at most twice per flush interval of real time: enough for followers
    // to see a live leader at every flush, never a flood when a test's clock leaps ahead.
    const heartbeatMs = this.config.marketFlushMs / 2;
    // Over Redis, ticks go out at each flush; to an embedded node's copy threads, one by one.
    const relay = cluster.relayTicks
      ? new TickRelay(bus, cluster.nodeId, { heartbeatMs, eachTick: !cluster.scaleOut })
      : undefined;
    if (relay) this.liveTopics?.relayTicks(relay);
    const leadership = new FeedLeadership({
      ticks: this.ticks,
      candles: this.candleStore,
      feeds: this.feeds,
      election: cluster.leader,
      scaleOut: cluster.scaleOut,
      live: this.liveTopics,
      relay,
      clock: this.clock,
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

  // ---- freshness ---------------------------------------------------------------------------

  /** How old this node's latest word from the price feed is (0 on a leader holding its lease). */
  priceAgeMs(): number | null {
    return this.leadership?.priceAgeMs() ?? null;
  }

  feedStatus(): FeedStatus {
    const age = this.priceAgeMs();
    return { Stale: age === null || age > this.config.stalePriceMs, AgeMs: age };
  }

  /**
   * Throws `price_stale` when the instrument's market is open and this node's prices are older than
   * STALE_PRICE_MS: market orders, closes and TP/SL changes must not use a frozen price.
   */
  requireFreshPrice(instrument: Instrument | string): void {
    if (this.hours.isOpen(instrument) && this.feedStatus().Stale) throw new AppError('price_stale');
  }

  // ---- catalogue and quotes ----------------------------------------------------------------

  /** Every instrument, ordered by category then id. */
  instruments(): readonly Instrument[] {
    return this.book.instruments();
  }

  instrument(idOrCode: number | string): Instrument | undefined {
    return this.book.instrument(idOrCode);
  }

  /** Throws `unknown_instrument` (404). */
  requireInstrument(idOrCode: number | string): Instrument {
    return this.book.require(idOrCode);
  }

  /**
   * Re-reads one instrument's row after a dealing change (made on any node) and applies it here:
   * the next tick is quoted, and the next order checked, with the new terms. The schedule, the
   * precision and the model parameters are fixed for the life of the process.
   */
  async reloadInstrument(id: number): Promise<Instrument | undefined> {
    const stored = await selectInstrument(this.db.kysely, id);
    const slot = stored ? this.book.find(stored.code) : undefined;
    if (!stored || !slot) return undefined;
    slot.inst = {
      ...stored,
      scheduleId: slot.inst.scheduleId,
      pricePrecision: slot.inst.pricePrecision,
      volatility: slot.inst.volatility,
    };
    return slot.inst;
  }

  quote(instrument: Instrument | string): MarketQuote {
    return this.quotes.quote(instrument);
  }

  dayQuote(instrument: Instrument | string): DayQuote | undefined {
    return this.quotes.dayQuote(instrument);
  }

  /** Everything a payload needs about one instrument right now. */
  state(instrument: Instrument | string): InstrumentState {
    return this.quotes.state(instrument);
  }

  /** USD per unit of the instrument's quote currency (see market-quotes.ts). */
  quoteToUsd(instrument: Instrument | string): Decimal {
    return this.quotes.quoteToUsd(instrument);
  }

  tradingSettings(): Promise<TradingSettings> {
    return this.quotes.tradingSettings();
  }

  /** The instrument's terms for packages/trading, with the given (or current) operator settings. */
  terms(instrument: Instrument | string, settings?: TradingSettings): Promise<InstrumentTerms> {
    return this.quotes.terms(instrument, settings);
  }

  // ---- market hours ------------------------------------------------------------------------

  isOpen(instrument: Instrument | string, nowMs = this.clock.now()): boolean {
    return this.hours.isOpen(instrument, nowMs);
  }

  /** The spec's MarketStatus: 1 open, 0 closed. */
  marketStatus(instrument: Instrument | string, nowMs = this.clock.now()): 0 | 1 {
    return this.hours.marketStatus(instrument, nowMs);
  }

  // ---- the tick stream -----------------------------------------------------------------------

  /**
   * Called synchronously for every accepted tick, after quotes and candles are updated. Keep it
   * cheap: it runs on the tick path. Returns the unsubscribe function.
   */
  onTick(listener: MarketTickListener): () => void {
    return this.ticks.onTick(listener);
  }

  // ---- candles -------------------------------------------------------------------------------

  /** The forming candle of every period, or the last closed one where none is forming. */
  currentCandles(instrument: Instrument | string): Partial<Record<Period, Candle>> {
    return this.candleStore.current(instrument);
  }

  /**
   * Up to `limit` candles, oldest first, ending with the forming one; with `to` (epoch seconds,
   * exclusive) the ones before it.
   */
  candles(instrument: Instrument | string, period: Period, limit: number, to?: number): Promise<Candle[]> {
    return this.candleStore.history(instrument, period, limit, to);
  }

  /** Persists everything pending now (tests and shutdown). */
  flushCandles(): Promise<void> {
    return this.candleStore.flush();
  }

  // ---- housekeeping --------------------------------------------------------------------------

  /** Once a second: candles whose period ended without a tick close, market status flips, and a
   * change in this node's freshness is told to its FEED_STATUS subscribers. */
  private armHousekeeping(): void {
    this.housekeeping = this.timers.set(() => {
      this.housekeeping = undefined;
      this.housekeep(this.clock.now());
      this.armHousekeeping();
    }, HOUSEKEEPING_MS);
  }

  private housekeep(nowMs: number): void {
    this.candleStore.closeDue(nowMs);
    this.hours.refresh(nowMs, (inst) => this.ticks.statusChanged(inst));
    const status = this.feedStatus();
    if (status.Stale !== this.wasStale) {
      if (status.Stale && this.wasStale === false) {
        this.log.warn({ ageMs: status.AgeMs }, 'prices are stale: no word from the price feed');
      } else if (!status.Stale && this.wasStale) {
        this.log.info({ ageMs: status.AgeMs }, 'prices are current again');
      }
      this.wasStale = status.Stale;
      this.liveTopics?.feedStatusChanged();
    }
  }
}
