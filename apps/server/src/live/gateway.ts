import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  CODE_OK,
  ERRORS,
  type ErrorKey,
  type Lang,
  normalizeLang,
  PING,
  PONG,
  type ServerMessage,
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type TopicMessage,
} from '@meridian/contract';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import type { Translator } from '../i18n/translator.js';
import type { EventBus } from './event-bus.js';
import {
  isSessionRevokedEvent,
  RevocationLog,
  revokes,
  SESSION_REVOKED_CHANNEL,
  type SessionRevokedEvent,
  type SessionVerifier,
  type VerifiedSession,
} from './session.js';
import type { TopicRegistry } from './topics.js';

export interface GatewayOptions {
  /** Frames above this size are refused with bad_frame; the connection stays. */
  maxFrameBytes: number;
  /** A client whose unsent backlog passes this is dropped: it is not reading. */
  maxBufferedBytes: number;
  /** A connection with no frame (not even ping) for this long is closed. */
  idleTimeoutMs: number;
  /** Bounds the per-connection subscription set. */
  maxTopicsPerClient: number;
  /**
   * Open sockets (and handshakes) one client address may hold; past it the upgrade is refused with
   * 429 and the envelope. Phones behind a carrier's NAT share addresses, so it is generous.
   */
  maxSocketsPerAddress: number;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  maxFrameBytes: 4 * 1024,
  maxBufferedBytes: 1024 * 1024,
  idleTimeoutMs: 30_000,
  maxTopicsPerClient: 64,
  maxSocketsPerAddress: 50,
};

/** What features and tests see of the live socket. */
export interface LiveGateway {
  /** Sends to every subscriber of `topic` on every node (through the event bus). */
  publish(topic: string, message: TopicMessage): void;
  /**
   * Sends to the subscribers of `topic` connected to this node only: for what differs per node, such
   * as whether this node's prices are current (a follower that stops hearing the leader).
   */
  publishLocal(topic: string, message: TopicMessage): void;
  /** Sends to every connection of the user on every node; with `topic`, only those subscribed to it. */
  sendToUser(userId: string | number, message: TopicMessage, topic?: string): void;
  readonly clientCount: number;
  /** How many clients were dropped for not reading, since start. */
  readonly droppedSlowClients: number;
  subscriberCount(topic: string): number;
}

interface Client {
  readonly ws: WebSocket;
  readonly lang: Lang;
  userId: string | null;
  /** The session the login bound, so that its revocation finds this connection. */
  sessionId: string | null;
  readonly topics: Set<string>;
  lastFrameAt: number;
  /**
   * A connection's commands run one after another, in the order they arrived: a client that sends
   * `login` and then `sub FOREX_TRADE` gets the subscription after the login has been verified.
   */
  work: Promise<void>;
  queued: number;
}

const SEND_TEXT = { binary: false, compress: false } as const;

/** Commands a connection may have waiting before further ones are refused (a flood costs nothing). */
const MAX_QUEUED_COMMANDS = 32;

/** Bus channels: the frame is serialised once, by the publisher, and forwarded as text everywhere. */
const TOPIC_CHANNEL = 'live.topic';
const USER_CHANNEL = 'live.user';

/** The channels a gateway subscribes to itself (one with no sockets, the copy thread's, asks for none). */
export const GATEWAY_CHANNELS: readonly string[] = [TOPIC_CHANNEL, USER_CHANNEL, SESSION_REVOKED_CHANNEL];

interface TopicEvent {
  topic: string;
  frame: string;
}
interface UserEvent {
  userId: string;
  topic?: string;
  frame: string;
}

function isTopicEvent(value: unknown): value is TopicEvent {
  const v = value as Partial<TopicEvent> | null;
  return typeof v?.topic === 'string' && typeof v.frame === 'string';
}

function isUserEvent(value: unknown): value is UserEvent {
  const v = value as Partial<UserEvent> | null;
  return (
    typeof v?.userId === 'string' &&
    typeof v.frame === 'string' &&
    (v.topic === undefined || typeof v.topic === 'string')
  );
}

