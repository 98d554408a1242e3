import { Redis } from 'ioredis';
import { type BusLogger, type EventBus, type EventHandler, parseFrozen } from './event-bus.js';

/**
 * The scale-out bus: Redis pub/sub between nodes. Every node subscribes to the channels it has local
 * handlers for, and a node's own publications come back to it through Redis like anyone else's, so a
 * message reaches every subscriber in the cluster exactly once per node, in publish order per channel.
 *
 * Pub/sub is fire-and-forget: a node that is disconnected misses messages. That is acceptable for what
 * travels here (quotes, candles and pushes that the next update supersedes, and notifications whose
 * source of truth is the database, which clients re-read on reconnect).
 */
export class RedisEventBus implements EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private closed = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly log?: BusLogger,
  ) {
    sub.on('message', (channel: string, message: string) => this.dispatch(channel, message));
  }

  /** Connects both connections, failing fast with a clear error when Redis cannot be reached. */
  static async connect(
    url: string,
    options: { prefix?: string; log?: BusLogger } = {},
  ): Promise<RedisEventBus> {
    const make = () => {
      const conn = new Redis(url, {
        lazyConnect: true,
        connectTimeout: 5000,
        maxRetriesPerRequest: 3,
        enableOfflineQueue: true,
      });
      // Without a listener ioredis reports connection errors as unhandled; they are logged instead,
      // and the client keeps reconnecting on its own.
      conn.on('error', (err: Error) => options.log?.error({ err }, 'redis connection error'));
      return conn;
    };
    const pub = make();
    const sub = make();
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`REDIS_URL: cannot connect to Redis (${(err as Error).message})`);
    }
    return new RedisEventBus(pub, sub, options.prefix ?? 'meridian:', options.log);
  }

  publish(channel: string, payload: unknown): void {
    if (this.closed) return;
    const text = JSON.stringify(payload);
    if (text === undefined) throw new TypeError(`Event on "${channel}" is not JSON-serialisable`);
    this.pub.publish(this.prefix + channel, text).catch((err: unknown) => {
      this.log?.error({ err, channel }, 'redis publish failed');
    });
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.sub.subscribe(this.prefix + channel).catch((err: unknown) => {
        this.log?.error({ err, channel }, 'redis subscribe failed');
      });
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(channel);
        if (!this.closed) {
          this.sub.unsubscribe(this.prefix + channel).catch((err: unknown) => {
            this.log?.error({ err, channel }, 'redis unsubscribe failed');
          });
        }
      }
    };
  }

  /** Resolves once Redis has confirmed every subscription made so far (tests and start-up use it). */
  async ready(): Promise<void> {
    await this.sub.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private dispatch(fullChannel: string, message: string): void {
    if (!fullChannel.startsWith(this.prefix)) return;
    const handlers = this.handlers.get(fullChannel.slice(this.prefix.length));
    if (!handlers) return;
    let copy: unknown;
    try {
      copy = parseFrozen(message);
    } catch (err) {
      this.log?.error({ err, channel: fullChannel }, 'event is not JSON');
      return;
    }
    for (const handler of [...handlers]) {
      try {
        handler(copy);
      } catch (err) {
        this.log?.error({ err, channel: fullChannel }, 'event handler failed');
      }
    }
  }
}
