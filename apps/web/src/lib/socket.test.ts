import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as WsSocket } from 'ws';
import {
  type MessageParser,
  SocketClient,
  type SocketClientOptions,
  type WebSocketConstructor,
} from './socket';
import { parseServerMessage } from './socket-protocol';
import { FakeTimers } from './testing/fake-timers';

const PONG_MARK = { type: 'error', code: 0, msg: 'pong-mark' } as const;
const EURUSD_QUOTE = {
  Id: 1,
  Code: 'EURUSD',
  Bid: '1.08501',
  Ask: '1.08511',
  Close: '1.08501',
  Open: '1.08400',
  Change: '0.09',
  MarketStatus: 1,
  Time: 1_700_000_000_000,
};

const WS = WebSocket as unknown as WebSocketConstructor;

/** Waits for a condition; the limit only turns a hang into a readable failure, it times nothing. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 4000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Conn {
  socket: WsSocket;
  frames: string[];
}

/** A real ws server that records every frame per connection and can stop answering pings. */
class TestServer {
  readonly conns: Conn[] = [];
  answerPings = true;
  /** Follows each pong with a JSON frame, so a test can see the client has read the pong. */
  markPongs = false;
  loginCode = 1;
  private constructor(readonly wss: WebSocketServer) {
    wss.on('connection', (socket) => {
      const conn: Conn = { socket, frames: [] };
      this.conns.push(conn);
      socket.on('message', (data) => {
        const text = data.toString();
        conn.frames.push(text);
        if (text === 'ping') {
          if (this.answerPings) socket.send('pong');
          // Any protocol frame works as a mark; an unknown type would be dropped by the client's parse.
          if (this.answerPings && this.markPongs) socket.send(JSON.stringify(PONG_MARK));
          return;
        }
        if (text.startsWith('{') && (JSON.parse(text) as { type: string }).type === 'login')
          socket.send(JSON.stringify({ type: 'login_result', code: this.loginCode }));
      });
    });
  }

