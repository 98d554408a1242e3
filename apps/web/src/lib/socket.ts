import {
  type ClientMessage,
  klineTopic,
  PING,
  PONG,
  type ServerMessage,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_MAX_MISSED_PONGS,
  SOCKET_PING_INTERVAL_MS,
} from '@meridian/contract';

/** The subset of the WebSocket API the client uses; the browser's class and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type TimerHandle = unknown;
/** Injectable so tests can drive the 5 s heartbeat and time-out with a fake clock. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof globalThis.setInterval>),
};

/**
 * A server → client message: one of the contract's `ServerMessage` union, parsed and typed; a frame
 * that is not one (a newer server, a broken proxy) is dropped before any screen sees it.
 */
export type { ServerMessage };
/**
 * A parser's answer for a frame it leaves to the full parser (`SocketClientOptions.fullParser`): the
 * quick one (lib/socket-lite) knows only the frames every screen receives.
 */
export const DEFER: unique symbol = Symbol('defer to the full parser');
/** Turns a decoded frame into a protocol message, null when it is not one, or DEFER (see above). */
export type MessageParser = (value: unknown) => ServerMessage | null | typeof DEFER;
export type MessageListener = (message: ServerMessage) => void;

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting';

export interface SocketClientOptions {
  url: string | (() => string);
  WebSocket: WebSocketConstructor;
  /**
   * The protocol's parser (`parseServerMessage` of lib/socket-protocol), or a promise of it: the app
   * loads it, and zod with it, beside the first screen rather than before it; frames that arrive
   * first wait, in order, until it is there.
   */
  parser: MessageParser | Promise<MessageParser>;
  /**
   * Loads the parser for every frame, for when `parser` answers DEFER: from then on it parses all
   * frames (that one first, and those after it wait in order until it is in).
   */
  fullParser?: () => Promise<MessageParser>;
  timers?: Timers;
  pingIntervalMs?: number;
  maxMissedPongs?: number;
  connectTimeoutMs?: number;
  /** Delay before reconnect attempt `attempt` (0-based, reset by every successful open). */
  reconnectDelayMs?: (attempt: number) => number;
  onStateChange?: (state: SocketState) => void;
}

const OPEN = 1;
const MAX_EARLY_FRAMES = 500;