/** Half-open socket on the frame limit: bigger than the 4 KB we accept, small enough to bound memory. */
const HARD_MAX_PAYLOAD = 64 * 1024;

export class Gateway implements LiveGateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: HARD_MAX_PAYLOAD,
    perMessageDeflate: false,
  });
  private readonly clients = new Set<Client>();
  private readonly byTopic = new Map<string, Set<Client>>();
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly unsubscribeBus: Array<() => void>;
  private readonly sweeper: NodeJS.Timeout;
  private dropped = 0;
  private closing = false;
  /** Revocations heard, so a login whose check straddles one of its user checks again. */
  private readonly revocations = new RevocationLog();
  /** Open sockets by client address (see maxSocketsPerAddress). */
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly deps: {
      bus: EventBus;
      topics: TopicRegistry;
      sessions: SessionVerifier;
      translator: Translator;
      log: FastifyBaseLogger;
      /** The client's address under TRUST_PROXY (as Fastify's request.ip); the peer's by default. */
      addressOf?: (req: IncomingMessage) => string;
    },
    private readonly options: GatewayOptions = DEFAULT_GATEWAY_OPTIONS,
  ) {
    this.unsubscribeBus = [
      deps.bus.subscribe(TOPIC_CHANNEL, (payload) => {
        if (isTopicEvent(payload)) this.deliverToTopic(payload.topic, payload.frame);
      }),
      deps.bus.subscribe(USER_CHANNEL, (payload) => {
        if (isUserEvent(payload)) this.deliverToUser(payload.userId, payload.frame, payload.topic);
      }),
      deps.bus.subscribe(SESSION_REVOKED_CHANNEL, (payload) => {
        if (isSessionRevokedEvent(payload)) this.revoke(payload);
      }),
    ];
    const sweepEvery = Math.max(50, Math.min(5000, Math.floor(options.idleTimeoutMs / 3)));
    this.sweeper = setInterval(() => this.closeIdle(), sweepEvery);
    this.sweeper.unref();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  get droppedSlowClients(): number {
    return this.dropped;
  }

  /** Sockets (and handshakes) counted against one client address now. */
  socketsFrom(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  subscriberCount(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /** Takes over HTTP upgrades on SOCKET_PATH; any other upgrade is refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== SOCKET_PATH || this.closing) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (!this.admitAddress(req, socket, normalizeLang(url.searchParams.get('lang')))) return;
      this.wss.handleUpgrade(req, socket, head, (ws) =>
        this.accept(ws, normalizeLang(url.searchParams.get('lang'))),
      );
    });
  }

  publish(topic: string, message: TopicMessage): void {
    const event: TopicEvent = { topic, frame: JSON.stringify(message) };
    this.deps.bus.publish(TOPIC_CHANNEL, event);
  }

  publishLocal(topic: string, message: TopicMessage): void {
    this.deliverToTopic(topic, JSON.stringify(message));
  }

  sendToUser(userId: string | number, message: TopicMessage, topic?: string): void {
    // On one node a user with no socket here has none anywhere: nothing to serialise or publish
    // (copy trading pushes to every follower on each copied order, most of them offline).
    if (this.deps.bus.local && !this.byUser.has(String(userId))) return;
    const event: UserEvent = {
      userId: String(userId),
      frame: JSON.stringify(message),
      ...(topic ? { topic } : {}),
    };
    this.deps.bus.publish(USER_CHANNEL, event);
  }

  /** Closes every connection politely, then forcibly after a short grace. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    for (const off of this.unsubscribeBus) off();
    const open = [...this.clients];
    for (const client of open) client.ws.close(1001, 'server shutting down');
    await Promise.race([
      Promise.all(open.map((c) => new Promise<void>((done) => c.ws.once('close', () => done())))),
      new Promise<void>((done) => setTimeout(done, 1000).unref()),
    ]);
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((done) => this.wss.close(() => done()));
  }

  /**
   * Counts the socket against its client's address from the upgrade until its TCP connection
   * closes (a failed handshake included), or refuses it with 429 and the envelope when the address
   * already holds maxSocketsPerAddress.
   */
  private admitAddress(req: IncomingMessage, socket: Duplex, lang: Lang): boolean {
    const address = this.deps.addressOf?.(req) ?? req.socket.remoteAddress ?? '';
    const open = this.byAddress.get(address) ?? 0;
    if (open >= this.options.maxSocketsPerAddress) {
      const key: ErrorKey = 'too_many_sockets';
      const body = JSON.stringify({
        code: ERRORS[key].code,
        msg: this.deps.translator.t(lang, key),
        data: null,
      });
      socket.end(
        `HTTP/1.1 ${ERRORS[key].status} Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return false;
    }
    this.byAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return true;
  }

  private accept(ws: WebSocket, lang: Lang): void {
    const client: Client = {
      ws,
      lang,
      userId: null,
      sessionId: null,
      topics: new Set(),
      lastFrameAt: Date.now(),
      work: Promise.resolve(),
      queued: 0,
    };
    this.clients.add(client);
    ws.on('message', (data, isBinary) => {
      client.lastFrameAt = Date.now();
      this.onFrame(client, data, isBinary);
    });
    ws.on('close', () => this.forget(client));
    ws.on('error', (err) => this.deps.log.debug({ err }, 'socket error'));
    this.reply(client, { type: 'hello', code: CODE_OK, protocol: SOCKET_PROTOCOL_VERSION, time: Date.now() });
  }

  private onFrame(client: Client, data: WebSocket.RawData, isBinary: boolean): void {
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : data instanceof ArrayBuffer
        ? data.byteLength
        : data.length;
    if (isBinary || size > this.options.maxFrameBytes) {
      this.sendError(client, 'bad_frame');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as Buffer).toString('utf8');
    if (text === PING) {
      this.send(client, PONG);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.sendError(client, 'bad_frame');
      return;
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      this.sendError(client, 'bad_frame');
      return;
    }
    if (client.queued >= MAX_QUEUED_COMMANDS) {
      this.sendError(client, 'rate_limited');
      return;
    }
    const message = parsed.data;
    client.queued++;
    client.work = client.work
      .then(() => this.runCommand(client, message))
      .catch((err: unknown) => this.deps.log.error({ err }, 'socket command failed'))
      .finally(() => {
        client.queued--;
      });
  }

  private async runCommand(client: Client, message: ClientMessage): Promise<void> {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    switch (message.type) {
      case 'login':
        await this.login(client, message.token);
        return;
      case 'logout':
        this.unbindUser(client);
        this.reply(client, { type: 'logout_result', code: CODE_OK });
        return;
      case 'sub':
        await this.subscribe(client, message.topic);
        return;
      case 'unsub':
        this.unsubscribe(client, message.topic);
        this.reply(client, { type: 'unsub_result', code: CODE_OK, topic: message.topic });
        return;
    }
  }

  private async login(client: Client, token: string): Promise<void> {
    let session: VerifiedSession | null;
    try {
      session = await this.verifySettled(token);
    } catch (err) {
      this.deps.log.error({ err }, 'session verification failed');
      this.sendLoginResult(client, 'internal');
      return;
    }
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (session === null) {
      this.sendLoginResult(client, 'session_expired');
      return;
    }
    this.unbindUser(client);
    const { userId } = session;
    client.userId = userId;
    client.sessionId = session.sessionId;
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(client);
    this.reply(client, { type: 'login_result', code: CODE_OK });
  }

  /**
   * Verifies until no revocation arrived during the check: a session read just before its revocation
   * committed must not be bound after the revocation's event has already been handled here.
   */
  private async verifySettled(token: string): Promise<VerifiedSession | null> {
    for (;;) {
      const seen = this.revocations.count;
      const session = await this.deps.sessions.verify(token);
      if (session === null || !this.revocations.revokedSince(seen, session.userId)) return session;
    }
  }

  /** Logs out at once every connection of this node bound to a session the event ends. */
  private revoke(event: SessionRevokedEvent): void {
    this.revocations.heard(event.userId);
    const set = this.byUser.get(event.userId);
    if (!set) return;
    for (const client of [...set]) {
      if (client.sessionId === null || !revokes(event, event.userId, client.sessionId)) continue;
      this.unbindUser(client);
      this.reply(client, {
        type: 'logout_result',
        code: ERRORS.session_expired.code,
        msg: this.deps.translator.t(client.lang, 'session_expired'),
      });
    }
  }

  private sendLoginResult(client: Client, key: ErrorKey): void {
    this.reply(client, {
      type: 'login_result',
      code: ERRORS[key].code,
      msg: this.deps.translator.t(client.lang, key),
    });
  }

  /** Logging out also leaves the per-user topics: they would otherwise keep streaming that user's data. */
  private unbindUser(client: Client): void {
    if (client.userId === null) return;
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    client.userId = null;
    client.sessionId = null;
    for (const topic of [...client.topics]) {
      if (this.deps.topics.resolve(topic)?.definition.requiresLogin) this.unsubscribe(client, topic);
    }
  }

  private async subscribe(client: Client, topic: string): Promise<void> {
    const resolved = this.deps.topics.resolve(topic);
    if (!resolved) {
      this.sendError(client, 'unknown_topic');
      return;
    }
    if (resolved.definition.requiresLogin && client.userId === null) {
      this.sendError(client, 'session_expired');
      return;
    }
    if (!client.topics.has(topic) && client.topics.size >= this.options.maxTopicsPerClient) {
      this.sendError(client, 'rate_limited');
      return;
    }
    client.topics.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(client);
    this.reply(client, { type: 'sub_result', code: CODE_OK, topic });
    const snapshot = resolved.definition.snapshot;
    if (!snapshot) return;
    try {
      const message = await snapshot({ ...resolved.context, userId: client.userId });
      if (message !== undefined && client.topics.has(topic)) this.send(client, JSON.stringify(message));
    } catch (err) {
      this.deps.log.error({ err, topic }, 'topic snapshot failed');
    }
  }

  private unsubscribe(client: Client, topic: string): void {
    client.topics.delete(topic);
    const set = this.byTopic.get(topic);
    set?.delete(client);
    if (set?.size === 0) this.byTopic.delete(topic);
  }

  private deliverToTopic(topic: string, frame: string): void {
    const set = this.byTopic.get(topic);
    if (!set) return;
    // Encoded once for every subscriber: `ws` would otherwise UTF-8-encode the string per client.
    const bytes = Buffer.from(frame);
    for (const client of [...set]) this.send(client, bytes);
  }

  private deliverToUser(userId: string, frame: string, topic?: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const client of [...set]) {
      if (topic === undefined || client.topics.has(topic)) this.send(client, frame);
    }
  }

  private sendError(client: Client, key: ErrorKey): void {
    this.reply(client, {
      type: 'error',
      code: ERRORS[key].code,
      msg: this.deps.translator.t(client.lang, key),
    });
  }

  /** A frame of the protocol to one client. */
  private reply(client: Client, message: ServerMessage): void {
    this.send(client, JSON.stringify(message));
  }

  /** The only place frames leave: it enforces the backlog limit for every kind of message. */
  private send(client: Client, frame: string | Buffer): void {
    const ws = client.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > this.options.maxBufferedBytes) {
      this.dropped++;
      this.deps.log.warn({ buffered: ws.bufferedAmount }, 'dropping a client that does not read');
      // terminate, not close: a close frame would queue behind the backlog the client never reads.
      ws.terminate();
      this.forget(client);
      return;
    }
    // A Buffer goes out as a text frame too: every frame of this protocol is text.
    ws.send(frame, SEND_TEXT);
  }

  private closeIdle(): void {
    const cutoff = Date.now() - this.options.idleTimeoutMs;
    for (const client of this.clients) {
      if (client.lastFrameAt < cutoff) {
        client.ws.close(4000, 'idle');
        // Stop counting it at once; a peer that never answers the close is destroyed by ws later.
        this.forget(client);
      }
    }
  }

  private forget(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const topic of client.topics) {
      const set = this.byTopic.get(topic);
      set?.delete(client);
      if (set?.size === 0) this.byTopic.delete(topic);
    }
    client.topics.clear();
    if (client.userId !== null) {
      const set = this.byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) this.byUser.delete(client.userId);
    }
  }
}