  static async start(): Promise<TestServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    return new TestServer(wss);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/v1/ws`;
  }

  json(conn: number): unknown[] {
    return (this.conns[conn]?.frames ?? [])
      .filter((f) => f !== 'ping')
      .map((f) => (f.startsWith('{') ? JSON.parse(f) : f));
  }

  pings(conn: number): number {
    return (this.conns[conn]?.frames ?? []).filter((f) => f === 'ping').length;
  }

  async close(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((ok) => this.wss.close(() => ok()));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(options: Partial<SocketClientOptions> = {}) {
  const server = await TestServer.start();
  const client = new SocketClient({
    url: server.url,
    WebSocket: WS,
    parser: parseServerMessage,
    reconnectDelayMs: () => 10,
    ...options,
  });
  cleanups.push(() => server.close());
  cleanups.push(() => client.close());
  return { server, client };
}

describe('SocketClient against a real ws server', () => {
  it('queues payloads until open, then sends login, subscriptions and the queue in that order', async () => {
    const { server, client } = await setup();
    client.login('tok');
    client.on('DAY_MARKET', () => {});
    client.send({ type: 'sub', topic: 'KLINE.EURUSD' });
    client.send('hello');
    expect(client.isOpen).toBe(false);
    client.connect();
    await until(() => server.json(0).length >= 4, 'four frames');
    expect(server.json(0)).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'KLINE.EURUSD' },
      'hello',
    ]);
  });

  it('sets loggedIn on login_result code 1 and resets it on logout', async () => {
    const { server, client } = await setup();
    client.connect();
    await until(() => client.isOpen, 'open');
    client.login('tok');
    await until(() => client.loggedIn, 'logged in');
    client.logout();
    expect(client.loggedIn).toBe(false);
    await until(() => server.json(0).length === 2, 'logout frame');
    expect(server.json(0)[1]).toEqual({ type: 'logout' });
  });

  it('stays logged out when the server refuses the login', async () => {
    const { server, client } = await setup();
    server.loginCode = 999;
    // Listening before the first login: every answer is counted, so two answers arriving close
    // together can never be mistaken for one (the old version raced on exactly that).
    const codes: (number | undefined)[] = [];
    client.onMessage((m) => {
      if (m.type === 'login_result') codes.push(m.code);
    });
    client.connect();
    client.login('expired');
    await until(() => codes.length === 1, 'the first login_result');
    expect(client.loggedIn).toBe(false);
    client.login('expired-again');
    await until(() => codes.length === 2, 'the second login_result');
    expect(codes).toEqual([999, 999]);
    expect(client.loggedIn).toBe(false);
  });

  it('is logged out when the server ends the session unasked, and does not log in with it again', async () => {
    const { server, client } = await setup();
    client.connect();
    client.login('tok');
    await until(() => client.loggedIn, 'logged in');
    // What the gateway sends when the session is revoked elsewhere (logout, password change, reset).
    server.conns[0]?.socket.send(JSON.stringify({ type: 'logout_result', code: 999, msg: 'expired' }));
    await until(() => !client.loggedIn, 'logged out');
    client.on('DAY_MARKET', () => {});
    server.conns[0]?.socket.terminate();
    await until(() => server.json(1).length === 1, 'resync on the second connection');
    expect(server.json(1)).toEqual([{ type: 'sub', topic: 'DAY_MARKET' }]);
    expect(client.loggedIn).toBe(false);
  });

  it('pings every interval and keeps the connection while pongs come back', async () => {
    // The heartbeat runs on a fake clock: a loaded machine cannot make a pong "late".
    const clock = new FakeTimers();
    const { server, client } = await setup({ pingIntervalMs: 15, timers: clock });
    server.markPongs = true;
    const marks: unknown[] = [];
    client.onMessage((m) => {
      if (m.type === 'error' && m.msg === PONG_MARK.msg) marks.push(m);
    });
    client.connect();
    await until(() => client.isOpen, 'open');
    // Five pings on one connection: without the pong reset the client would have reconnected after three.
    for (let i = 1; i <= 5; i += 1) {
      clock.advance(15);
      // The mark follows the pong on the same connection, so the client has read the pong too.
      await until(() => marks.length === i, `pong ${i} read by the client`);
    }
    expect(server.pings(0)).toBe(5);
    expect(server.conns).toHaveLength(1);
    expect(client.connectionState).toBe('open');
  });

  it('reconnects after three missed pongs', async () => {
    const clock = new FakeTimers();
    const { server, client } = await setup({ pingIntervalMs: 15, timers: clock });
    server.answerPings = false;
    client.connect();
    await until(() => client.isOpen, 'open');
    for (let i = 1; i <= 3; i += 1) {
      clock.advance(15);
      await until(() => server.pings(0) === i, `ping ${i}`);
    }
    expect(client.connectionState).toBe('open');
    clock.advance(15);
    expect(client.connectionState).toBe('waiting');
    clock.advance(10);
    await until(() => server.conns.length === 2, 'a second connection');
    expect(server.pings(0)).toBe(3);
  });

  it('subscribes on the first listener, unsubscribes after the last, and delivers topic pushes', async () => {
    const { server, client } = await setup();
    client.connect();
    await until(() => client.isOpen, 'open');
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = client.on('DAY_MARKET', (m) => a.push(m));
    const offB = client.on('DAY_MARKET', (m) => b.push(m));
    await until(() => server.json(0).length === 1, 'sub');
    const push = { type: 'DAY_MARKET', code: 1, data: [EURUSD_QUOTE] };
    // Not a protocol message (an unknown type, a DAY_MARKET without its fields): dropped, not delivered.
    server.conns[0]?.socket.send(JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [{ Code: 'EURUSD' }] }));
    server.conns[0]?.socket.send(JSON.stringify({ type: 'surprise', code: 1 }));
    server.conns[0]?.socket.send(JSON.stringify(push));
    await until(() => a.length === 1 && b.length === 1, 'both listeners');
    expect(a).toEqual([push]);
    expect(b).toEqual([push]);

    offA();
    offA(); // a second call must not remove another listener
    client.on('FOREX_TRADE', () => {});
    await until(() => server.json(0).length === 2, 'second sub');
    expect(server.json(0)).toEqual([
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'FOREX_TRADE' },
    ]);
    offB();
    await until(() => server.json(0).length === 3, 'unsub');
    expect(server.json(0)[2]).toEqual({ type: 'unsub', topic: 'DAY_MARKET' });
    expect(client.activeTopics).toEqual(['FOREX_TRADE']);

    client.reset();
    await until(() => server.json(0).length === 4, 'reset unsub');
    expect(server.json(0)[3]).toEqual({ type: 'unsub', topic: 'FOREX_TRADE' });
    expect(client.activeTopics).toEqual([]);
  });

  it('after a reconnect logs in again and re-subscribes every active topic', async () => {
    const { server, client } = await setup();
    client.connect();
    client.login('tok');
    client.on('DAY_MARKET', () => {});
    client.on('KLINE.EURUSD', () => {});
    const off = client.on('FOREX_CLOSED', () => {});
    await until(() => client.loggedIn, 'logged in');
    off();
    await until(() => server.json(0).length === 4, 'first connection frames');
    server.conns[0]?.socket.terminate();
    await until(() => server.json(1).length === 3, 'resync on the second connection');
    expect(server.json(1)).toEqual([
      { type: 'login', token: 'tok' },
      { type: 'sub', topic: 'DAY_MARKET' },
      { type: 'sub', topic: 'KLINE.EURUSD' },
    ]);
    await until(() => client.loggedIn, 'logged in again');
  });

  it('holds frames that arrive before the protocol parser has loaded, then delivers them in order', async () => {
    let deliverParser: (parse: MessageParser) => void = () => undefined;
    const parser = new Promise<MessageParser>((resolve) => {
      deliverParser = resolve;
    });
    const { server, client } = await setup({ parser });
    const seen: string[] = [];
    client.onMessage((m) => seen.push(m.type === 'error' ? m.msg : m.type));
    client.connect();
    await until(() => client.isOpen, 'open');
    server.conns[0]?.socket.send(JSON.stringify({ type: 'error', code: 0, msg: 'first' }));
    server.conns[0]?.socket.send(JSON.stringify({ type: 'error', code: 0, msg: 'second' }));
    await until(() => client.heldFrames === 2, 'both frames read and held');
    expect(seen).toEqual([]);
    deliverParser(parseServerMessage);
    await until(() => seen.length === 2, 'the held frames');
    expect(seen).toEqual(['first', 'second']);
  });

  it('close() stops reconnecting', async () => {
    const { server, client } = await setup();
    client.connect();
    await until(() => client.isOpen, 'open');
    client.close();
    expect(client.connectionState).toBe('idle');
    await until(() => server.wss.clients.size === 0, 'server side closed');
    client.connect();
    await until(() => server.conns.length === 2, 'explicit reconnect');
  });
});

describe('connect time-out (fake clock, real TCP)', () => {
  it('abandons a handshake that does not finish within 5 s and tries again', async () => {
    const sockets: Socket[] = [];
    let closed = 0;
    // Accepts TCP but never answers the HTTP upgrade, like a black-holed proxy.
    const tcp: NetServer = createServer((s) => {
      sockets.push(s);
      s.on('close', () => {
        closed += 1;
      });
      s.resume();
    });
    tcp.listen(0, '127.0.0.1');
    await once(tcp, 'listening');
    cleanups.push(
      () =>
        new Promise<void>((ok) => {
          for (const s of sockets) s.destroy();
          tcp.close(() => ok());
        }),
    );
    const clock = new FakeTimers();
    const client = new SocketClient({
      url: `ws://127.0.0.1:${(tcp.address() as AddressInfo).port}/v1/ws`,
      WebSocket: WS,
      parser: parseServerMessage,
      timers: clock,
      reconnectDelayMs: () => 1000,
    });
    cleanups.push(() => client.close());

    client.connect();
    await until(() => sockets.length === 1, 'first TCP connection');
    clock.advance(4999);
    expect(client.connectionState).toBe('connecting');
    clock.advance(1);
    expect(client.connectionState).toBe('waiting');
    await until(() => closed === 1, 'first socket dropped by the client');
    clock.advance(1000);
    expect(client.connectionState).toBe('connecting');
    await until(() => sockets.length === 2, 'second TCP connection');
  });
});
