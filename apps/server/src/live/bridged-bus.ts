import type { MessagePort } from 'node:worker_threads';
import { type BusLogger, type EventBus, type EventHandler, InProcessEventBus } from './event-bus.js';

/**
 * The event bus of one thread, joined to other threads' over MessagePorts (the server's thread
 * and its copy threads, features/copy/mirror-thread.ts; the server holds one port per copy
 * thread, each copy thread one port to the server). Each side delivers its own events at once, as
 * the in-process bus does, and sends one over a port only on a channel the thread at the other end
 * subscribes to (each side tells the other its channels), so nobody clones what nobody there
 * reads. An event that came over a port is delivered here, and never sent back nor on to another
 * port (copy threads need nothing of each other's). A port carries everything in order: an event
 * published after another is delivered after it on both sides.
 *
 * `local`: the server's side is local (its gateway holds every socket of the process, so a push to a
 * user with no socket there may be left out); a copy thread's is not (its pushes go to the server).
 *
 * Starting: a copy thread builds its side `held` (nothing it receives is delivered, and it tells
 * nothing of its channels) while it builds its app, then `open`s it: its channels go out in one
 * message, and what the server sent meanwhile is delivered. Until that message the server's side
 * sends it every event, so none published while the thread starts is lost to it.
 */
export class BridgedBus implements EventBus {
  private readonly inner: InProcessEventBus;
  private readonly peers: Peer[];
  /** Held: not yet delivering or telling (see above). */
  private held: boolean;
  /** Channels this side never asks the others for (its own live gateway's, on a copy thread). */
  private readonly ignored: ReadonlySet<string>;
  /** Subscriptions per channel on this side, to tell the other sides of the first and the last. */
  private readonly mine = new Map<string, number>();
  private closed = false;
  /** Events received and not yet delivered (only when delivering in slices, see `turn`). */
  private inbox: Array<{ channel: string; payload: unknown }> = [];
  private draining = false;
  private readonly turn: (() => Promise<void>) | undefined;

  constructor(
    ports: MessagePort | readonly MessagePort[],
    readonly local: boolean,
    options: {
      log?: BusLogger;
      held?: boolean;
      ignore?: readonly string[];
      /**
       * The server's side: events from the copy threads are delivered SLICE at a time, each slice
       * in a turn this gives (a background turn of the event loop), so a request read meanwhile
       * is served before the rest of a batch of copies' events, not after it.
       */
      turn?: () => Promise<void>;
    } = {},
  ) {
    this.inner = new InProcessEventBus(options.log);
    this.turn = options.turn;
    this.held = options.held ?? false;
    this.ignored = new Set(options.ignore ?? []);
    this.peers = (Array.isArray(ports) ? ports : [ports as MessagePort]).map((port) => ({
      port,
      wants: null,
      outbox: [],
    }));
    if (!this.held) this.listen();
  }

  /** A held side starts delivering and tells the other sides its channels. */
  open(): void {
    if (!this.held) return;
    this.held = false;
    const channels = [...this.mine.keys()].filter((c) => !this.ignored.has(c));
    for (const peer of this.peers) this.send(peer, { kind: 'channels', channels });
    this.listen();
  }

  publish(channel: string, payload: unknown): void {
    if (this.closed) return;
    this.inner.publish(channel, payload);
    for (const peer of this.peers)
      if (peer.wants === null || peer.wants.has(channel))
        this.send(peer, { kind: 'event', channel, payload });
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    const off = this.inner.subscribe(channel, handler);
    const count = (this.mine.get(channel) ?? 0) + 1;
    this.mine.set(channel, count);
    if (count === 1) this.tell({ kind: 'subscribe', channel });
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      off();
      const left = (this.mine.get(channel) ?? 1) - 1;
      if (left > 0) this.mine.set(channel, left);
      else {
        this.mine.delete(channel);
        this.tell({ kind: 'unsubscribe', channel });
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inner.close();
    for (const peer of this.peers) peer.port.close();
  }

  /** A subscription change, to every other side (not while held: `open` says it all at once). */
  private tell(message: { kind: 'subscribe' | 'unsubscribe'; channel: string }): void {
    if (this.held || this.ignored.has(message.channel)) return;
    for (const peer of this.peers) this.send(peer, message);
  }

  private listen(): void {
    for (const peer of this.peers)
      peer.port.on('message', (message: BridgeMessage) => this.receive(peer, message));
  }

  /**
   * Messages to a side go out together at the end of the current task, in order: a batch of
   * copies publishes three or four events per copy, and one postMessage per batch instead of one
   * per event halves what the crossing costs on both sides.
   */
  private send(peer: Peer, message: BridgeMessage): void {
    if (this.closed) return;
    peer.outbox.push(message);
    if (peer.outbox.length === 1) queueMicrotask(() => this.flush(peer));
  }

  private flush(peer: Peer): void {
    const messages = peer.outbox;
    peer.outbox = [];
    if (this.closed || messages.length === 0) return;
    peer.port.postMessage(
      messages.length === 1 ? messages[0] : ({ kind: 'batch', messages } satisfies BridgeMessage),
    );
  }

  private receive(peer: Peer, message: BridgeMessage): void {
    if (this.closed) return;
    switch (message.kind) {
      case 'batch':
        for (const m of message.messages) this.receive(peer, m);
        break;
      case 'channels':
        peer.wants = new Set(message.channels);
        break;
      case 'subscribe':
        peer.wants ??= new Set();
        peer.wants.add(message.channel);
        break;
      case 'unsubscribe':
        peer.wants?.delete(message.channel);
        break;
      case 'event':
        if (!this.turn) this.inner.publish(message.channel, message.payload);
        else {
          this.inbox.push({ channel: message.channel, payload: message.payload });
          if (!this.draining) void this.drain(this.turn);
        }
        break;
    }
  }

  private async drain(turn: () => Promise<void>): Promise<void> {
    this.draining = true;
    try {
      while (this.inbox.length > 0 && !this.closed) {
        await turn();
        for (const { channel, payload } of this.inbox.splice(0, SLICE)) this.inner.publish(channel, payload);
      }
    } finally {
      this.draining = false;
    }
  }
}

/** Events from the copy threads delivered per turn of the server's event loop (about 6 µs each). */
const SLICE = 16;

interface Peer {
  port: MessagePort;
  /** Channels the thread at the other end subscribes to; null until it has said (every event goes). */
  wants: Set<string> | null;
  outbox: BridgeMessage[];
}

type BridgeMessage =
  | { kind: 'batch'; messages: BridgeMessage[] }
  | { kind: 'channels'; channels: string[] }
  | { kind: 'subscribe' | 'unsubscribe'; channel: string }
  | { kind: 'event'; channel: string; payload: unknown };
