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
 * Public API: `TICKS_CHANNEL`, `TickRelay` (add, flush, listen), `isTickBatch`.
 */
import type { EventBus } from '../../live/event-bus.js';
import type { Tick } from './feed.js';

export const TICKS_CHANNEL = 'markets.ticks';

/** [code, bid, ask, timeMs]: compact, since a batch carries every tick of a flush interval. */
type WireTick = [string, string, string, number];

export interface TickBatch {
  /** The publishing node: a node ignores its own batches, which Redis echoes back to it. */
  node: string;
  ticks: WireTick[];
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
  return typeof v?.node === 'string' && Array.isArray(v.ticks) && v.ticks.every(isWireTick);
}

export class TickRelay {
  private batch: WireTick[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly nodeId: string,
  ) {}

  /** Queues a tick this node accepted from its own feed. */
  add(tick: Tick): void {
    this.batch.push([tick.code, tick.bid, tick.ask, tick.timeMs]);
  }

  get pending(): number {
    return this.batch.length;
  }

  /** Publishes what was queued since the last flush, as one message; nothing when nothing was. */
  flush(): void {
    if (this.batch.length === 0) return;
    const batch: TickBatch = { node: this.nodeId, ticks: this.batch };
    this.batch = [];
    this.bus.publish(TICKS_CHANNEL, batch);
  }

  /** Drops what was queued (a node that stops leading must not send stale ticks later). */
  discard(): void {
    this.batch = [];
  }

  /** Delivers, in order, every tick other nodes publish; returns the unsubscribe function. */
  listen(onTick: (tick: Tick) => void): () => void {
    return this.bus.subscribe(TICKS_CHANNEL, (payload) => {
      if (!isTickBatch(payload) || payload.node === this.nodeId) return;
      for (const [code, bid, ask, timeMs] of payload.ticks) onTick({ code, bid, ask, timeMs });
    });
  }
}
