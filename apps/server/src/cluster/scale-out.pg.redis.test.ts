import { randomUUID } from 'node:crypto';
import { CandleList, DayMarketMessage, ForexClosedMessage, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, get } from '../features/identity/testing/client.js';
import { type MarketService, ScriptedFeed, VirtualTime } from '../features/markets/index.js';
import {
  call,
  createTestStorage,
  eventually,
  startTestServer,
  type TestServer,
  type TestStorage,
} from '../test/harness.js';
import { TestSocket } from '../test/ws-client.js';

// Runs only when both DATABASE_URL and REDIS_URL are set (see vitest.config.ts): two nodes of one
// deployment — one PostgreSQL schema, one Redis prefix — in this process, on one virtual clock.

const TUESDAY = Date.parse('2026-01-13T10:00:00Z');
const FLUSH_MS = 250;

let storage: TestStorage;
let time: VirtualTime;
let feedA: ScriptedFeed;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

const markets = (node: TestServer): MarketService => node.server.ctx.services.markets;

beforeAll(async () => {
  storage = await createTestStorage();
  time = new VirtualTime(TUESDAY);
  feedA = new ScriptedFeed();
  // Same schema (storage) and same REDIS_PREFIX: the nodes share the bus and compete for one lock.
  const env = { REDIS_PREFIX: `test-${randomUUID()}:`, MARKET_TICK_MS: '200' };
  const cluster = { renewMs: 100 };
  // Node A leads (it starts first) and is fed by hand; node B would run the simulator if it led.
  a = await startTestServer({
    storage,
    env,
    overrides: { markets: { clock: time, timers: time, feed: feedA }, cluster },
  });
  b = await startTestServer({ storage, env, overrides: { markets: { clock: time, timers: time }, cluster } });
});

afterAll(async () => {
  for (const s of sockets) if (s.isOpen) await s.close();
  await b?.close();
  await a?.close();
  await storage?.dispose();
});

async function open(node: TestServer): Promise<TestSocket> {
  const socket = await TestSocket.open(`${node.wsUrl}?lang=en`);
  sockets.push(socket);
  return socket;
}

async function nextOf(socket: TestSocket, type: string): Promise<Record<string, unknown>> {
  for (;;) {
    const text = await socket.next();
    if (text === 'pong') continue;
    const message = JSON.parse(text) as Record<string, unknown>;
    if (message.type === type) return message;
  }
}

/** A DAY_MARKET frame of a made-up instrument: it tells which node's frames have all arrived. */
function marker(code: string): DayMarketMessage {
  const entry = { Id: 9999, Code: code, Bid: '1', Ask: '1', Close: '1', Open: '1', Change: '0.00' };
  return { type: 'DAY_MARKET', code: 1, data: [{ ...entry, MarketStatus: 1, Time: 0 }] };
}

/** Pushes a quote into the leader's feed and lets one flush carry it to the other node. */
async function tick(code: string, bid: string, ask: string): Promise<void> {
  expect(feedA.push({ code, bid, ask, timeMs: time.now() })).toBe(true);
  time.advance(FLUSH_MS);
  await eventually(() => markets(b).quote(code).bid === bid, `node B quotes ${code} at ${bid}`);
}

