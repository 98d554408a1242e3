import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { DayMarketMessage, ERRORS, KlineMessage, PERIODS, SocketError, SubResult } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import { VirtualTime } from './clock.js';

const TUESDAY = Date.parse('2026-01-13T10:00:00Z');

let t: TestServer;
let time: VirtualTime;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  time = new VirtualTime(TUESDAY);
  t = await startTestServer({
    env: { MARKET_TICK_MS: '100' },
    overrides: { markets: { clock: time, timers: time }, gateway: { maxBufferedBytes: 64 * 1024 } },
  });
});
afterAll(async () => {
  for (const s of sockets) if (s.isOpen) await s.close();
  await t?.close();
});

async function open(lang = 'en'): Promise<TestSocket> {
  const socket = await TestSocket.open(`${t.wsUrl}?lang=${lang}`);
  sockets.push(socket);
  return socket;
}

/** Reads messages until one matches; anything else (other topics' pushes) is skipped. */
async function nextOf(socket: TestSocket, type: string): Promise<Record<string, unknown>> {
  for (;;) {
    const text = await socket.next();
    if (text === 'pong') continue;
    const message = JSON.parse(text) as Record<string, unknown>;
    if (message.type === type) return message;
  }
}

describe('DAY_MARKET and KLINE.{code}', () => {
  it('sends a snapshot on subscribe, then conflated updates that match the contract', async () => {
    const markets = t.server.ctx.services.markets;
    const socket = await open();
    socket.sendJson({ type: 'sub', topic: 'DAY_MARKET' });
    expect(SubResult.parse(await socket.nextJson())).toEqual({
      type: 'sub_result',
      code: 1,
      topic: 'DAY_MARKET',
    });
    const snapshot = DayMarketMessage.parse(await socket.nextJson());
    expect(snapshot.data).toHaveLength(markets.instruments().length);
    expect(snapshot.data.find((e) => e.Code === 'EURUSD')).toMatchObject({
      Bid: markets.quote('EURUSD').bid,
      MarketStatus: 1,
    });

    socket.sendJson({ type: 'sub', topic: 'KLINE.EURUSD' });
    expect(SubResult.parse(await socket.nextJson()).topic).toBe('KLINE.EURUSD');
    const kline = KlineMessage.parse(await socket.nextJson());
    expect(kline.code).toBe('EURUSD');
    expect(Object.keys(kline.data).sort()).toEqual([...PERIODS].sort());

    const flushes = 4;
    time.advance(250 * flushes);
    const update = DayMarketMessage.parse(await nextOf(socket, 'DAY_MARKET'));
    expect(update.data.length).toBeGreaterThan(0);
    expect(update.data.length).toBeLessThanOrEqual(markets.instruments().length);
    for (const entry of update.data) expect(entry.Time).toBeGreaterThan(TUESDAY);
    const candles = KlineMessage.parse(await nextOf(socket, 'KLINE'));
    expect(candles.code).toBe('EURUSD');
    expect(candles.data['1min']?.Time).toBe(Math.floor(TUESDAY / 60_000) * 60);
    expect(candles.Time).toBeGreaterThan(TUESDAY);

    // Conflation: one DAY_MARKET and one KLINE.EURUSD per flush, however often it ticked. Pushes
    // travel through the event bus (Redis in the scale-out run), so the barrier that proves all of
    // them have arrived must travel that way too: a marker published on the same bus after them.
    // The marker is a KLINE frame of a made-up code, so it is a message the socket protocol knows.
    const marker = { type: 'KLINE', code: 'MARKER', data: {} } as const;
    const isMarker = (m: { type?: unknown; code?: unknown }) => m.type === 'KLINE' && m.code === 'MARKER';
    const drainUntilMarker = async (): Promise<string[]> => {
      t.server.gateway.publish('KLINE.EURUSD', marker);
      const types: string[] = [];
      for (let text = await socket.next(); !isMarker(JSON.parse(text)); text = await socket.next()) {
        types.push(JSON.parse(text).type as string);
      }
      return types;
    };
    await drainUntilMarker();
    time.advance(250 * flushes);
    const received = await drainUntilMarker();
    expect(received.filter((r) => r === 'DAY_MARKET')).toHaveLength(flushes);
    expect(received.filter((r) => r === 'KLINE')).toHaveLength(flushes);
  });

  it('answers an unknown instrument topic with unknown_topic and keeps the connection', async () => {
    const socket = await open('fr');
    socket.sendJson({ type: 'sub', topic: 'KLINE.NOPE' });
    const error = SocketError.parse(await socket.nextJson());
    expect(error.code).toBe(ERRORS.unknown_topic.code);
    expect(error.msg).toBe("Ce sujet d'abonnement n'existe pas.");
    socket.sendJson({ type: 'sub', topic: 'KLINE' });
    expect(SocketError.parse(await socket.nextJson()).code).toBe(ERRORS.unknown_topic.code);
    socket.send('ping');
    expect(await socket.next()).toBe('pong');
    socket.sendJson({ type: 'sub', topic: 'KLINE.USDJPY' });
    expect(SubResult.parse(await socket.nextJson()).topic).toBe('KLINE.USDJPY');
    expect(KlineMessage.parse(await socket.nextJson()).code).toBe('USDJPY');
  });

  it('answers malformed frames with bad_frame and keeps streaming', async () => {
    const socket = await open();
    socket.sendJson({ type: 'sub', topic: 'DAY_MARKET' });
    await nextOf(socket, 'DAY_MARKET');
    for (const frame of ['{not json', JSON.stringify({ type: 'sub' }), JSON.stringify({ type: 'dance' })]) {
      socket.send(frame);
      const error = SocketError.parse(await nextOf(socket, 'error'));
      expect(error.code).toBe(ERRORS.bad_frame.code);
    }
    socket.send(Buffer.from([1, 2, 3]), true);
    expect(SocketError.parse(await nextOf(socket, 'error')).code).toBe(ERRORS.bad_frame.code);
    time.advance(500);
    DayMarketMessage.parse(await nextOf(socket, 'DAY_MARKET'));
    expect(socket.isOpen).toBe(true);
  });

  it('unsubscribing stops the pushes of that topic', async () => {
    const socket = await open();
    socket.sendJson({ type: 'sub', topic: 'KLINE.GBPUSD' });
    await nextOf(socket, 'KLINE');
    socket.sendJson({ type: 'unsub', topic: 'KLINE.GBPUSD' });
    expect(SubResult.parse(await socket.nextJson())).toMatchObject({
      type: 'unsub_result',
      topic: 'KLINE.GBPUSD',
    });
    time.advance(1000);
    socket.send('ping');
    // Nothing was queued before the pong: no KLINE arrived after the unsubscribe.
    expect(await socket.next()).toBe('pong');
  });

  it('drops a subscriber that stops reading, and keeps serving the others', { timeout: 30_000 }, async () => {
    const reader = await open();
    reader.sendJson({ type: 'sub', topic: 'DAY_MARKET' });
    await nextOf(reader, 'DAY_MARKET');
    const stalled = await openStalledClient(t.baseUrl, 'DAY_MARKET');
    try {
      const gateway = t.server.gateway;
      const before = gateway.droppedSlowClients;
      // Each flush sends the stalled client a DAY_MARKET it never reads; bounded so a regression fails.
      for (let flushes = 0; flushes < 20_000 && gateway.droppedSlowClients === before; flushes++) {
        time.advance(250);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(gateway.droppedSlowClients).toBe(before + 1);
      reader.send('ping');
      await nextOf(reader, 'DAY_MARKET');
      expect(reader.isOpen).toBe(true);
    } finally {
      stalled.destroy();
    }
  });
});

/** A client that completes the handshake, subscribes, and then never reads again. */
async function openStalledClient(baseUrl: string, topic: string): Promise<Socket> {
  const { port } = new URL(baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET /v1/ws HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  await new Promise<void>((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  const payload = Buffer.from(JSON.stringify({ type: 'sub', topic }));
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  socket.pause();
  return socket;
}
