import type { MessagePort } from 'node:worker_threads';
import { type BusLogger, type EventBus, type EventHandler, InProcessEventBus } from './event-bus.js';

/**
 * The event bus of one thread, joined to another thread's over a MessagePort (the copy thread's
 * and the server's, features/copy/mirror-thread.ts). Each side delivers its own events at once, as
 * the in-process bus does, and sends one to the other side only on a channel the other side
 * subscribes to (each side tells the other its channels), so neither clones what nobody there
 * reads. An event from the other side is delivered here and never sent back. One port carries
 * everything in order: an event published after another is delivered after it on both sides.
 *
 * `local`: the server's side is local (its gateway holds every socket of the process, so a push to a
 * user with no socket there may be left out); the copy thread's is not (its pushes go to the server).
 *
 * Starting: the copy thread builds its side `held` (nothing it receives is delivered, and it tells
 * nothing of its channels) while it builds its app, then `open`s it: its channels go out in one
 * message, and what the server sent meanwhile is delivered. Until that message the server's side
 * sends every event, so none published while the thread starts is lost to it.
 */
export class BridgedBus implements EventBus {
  private readonly inner: InProcessEventBus;
  /** Channels the other side subscribes to; null until it has said (then every event goes). */
  private peerWants: Set<string> | null = null;
  /** Held: not yet delivering or telling (see above). */
  private held: boolean;
  /** Channels this side never asks the other for (its own live gateway's, on the copy thread). */
  private readonly ignored: ReadonlySet<string>;
  /** Subscriptions per channel on this side, to tell the other side of the first and the last. */
  private readonly mine = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly port: MessagePort,
    readonly local: boolean,
    options: { log?: BusLogger; held?: boolean; ignore?: readonly string[] } = {},
  ) {
    this.inner = new InProcessEventBus(options.log);
    this.held = options.held ?? false;
    this.ignored = new Set(options.ignore ?? []);
    if (!this.held) this.listen();
  }

  /** A held side starts delivering and tells the other side its channels. */
  open(): void {
    if (!this.held) return;
    this.held = false;
    this.send({ kind: 'channels', channels: [...this.mine.keys()].filter((c) => !this.ignored.has(c)) });
    this.listen();
  }

  publish(channel: string, payload: unknown): void {
    if (this.closed) return;
    this.inner.publish(channel, payload);
    if (this.peerWants === null || this.peerWants.has(channel))
      this.port.postMessage({ kind: 'event', channel, payload } satisfies BridgeMessage);
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    const off = this.inner.subscribe(channel, handler);
    const count = (this.mine.get(channel) ?? 0) + 1;
    this.mine.set(channel, count);
    if (count === 1 && !this.held && !this.ignored.has(channel)) this.send({ kind: 'subscribe', channel });
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      off();
      const left = (this.mine.get(channel) ?? 1) - 1;
      if (left > 0) this.mine.set(channel, left);
      else {
        this.mine.delete(channel);
        if (!this.held && !this.ignored.has(channel)) this.send({ kind: 'unsubscribe', channel });
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inner.close();
    this.port.close();
  }

  private listen(): void {
    this.port.on('message', (message: BridgeMessage) => this.receive(message));
  }

  private send(message: BridgeMessage): void {
    if (!this.closed) this.port.postMessage(message);
  }

  private receive(message: BridgeMessage): void {
    if (this.closed) return;
    switch (message.kind) {
      case 'channels':
        this.peerWants = new Set(message.channels);
        break;
      case 'subscribe':
        this.peerWants ??= new Set();
        this.peerWants.add(message.channel);
        break;
      case 'unsubscribe':
        this.peerWants?.delete(message.channel);
        break;
      case 'event':
        this.inner.publish(message.channel, message.payload);
        break;
    }
  }
}

type BridgeMessage =
  | { kind: 'channels'; channels: string[] }
  | { kind: 'subscribe' | 'unsubscribe'; channel: string }
  | { kind: 'event'; channel: string; payload: unknown };
