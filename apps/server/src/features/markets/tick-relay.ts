/**
 * Scale-out: the leader's accepted ticks, carried to every other node over the event bus, so each
 * node's MarketService holds the same quotes and candles (order checks, triggers, charts, and a warm
 * start if it becomes leader). Followers need every tick, not the latest per instrument: a trigger
 * or a candle's high and low may hinge on one that the next tick undoes.
 *
 * Ticks are batched and sent once per flush of the live topics, just before that flush's DAY_MARKET
 * and KLINE frames: Redis delivers one connection's publications in order, so by the time a client
 * on a follower sees a price, that follower's quote() already has it. Batching costs a few hundred
 * milliseconds of freshness on followers (the same delay the clients' frames have by design) and
 * makes the bus traffic a few messages a second whatever the tick rate; see tools/bench-relay.ts.
 *
 * Every batch carries the leader's term (cluster/lease.ts). While a node leads it sends one at every
 * flush, empty or not: followers take the batches as the leader's word that its prices are current,
 * and count a price as stale once they stop coming (feed-leadership.ts). An empty one goes out at most
 * once per `heartbeatMs` of real time, so a test's virtual clock jumping days ahead (a million
 * flushes in a moment) does not flood the bus. A leader's batches go out
 * only while its lease surely holds (`speak`'s gate), so one that wakes from a hang sends nothing.
 *
 * Public API: `TICKS_CHANNEL`, `TickRelay` (add, speak, silence, flush, discard, listen),
 * `isTickBatch`, `RelayedBatch`.
 */
import type { EventBus } from '../../live/event-bus.js';
import type { Tick } from './feed.js';

export const TICKS_CHANNEL = 'markets.ticks';

/** [code, bid, ask, timeMs]: compact, since a batch carries every tick of a flush interval. */
type WireTick = [string, string, string, number];

export interface TickBatch {
  /** The publishing node: a node ignores its own batches, which Redis echoes back to it. */
  node: string;
  /** The publisher's leadership term: nodes ignore batches of a term older than one they have seen. */
  term: number;
  ticks: WireTick[];
}

/** A batch as a listener gets it. */
export interface RelayedBatch {
  node: string;
  term: number;
  ticks: Tick[];
}

function isWireTick(value: unknown): value is WireTick {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string' &&
    typeof value[3] === 'number' &&
    Number.isFinite(value[3])
  );
}

export function isTickBatch(value: unknown): value is TickBatch {
  const v = value as Partial<TickBatch> | null;
  return (
    typeof v?.node === 'string' &&
    typeof v.term === 'number' &&
    Number.isSafeInteger(v.term) &&
    Array.isArray(v.ticks) &&
    v.ticks.every(isWireTick)
  );
}

export class TickRelay {
  private batch: WireTick[] = [];
  /** Set while this node leads: its term, and whether its lease still surely holds. */
  private voice: { term: number; mayPublish: () => boolean } | undefined;

  /** performance.now() of the last batch sent. */
  private sentAt = Number.NEGATIVE_INFINITY;
  private readonly heartbeatMs: number;

  constructor(
    private readonly bus: EventBus,
    private readonly nodeId: string,
    options: { heartbeatMs?: number; eachTick?: boolean } = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 0;
    this.eachTick = options.eachTick ?? false;
  }

  /**
   * Each tick goes out as it is accepted (the embedded node's copy thread, over a port in the same
   * process: a copy is priced as the server would price it at that moment, not a flush later).
   */
  readonly eachTick: boolean;

  /** Queues a tick this node accepted from its own feed. */
  add(tick: Tick): void {
    this.batch.push([tick.code, tick.bid, tick.ask, tick.timeMs]);
  }

  get pending(): number {
    return this.batch.length;
  }

  /** From now on every flush sends a batch of `term` (a heartbeat when empty) while `mayPublish()`. */
  speak(term: number, mayPublish: () => boolean): void {
    this.voice = { term, mayPublish };
  }

  /** Back to sending nothing unasked (this node stopped leading). */
  silence(): void {
    this.voice = undefined;
  }

  /**
   * Publishes what was queued since the last flush, as one message. Not speaking, nothing is sent
   * when nothing was queued; speaking, an empty batch still goes out, and nothing at all once the
   * gate closes (what was queued is dropped with it).
   */
  flush(): void {
    const voice = this.voice;
    if (voice && !voice.mayPublish()) {
      this.batch = [];
      return;
    }
    if (this.batch.length === 0) {
      if (!voice || performance.now() - this.sentAt < this.heartbeatMs) return;
    }
    this.sentAt = performance.now();
    const batch: TickBatch = { node: this.nodeId, term: voice?.term ?? 0, ticks: this.batch };
    this.batch = [];
    this.bus.publish(TICKS_CHANNEL, batch);
  }

  /** Drops what was queued (a node that stops leading must not send stale ticks later). */
  discard(): void {
    this.batch = [];
  }

  /** Delivers, in order, every batch other nodes publish; returns the unsubscribe function. */
  listen(onBatch: (batch: RelayedBatch) => void): () => void {
    return this.bus.subscribe(TICKS_CHANNEL, (payload) => {
      if (!isTickBatch(payload) || payload.node === this.nodeId) return;
      onBatch({
        node: payload.node,
        term: payload.term,
        ticks: payload.ticks.map(([code, bid, ask, timeMs]) => ({ code, bid, ask, timeMs })),
      });
    });
  }
}
