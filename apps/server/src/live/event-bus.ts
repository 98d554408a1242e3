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
  /**
   * Every subscriber runs in this process (one node, no other hears it): a publisher may leave out
   * an event that no subscriber here wants (a push to a user with no socket on this node).
   */
  readonly local?: boolean;
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
  readonly local = true;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private closed = false;

  constructor(private readonly log?: BusLogger) {}

  publish(channel: string, payload: unknown): void {
    if (this.closed) return;
    // Copied here, so a non-JSON payload (bigint, cycle) fails at the publisher, early, and a
    // publisher that changes its object afterwards changes nothing its subscribers read.
    const copy = jsonCopy(payload);
    if (copy === undefined) throw new TypeError(`Event on "${channel}" is not JSON-serialisable`);
    const handlers = this.handlers.get(channel);
    if (!handlers || handlers.size === 0) return;
    const targets = [...handlers];
    queueMicrotask(() => {
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

/**
 * What `parseFrozen(JSON.stringify(value))` returns (undefined where JSON.stringify gives nothing),
 * built without the text: plain objects, arrays, strings, finite numbers, booleans and null are
 * copied and frozen in one walk (a third of the time of the round trip for an order event, which
 * copy trading publishes once per copied order); anything else JSON treats its own way (toJSON,
 * non-finite numbers, class instances, bigint, a cycle) takes the round trip itself.
 */
export function jsonCopy(value: unknown): unknown {
  try {
    return copyPlain(value, 0);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    const text = JSON.stringify(value);
    return text === undefined ? undefined : parseFrozen(text);
  }
}

const NOT_PLAIN = new Error('not plain JSON data');
/** Deeper than any event: past it the round trip decides (and names a cycle). */
const PLAIN_DEPTH = 64;

function copyPlain(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return value === 0 ? 0 : value;
    case 'object': {
      if (value === null) return null;
      if (depth > PLAIN_DEPTH) throw NOT_PLAIN;
      if (Array.isArray(value)) {
        const out: unknown[] = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          const item = value[i];
          out[i] =
            item === undefined || typeof item === 'function' || typeof item === 'symbol'
              ? null
              : copyPlain(item, depth + 1);
        }
        return Object.freeze(out);
      }
      const proto = Object.getPrototypeOf(value);
      if (
        (proto !== Object.prototype && proto !== null) ||
        typeof (value as { toJSON?: unknown }).toJSON === 'function'
      )
        throw NOT_PLAIN;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        // An own "__proto__" (JSON.parse makes one) would set the copy's prototype if assigned.
        if (key === '__proto__') throw NOT_PLAIN;
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        out[key] = copyPlain(item, depth + 1);
      }
      return Object.freeze(out);
    }
    default:
      // undefined, a function or a symbol at the top (JSON gives no text), or a bigint (JSON throws).
      throw NOT_PLAIN;
  }
}

function deepFreeze(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