/** 0.5 s, 1 s, 2 s … capped at 15 s, with jitter so a restarted server is not hit by every client at once. */
export function defaultReconnectDelay(attempt: number): number {
  const base = Math.min(500 * 2 ** attempt, 15_000);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * The live channel (spec sections 4, 8, 9). Topic subscriptions and the login are state, not
 * messages: they are (re)sent on every open, so a reconnect restores them and nothing stale piles up
 * in the queue. Only free-form `send()` payloads wait in the queue while the socket is not open.
 */
export class SocketClient {
  private ws: WebSocketLike | null = null;
  private state: SocketState = 'idle';
  private readonly queue: string[] = [];
  private readonly topics = new Map<string, Set<MessageListener>>();
  private readonly messageListeners = new Set<MessageListener>();
  private token: string | null = null;
  private loggedInFlag = false;
  private missedPongs = 0;
  private attempt = 0;
  private connectTimer: TimerHandle | null = null;
  private pingTimer: TimerHandle | null = null;
  private reconnectTimer: TimerHandle | null = null;
  private readonly timers: Timers;
  private readonly pingIntervalMs: number;
  private readonly maxMissedPongs: number;
  private readonly connectTimeoutMs: number;
  private readonly reconnectDelayMs: (attempt: number) => number;
  private parse: MessageParser | null = null;
  /** The parser given as `parser`, to go back to when the full one fails to load. */
  private quickParser: MessageParser | null = null;
  /** Frames read before the parser arrived (bounded: a client that never gets it must not grow). */
  private early: string[] = [];

  constructor(private readonly options: SocketClientOptions) {
    if (typeof options.parser === 'function') {
      this.parse = options.parser;
      this.quickParser = options.parser;
    } else {
      void options.parser.then((parse) => {
        this.parse = parse;
        this.quickParser = parse;
        const early = this.early;
        this.early = [];
        for (const text of early) this.handle(text);
      });
    }
    this.timers = options.timers ?? realTimers;
    this.pingIntervalMs = options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;
    this.maxMissedPongs = options.maxMissedPongs ?? SOCKET_MAX_MISSED_PONGS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS;
    this.reconnectDelayMs = options.reconnectDelayMs ?? defaultReconnectDelay;
  }

  /** Frames read but waiting for the protocol parser to load. */
  get heldFrames(): number {
    return this.early.length;
  }

  get connectionState(): SocketState {
    return this.state;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** True once the server answered `login_result` with code 1; false again after logout. */
  get loggedIn(): boolean {
    return this.loggedInFlag;
  }

  get activeTopics(): string[] {
    return [...this.topics.keys()];
  }

  /** Idempotent: called on every navigation, it only does something when no socket is alive. */
  connect(): void {
    if (this.state !== 'idle') return;
    this.open();
  }

  /** Free-form payloads; queued until the socket is open. */
  send(payload: ClientMessage | string): void {
    const frame = typeof payload === 'string' ? payload : JSON.stringify(payload);
    if (this.ws && this.state === 'open' && this.ws.readyState === OPEN) this.ws.send(frame);
    else this.queue.push(frame);
  }

  login(token: string): void {
    this.token = token;
    this.loggedInFlag = false;
    this.sendState({ type: 'login', token });
  }

  logout(): void {
    this.token = null;
    this.loggedInFlag = false;
    this.sendState({ type: 'logout' });
  }

  /** Listens to one topic; the first listener subscribes it, the last one to leave unsubscribes it. */
  on(topic: string, listener: MessageListener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      this.sendState({ type: 'sub', topic });
    }
    // A wrapper keeps two registrations of the same function independent.
    const entry: MessageListener = (m) => listener(m);
    set.add(entry);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) {
        this.topics.delete(topic);
        this.sendState({ type: 'unsub', topic });
      }
    };
  }

  /** Every JSON message from the server, whatever its topic. */
  onMessage(listener: MessageListener): () => void {
    const entry: MessageListener = (m) => listener(m);
    this.messageListeners.add(entry);
    return () => this.messageListeners.delete(entry);
  }

  /** Drops every topic subscription (and tells the server). */
  reset(): void {
    const topics = [...this.topics.keys()];
    this.topics.clear();
    for (const topic of topics) this.sendState({ type: 'unsub', topic });
  }

  /** Closes for good: no reconnect until `connect()` is called again. */
  close(): void {
    this.clearTimers();
    this.queue.length = 0;
    this.loggedInFlag = false;
    this.dropSocket();
    this.setState('idle');
  }

  // ---- internals -----------------------------------------------------------------------------

  /** State messages go out only on an open socket: `resync()` sends the current state on every open. */
  private sendState(message: ClientMessage): void {
    if (this.ws && this.state === 'open' && this.ws.readyState === OPEN)
      this.ws.send(JSON.stringify(message));
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private open(): void {
    this.setState('connecting');
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    let ws: WebSocketLike;
    try {
      ws = new this.options.WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.connectTimer = this.timers.setTimeout(() => {
      this.connectTimer = null;
      if (this.ws === ws && this.state === 'connecting') this.restart();
    }, this.connectTimeoutMs);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.clearConnectTimer();
      this.attempt = 0;
      this.missedPongs = 0;
      this.setState('open');
      this.resync();
      this.pingTimer = this.timers.setInterval(() => this.heartbeat(), this.pingIntervalMs);
    };
    ws.onmessage = (event) => {
      if (this.ws === ws) this.receive(event.data);
    };
    // Browsers and `ws` both follow an error with a close; reconnecting from close alone avoids doing it twice.
    ws.onerror = () => {};
    ws.onclose = () => {
      if (this.ws === ws) this.restart();
    };
  }

  private resync(): void {
    const ws = this.ws;
    if (!ws) return;
    if (this.token) ws.send(JSON.stringify({ type: 'login', token: this.token }));
    for (const topic of this.topics.keys()) ws.send(JSON.stringify({ type: 'sub', topic }));
    const pending = this.queue.splice(0);
    for (const frame of pending) ws.send(frame);
  }

  private heartbeat(): void {
    const ws = this.ws;
    if (!ws || this.state !== 'open') return;
    if (this.missedPongs >= this.maxMissedPongs) {
      this.restart();
      return;
    }
    this.missedPongs += 1;
    ws.send(PING);
  }

  private receive(data: unknown): void {
    const text = typeof data === 'string' ? data : String(data);
    if (text === PONG) {
      this.missedPongs = 0;
      return;
    }
    if (!this.parse) {
      if (this.early.length < MAX_EARLY_FRAMES) this.early.push(text);
      return;
    }
    this.handle(text);
  }

  private handle(text: string): void {
    const parse = this.parse;
    if (!parse) return;
    let message: ServerMessage | null | typeof DEFER;
    try {
      message = parse(JSON.parse(text));
    } catch {
      return;
    }
    if (message === DEFER) {
      this.deferToFullParser(text);
      return;
    }
    if (!message) return;
    if (message.type === 'login_result') this.loggedInFlag = message.code === 1;
    // Also sent unasked when the session ended elsewhere (a logout, a password change or reset):
    // the connection is no longer logged in, and its token must not be sent again on reconnect.
    if (message.type === 'logout_result' && message.code !== 1) {
      this.loggedInFlag = false;
      this.token = null;
    }
    for (const listener of [...this.messageListeners]) this.deliver(listener, message);
    const topic = topicOf(message);
    const listeners = this.topics.get(topic);
    if (listeners) for (const listener of [...listeners]) this.deliver(listener, message);
  }

  /** Holds this frame and the ones after it (receive() queues while there is no parser) until the full parser is in. */
  private deferToFullParser(text: string): void {
    const load = this.options.fullParser;
    if (!load) return;
    this.parse = null;
    this.early.push(text);
    load().then(
      (full) => {
        this.parse = full;
        const held = this.early;
        this.early = [];
        for (const frame of held) this.handle(frame);
      },
      () => {
        // The full parser could not load (offline, no cached copy): the held frames are dropped and the
        // quick parser goes on with the common ones; the next unknown frame tries the load again.
        this.early = [];
        this.parse = this.quickParser;
      },
    );
  }

  private deliver(listener: MessageListener, message: ServerMessage): void {
    try {
      listener(message);
    } catch (error) {
      // One broken screen must not stop the others from getting their updates.
      console.error('socket listener failed', error);
    }
  }

  /** Throws the current socket away and tries again after the back-off. */
  private restart(): void {
    this.dropSocket();
    this.loggedInFlag = false;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearTimers();
    this.setState('waiting');
    const delay = this.reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state === 'waiting') this.open();
    }, delay);
  }

  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    this.clearConnectTimer();
    if (this.pingTimer !== null) {
      this.timers.clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
    if (!ws) return;
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    // Keep a no-op error handler: `ws` emits 'error' when a socket still connecting is closed.
    ws.onerror = () => {};
    try {
      ws.close();
    } catch {
      // Closing a socket that never opened may throw in some engines; it is gone either way.
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) {
      this.timers.clearTimeout(this.connectTimer);
      this.connectTimer = null;
    }
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.pingTimer !== null) {
      this.timers.clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
    if (this.reconnectTimer !== null) {
      this.timers.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }
}

/** The topic a push belongs to: `KLINE.{code}` for candles, the type for the others. */
function topicOf(message: ServerMessage): string {
  if (message.type === 'KLINE') return klineTopic(message.code);
  if (message.type === 'sub_result' || message.type === 'unsub_result') return message.topic;
  return message.type;
}
