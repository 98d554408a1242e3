export type EventHandler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of the server, and (with the Redis implementation) between
 * nodes. Payloads must survive JSON: handlers receive a parsed copy, never the publisher's object,
 * so code written against the in-process bus behaves the same over Redis. Handlers should validate
 * what they receive (the contract's zod schemas) because over Redis it comes from another process.
 * The copy is parsed once per event and frozen to the leaves, and every subscriber of the channel
 * gets that same copy: none can change what another reads (a write throws), and an order event with
 * three subscribers is parsed once, not three times (copy trading publishes one per copied order).
 */
export interface EventBus {
  publish(channel: string, payload: unknown): void;
  /** Returns the function that removes this subscription. */
  subscribe(channel: string, handler: EventHandler): () => void;
  close(): Promise<void>;
}

export interface BusLogger {
  error(obj: object, msg: string): void;
}

/**
 * Single-node bus. Delivery happens on a microtask, after `publish` returns, as it would over the
 * network: a publisher never runs its subscribers' code inside its own transaction or loop.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private closed = false;

  constructor(private readonly log?: BusLogger) {}

  publish(channel: string, payload: unknown): void {
    if (this.closed) return;
    // Serialising here makes a non-JSON payload (bigint, cycle) fail at the publisher, early.
    const text = JSON.stringify(payload);
    if (text === undefined) throw new TypeError(`Event on "${channel}" is not JSON-serialisable`);
    const handlers = this.handlers.get(channel);
    if (!handlers || handlers.size === 0) return;
    const targets = [...handlers];
    queueMicrotask(() => {
      const copy = parseFrozen(text);
      for (const handler of targets) {
        try {
          handler(copy);
        } catch (err) {
          this.log?.error({ err, channel }, 'event handler failed');
        }
      }
    });
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current?.size === 0) this.handlers.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}

/** A JSON text parsed, every object and array in it frozen: the one copy an event's subscribers share. */
export function parseFrozen(text: string): unknown {
  return deepFreeze(JSON.parse(text));
}

function deepFreeze(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
