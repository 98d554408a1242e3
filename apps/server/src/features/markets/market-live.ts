/**
 * The live topics of the market: DAY_MARKET (quotes of every instrument) and KLINE.{code} (the
 * forming candle of every period). Both are conflated: ticks only mark what changed, and once per
 * flush interval (MARKET_FLUSH_MS, 250 ms by default) one message per topic carries the changes.
 * The gateway serialises each message once for all its subscribers, so the cost of a flush does
 * not grow with the number of instruments × clients, and a client gets at most a few updates a
 * second however fast the feed ticks. A subscriber first gets a snapshot of everything.
 *
 * Only the node that runs the feed publishes (`setPublishing`), and only while its lease surely holds
 * (the gate it passes): the frames reach every node's clients through the bus. In scale-out the flush
 * first sends the relayed ticks, so a follower's quotes are never behind the frames its clients see.
 * Every node serves subscribe snapshots.
 *
 * FEED_STATUS is per node: whether this node's prices are current. It goes only to this node's
 * subscribers (`publishLocal`), on subscribe and whenever it changes (`feedStatusChanged`).
 */
import {
  type FeedStatusMessage,
  KLINE_TOPIC_PREFIX,
  TOPIC_DAY_MARKET,
  TOPIC_FEED_STATUS,
} from '@meridian/contract';
import type { LiveGateway } from '../../live/gateway.js';
import type { TopicRegistry } from '../../live/topics.js';
import type { Candle, Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import type { TimerHandle, Timers } from './clock.js';
import type { MarketObserver } from './market-ticks.js';
import { dayMarketEntry, dayMarketMessage, type InstrumentState, klineMessage } from './payload.js';
import type { TickRelay } from './tick-relay.js';

/** What the live topics read of the market (MarketService). */
export interface MarketView {
  instruments(): readonly Instrument[];
  instrument(code: string): Instrument | undefined;
  state(instrument: Instrument): InstrumentState;
  currentCandles(code: string): Partial<Record<Period, Candle>>;
  quote(code: string): { time: number };
  feedStatus(): FeedStatusMessage['data'];
}

interface PendingKline {
  updated: Partial<Record<Period, Candle>>;
  timeMs: number;
}

export class MarketLive implements MarketObserver {
  private readonly dirty = new Set<Instrument>();
  private readonly klines = new Map<string, PendingKline>();
  private timer: TimerHandle | undefined;
  private running = false;
  private publishing = false;
  private mayPublish: () => boolean = () => true;
  private relay: TickRelay | undefined;

  constructor(
    private readonly markets: MarketView,
    private readonly live: LiveGateway,
    private readonly timers: Timers,
    private readonly flushMs: number,
  ) {}

  register(topics: TopicRegistry): void {
    topics.register({
      name: TOPIC_DAY_MARKET,
      snapshot: () =>
        dayMarketMessage(this.markets.instruments().map((i) => dayMarketEntry(this.markets.state(i)))),
    });
    topics.register({
      name: KLINE_TOPIC_PREFIX,
      prefix: true,
      validate: (code) => this.markets.instrument(code) !== undefined,
      snapshot: ({ suffix }) =>
        klineMessage(suffix, this.markets.currentCandles(suffix), this.markets.quote(suffix).time),
    });
    topics.register({ name: TOPIC_FEED_STATUS, snapshot: () => this.feedStatusMessage() });
  }

  /** This node's prices turned stale or current again: tell its own FEED_STATUS subscribers. */
  feedStatusChanged(): void {
    this.live.publishLocal(TOPIC_FEED_STATUS, this.feedStatusMessage());
  }

  candles(instrument: Instrument, updated: Partial<Record<Period, Candle>>, timeMs: number): void {
    this.dirty.add(instrument);
    const pending = this.klines.get(instrument.code);
    if (pending) {
      Object.assign(pending.updated, updated);
      pending.timeMs = timeMs;
    } else {
      this.klines.set(instrument.code, { updated: { ...updated }, timeMs });
    }
  }

  /** A market opened or closed: the next DAY_MARKET carries its new MarketStatus. */
  status(instrument: Instrument): void {
    this.dirty.add(instrument);
  }

  /** Scale-out: the relay whose ticks go out at each flush, ahead of the frames. */
  relayTicks(relay: TickRelay): void {
    this.relay = relay;
  }

  /** While leading: publish at each flush as long as `mayPublish()` (the lease surely holds). */
  setPublishing(publishing: boolean, mayPublish: () => boolean = () => true): void {
    this.publishing = publishing;
    this.mayPublish = mayPublish;
  }

  start(): void {
    this.running = true;
    this.arm();
  }

  stop(): void {
    this.running = false;
    if (this.timer) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  /** Publishes what changed since the last flush; nothing when nothing did. */
  flush(): void {
    this.relay?.flush();
    if (!this.publishing || !this.mayPublish()) {
      this.dirty.clear();
      this.klines.clear();
      return;
    }
    if (this.dirty.size > 0) {
      const changed = [...this.dirty].sort((a, b) => a.id - b.id);
      this.dirty.clear();
      this.live.publish(
        TOPIC_DAY_MARKET,
        dayMarketMessage(changed.map((i) => dayMarketEntry(this.markets.state(i)))),
      );
    }
    if (this.klines.size > 0) {
      for (const [code, pending] of this.klines) {
        this.live.publish(
          `${KLINE_TOPIC_PREFIX}${code}`,
          klineMessage(code, pending.updated, pending.timeMs),
        );
      }
      this.klines.clear();
    }
  }

  private feedStatusMessage(): FeedStatusMessage {
    return { type: TOPIC_FEED_STATUS, code: 1, data: this.markets.feedStatus() };
  }

  private arm(): void {
    if (!this.running) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.flush();
      this.arm();
    }, this.flushMs);
  }
}