describe('scale-out: one leader runs the feed, every node serves it', () => {
  it('runs the feed on the leader only; both nodes quote the same prices', async () => {
    expect(markets(a).isFeedLeader).toBe(true);
    expect(markets(b).isFeedLeader).toBe(false);
    await tick('EURUSD', '1.17000', '1.17010');
    await tick('XAUUSD', '4200.10', '4200.45');
    // Five seconds of virtual time: a simulator on B would have moved every instrument by now.
    time.advance(5000);
    await tick('EURUSD', '1.17002', '1.17012');
    for (const inst of markets(a).instruments()) {
      expect(markets(b).quote(inst), inst.code).toEqual(markets(a).quote(inst));
      expect(markets(b).isOpen(inst)).toBe(markets(a).isOpen(inst));
    }
    expect(markets(b).feedLeadTerms).toBe(0);
  });

  it('delivers each DAY_MARKET update exactly once to a client of the follower', async () => {
    const socket = await open(b);
    socket.sendJson({ type: 'sub', topic: 'DAY_MARKET' });
    await nextOf(socket, 'sub_result');
    const snapshot = DayMarketMessage.parse(await nextOf(socket, 'DAY_MARKET'));
    expect(snapshot.data.find((e) => e.Code === 'EURUSD')?.Bid).toBe('1.17002');

    const bids = ['1.17100', '1.17200', '1.17300', '1.17400'];
    for (const bid of bids) await tick('EURUSD', bid, bid.replace(/00$/, '10'));
    // A marker from each node, after everything it may have published: once both have arrived,
    // every DAY_MARKET frame either node sent is in this socket's queue.
    a.server.gateway.publish('DAY_MARKET', marker('MARKERA'));
    b.server.gateway.publish('DAY_MARKET', marker('MARKERB'));
    const seen: string[] = [];
    const markers = new Set<string>();
    while (markers.size < 2) {
      const message = JSON.parse(await socket.next()) as Record<string, unknown>;
      if (message.type !== 'DAY_MARKET') continue;
      for (const entry of DayMarketMessage.parse(message).data) {
        if (entry.Code.startsWith('MARKER')) markers.add(entry.Code);
        if (entry.Code === 'EURUSD') seen.push(entry.Bid);
      }
    }
    expect(seen).toEqual(bids);
  });

  it("fills on the leader's worker an order placed through the follower, and tells the client there", async () => {
    const trading = a.server.ctx.services.trading;
    if (!trading) throw new Error('the trading feature is not registered');
    expect(trading.leading).toBe(true);
    await tick('EURUSD', '1.10000', '1.10010');
    // A demo account opened on node A, used through node B.
    const { token } = await demoLogin(a.baseUrl);
    const socket = await open(b);
    socket.sendJson({ type: 'login', token });
    expect((await socket.nextJson()).code).toBe(1);
    socket.sendJson({ type: 'sub', topic: 'FOREX_CLOSED' });
    await nextOf(socket, 'sub_result');

    const submitted = await get(
      b.baseUrl,
      '/v1/api/forex/submit',
      {
        forex_id: markets(b).requireInstrument('EURUSD').id,
        type: 1,
        cont: '1',
        status: 1,
        multiple: 20,
        target_profit_price: '1.10500',
      },
      { token },
    );
    expect(submitted.body.code).toBe(1);
    // Node B priced the order from the relayed quote: bought at the ask the leader set.
    const order = Order.parse(submitted.body.data);
    expect(order.OriginPrice).toBe('1.10010');
    expect(order.Price).toBe('1.10000');
    await eventually(() => trading.worker.openOrders > 0, "the leader's worker tracks the order");

    expect(feedA.push({ code: 'EURUSD', bid: '1.10600', ask: '1.10610', timeMs: time.now() })).toBe(true);
    const closed = ForexClosedMessage.parse(await nextOf(socket, 'FOREX_CLOSED'));
    // 0.0059 × 100,000 = 590 USD, taken at the bid of the tick that reached the target.
    expect(closed.data).toEqual({ Id: order.Id, reason: 'tp', FactProfits: '590.000000', Price: '1.10600' });
  });

  it('hands the feed over when the leader stops: no jump, no gap, no duplicate candle', async () => {
    // Far from every stored close, so a successor that restarted from storage would jump.
    await tick('EURUSD', '1.20000', '1.20010');
    const last = new Map(
      markets(b)
        .instruments()
        .map((i) => [i.code, markets(b).quote(i)]),
    );
    const minuteOnA = markets(a).currentCandles('EURUSD')['1min'];
    const firstTicks = new Map<string, string>();
    const off = markets(b).onTick((t) => {
      if (!firstTicks.has(t.instrument.code)) firstTicks.set(t.instrument.code, t.bid);
    });
    try {
      await a.close();
      await eventually(() => markets(b).isFeedLeader, 'node B takes over the feed');
      expect(markets(b).feedLeadTerms).toBe(1);
      // Two and a half minutes of B's simulator, across two minute boundaries.
      for (let i = 0; i < 600; i++) time.advance(FLUSH_MS);
    } finally {
      off();
    }

    const open = markets(b)
      .instruments()
      .filter((i) => markets(b).isOpen(i));
    expect(open.length).toBeGreaterThan(20);
    for (const inst of open) {
      const before = Number(last.get(inst.code)?.bid);
      const first = Number(firstTicks.get(inst.code));
      // One tick of the model moves a price by a few hundredths of a percent at most.
      expect(Math.abs(first - before) / before, inst.code).toBeLessThan(0.002);
    }

    await markets(b).flushCandles();
    const eurusd = markets(b).requireInstrument('EURUSD').id;
    const stored = await b.server.ctx.db.kysely
      .selectFrom('candles')
      .select(['time', 'open', 'high', 'close'])
      .where('instrument_id', '=', eurusd)
      .where('period', '=', '1min')
      .where('time', '>=', TUESDAY / 1000 - 300)
      .orderBy('time')
      .execute();
    const times = stored.map((r) => Number(r.time));
    const start = TUESDAY / 1000 - 300;
    // 09:55 … 10:02: every minute once, the hand-over minute (10:00) and the ones B made after it.
    expect(times).toEqual(Array.from({ length: 8 }, (_, k) => start + 60 * k));
    // The hand-over minute keeps the open A gave it and the high of A's last tick.
    const handover = stored.find((r) => Number(r.time) === TUESDAY / 1000);
    expect(minuteOnA?.time).toBe(TUESDAY / 1000);
    expect(handover?.open).toBe(minuteOnA?.open);
    expect(Number(handover?.high)).toBeGreaterThanOrEqual(1.2);
    const served = CandleList.parse(
      (await call(b.baseUrl, `/v1/api/forex/kline?forex_id=${eurusd}&period=1min&limit=8`)).body.data,
    );
    expect(served.map((c) => c.Time)).toEqual(times);
    expect(Math.abs(Number(served.at(-1)?.Close) - 1.2)).toBeLessThan(0.01);
  });
});
