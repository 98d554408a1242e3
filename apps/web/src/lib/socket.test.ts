import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as WsSocket } from 'ws';
import { SocketClient, type SocketClientOptions, type WebSocketConstructor } from './socket';
import { FakeTimers } from './testing/fake-timers';

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
  const client = new SocketClient({ url: server.url, WebSocket: WS, reconnectDelayMs: () => 10, ...options });
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
    client.connect();
    client.login('expired');
    await until(() => server.conns[0]?.socket !== undefined && server.json(0).length === 1, 'login frame');
    let results = 0;
    client.onMessage((m) => {
      if (m.type === 'login_result') results += 1;
    });
    client.login('expired-again');
    await until(() => results === 1, 'login_result');
    expect(client.loggedIn).toBe(false);
  });

  it('pings every interval and keeps the connection while pongs come back', async () => {
    const { server, client } = await setup({ pingIntervalMs: 15 });
    client.connect();
    // Five pings on one connection: without the pong reset the client would have reconnected after three.
    await until(() => server.pings(0) >= 5, 'five pings');
    expect(server.conns).toHaveLength(1);
  });

  it('reconnects after three missed pongs', async () => {
    const { server, client } = await setup({ pingIntervalMs: 15 });
    server.answerPings = false;
    client.connect();
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
    const push = { type: 'DAY_MARKET', topic: 'DAY_MARKET', code: 1, data: [{ Code: 'EURUSD' }] };
    server.conns[0]?.socket.send(JSON.stringify(push));
    await until(() => a.length === 1 && b.length === 1, 'both listeners');
    expect(a[0]).toEqual(push);

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
