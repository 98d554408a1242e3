import { randomUUID } from 'node:crypto';
import { ERRORS, FeedStatusMessage, Health, Order, routes } from '@meridian/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call as api, demoLogin } from '../features/identity/testing/client.js';
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
import { LeaseLostError } from './leader.js';

// Runs only when both DATABASE_URL and REDIS_URL are set (see vitest.config.ts): two nodes of one
// deployment in this process, each on its own virtual clock, so the test decides when the leader
// "hangs" (its clock, and so its flushes, stand still) while the follower's time goes on.

const TUESDAY = Date.parse('2026-01-13T10:00:00Z');
const FLUSH_MS = 250;
const STALE_MS = 3000;

let storage: TestStorage;
let timeA: VirtualTime;
let timeB: VirtualTime;
let feedA: ScriptedFeed;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

const markets = (node: TestServer): MarketService => node.server.ctx.services.markets;

beforeAll(async () => {
  storage = await createTestStorage();
  timeA = new VirtualTime(TUESDAY);
  timeB = new VirtualTime(TUESDAY);
  feedA = new ScriptedFeed();
  const env = { REDIS_PREFIX: `test-${randomUUID()}:`, STALE_PRICE_MS: String(STALE_MS) };
  const cluster = { renewMs: 100 };
  a = await startTestServer({
    storage,
    env,
    overrides: { markets: { clock: timeA, timers: timeA, feed: feedA }, cluster },
  });
  b = await startTestServer({
    storage,
    env,
    overrides: { markets: { clock: timeB, timers: timeB }, cluster },
  });
});

afterAll(async () => {
  for (const s of sockets) if (s.isOpen) await s.close();
  await b?.close();
  await a?.close();
  await storage?.dispose();
});

/** One quote from the leader, carried to the follower by the leader's next flush. */
async function tick(bid: string, ask: string): Promise<void> {
  expect(feedA.push({ code: 'EURUSD', bid, ask, timeMs: timeA.now() })).toBe(true);
  timeA.advance(FLUSH_MS);
  await eventually(() => markets(b).quote('EURUSD').bid === bid, `node B quotes EURUSD at ${bid}`);
}

/** The next FEED_STATUS frame saying `stale` (the node also sends one at its first housekeeping). */
async function feedStatus(socket: TestSocket, stale: boolean): Promise<FeedStatusMessage['data']> {
  for (;;) {
    const text = await socket.next();
    if (text === 'pong') continue;
    const message = JSON.parse(text) as { type?: unknown };
    if (message.type !== 'FEED_STATUS') continue;
    const status = FeedStatusMessage.parse(message).data;
    if (status.Stale === stale) return status;
  }
}

async function health(node: TestServer): Promise<Health> {
  return Health.parse((await call(node.baseUrl, '/healthz')).body.data);
}

describe('stale prices: a follower that stops hearing the leader refuses to trade', () => {
  it('refuses market orders, closes and TP/SL changes while stale, tells its clients, and recovers', async () => {
    expect(markets(a).isFeedLeader).toBe(true);
    await tick('1.10000', '1.10010');
    const eurusd = markets(b).requireInstrument('EURUSD').id;
    const { token } = await demoLogin(b.baseUrl);
    const socket = await TestSocket.open(`${b.wsUrl}?lang=en`);
    sockets.push(socket);
    socket.sendJson({ type: 'sub', topic: 'FEED_STATUS' });
    expect(await feedStatus(socket, false)).toEqual({ Stale: false, AgeMs: 0 });

    const order = { forex_id: eurusd, type: 1, cont: '1', status: 1, multiple: 20 };
    const opened = await api(b.baseUrl, routes.submitOrder, order, { token });
    expect(opened.body.code).toBe(1);
    const id = Order.parse(opened.body.data).Id;

    // The leader hangs: its clock stands still, so it flushes nothing, while the follower's runs on
    // (its once-a-second housekeeping notices at the first second past STALE_MS).
    timeB.advance(STALE_MS + 1000);
    expect(await feedStatus(socket, true)).toEqual({ Stale: true, AgeMs: STALE_MS + 1000 });
    const stale = {
      code: ERRORS.price_stale.code,
      msg: 'Prices are not up to date right now. Please try again in a moment.',
    };
    expect((await api(b.baseUrl, routes.submitOrder, order, { token })).body).toMatchObject(stale);
    expect((await api(b.baseUrl, routes.closeOrder, { id }, { token })).body).toMatchObject(stale);
    const stops = { id, target_profit_price: '1.20000', stop_loss_price: '0' };
    expect((await api(b.baseUrl, routes.setStopPrice, stops, { token })).body).toMatchObject(stale);
    expect(await health(b)).toMatchObject({ leader: false, term: 1, priceAgeMs: STALE_MS + 1000 });
    // The leader's own prices are current as long as its lease holds.
    expect(await health(a)).toMatchObject({ leader: true, term: 1, priceAgeMs: 0 });

    // The leader speaks again: its next flush is the follower's word that prices are current.
    await tick('1.10002', '1.10012');
    timeB.advance(1000);
    expect(await feedStatus(socket, false)).toEqual({ Stale: false, AgeMs: 1000 });
    expect((await api(b.baseUrl, routes.closeOrder, { id }, { token })).body.code).toBe(1);
    expect((await api(b.baseUrl, routes.submitOrder, order, { token })).body.code).toBe(1);
  });
});

describe('fencing', () => {
  it("refuses the trade monitor's booking from a term that no longer holds the lease", async () => {
    const trading = a.server.ctx.services.trading;
    if (!trading) throw new Error('the trading feature is not registered');
    await tick('1.10000', '1.10010');
    const { token } = await demoLogin(a.baseUrl);
    const eurusd = markets(a).requireInstrument('EURUSD').id;
    const opened = await api(
      a.baseUrl,
      routes.submitOrder,
      { forex_id: eurusd, type: 1, cont: '1', status: 1, multiple: 20, target_profit_price: '1.20000' },
      { token },
    );
    expect(opened.body.code).toBe(1);
    const id = Order.parse(opened.body.data).Id;
    const owner = Number(
      (
        await sql<{ user_id: number }>`SELECT user_id FROM orders WHERE id = ${id}`.execute(
          a.server.ctx.db.kysely,
        )
      ).rows[0]?.user_id,
    );
    const term = a.server.ctx.services.cluster.leader.term;
    const kysely = a.server.ctx.db.kysely;
    const ledgerRows = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ledger`.execute(kysely)).rows[0]?.n);
    const before = await ledgerRows();

    // Another node takes the lease, as after this one hung past it.
    await sql`UPDATE cluster_leases SET term = term + 1, holder = 'another-node',
              expires_at = clock_timestamp() + interval '1 hour'`.execute(kysely);
    await expect(
      trading.service.closeByServer({ id, userId: owner }, '1.20000', 'tp', term),
    ).rejects.toBeInstanceOf(LeaseLostError);
    const row = await kysely
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.status)).toBe(1);
    expect(await ledgerRows()).toBe(before);

    // The node learns it at its next renewal and stops its feed and its worker.
    await eventually(() => !markets(a).isFeedLeader && !trading.leading, 'node A stands down');
    expect(a.server.ctx.services.cluster.leader.holdsLease()).toBe(false);
    // The other node goes away: its lease runs out, and one of these two takes the next term.
    await sql`UPDATE cluster_leases SET expires_at = clock_timestamp()`.execute(kysely);
  });

  it("makes a leader that sees another leader's ticks of a newer term log an error and stand down", async () => {
    await eventually(() => markets(a).isFeedLeader || markets(b).isFeedLeader, 'a node leads again');
    const node = markets(a).isFeedLeader ? a : b;
    const election = node.server.ctx.services.cluster.leader;
    expect(election.term).toBeGreaterThan(2);
    const logged = vi.spyOn(node.server.ctx.log, 'error');
    node.server.ctx.bus.publish('markets.ticks', { node: 'intruder', term: election.term + 5, ticks: [] });
    await eventually(() => !election.isLeader && !markets(node).isFeedLeader, 'the leader stands down');
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ node: 'intruder' }),
      'another leader publishes ticks on the bus: standing down',
    );
    logged.mockRestore();
  });

  it('makes every node ignore ticks of a term older than one it knows', async () => {
    // A follower applies bus ticks (a leader holding its lease ignores them all). The node that
    // stood down above rests (twice the lease) while the other takes over: once one leads, the
    // other stays a follower for the whole test. Picked before that, the follower could take the
    // lease between here and the batches, and ignore them as the leader.
    await eventually(() => markets(a).isFeedLeader || markets(b).isFeedLeader, 'the successor leads');
    const follower = markets(a).isFeedLeader ? b : a;
    // The newest term the follower itself knows. Not the other node's: the other may have heard of a
    // newer one (the intruder's batch above) that has not reached the follower yet, since each node
    // publishes on its own connection and Redis orders only one connection's messages.
    const known = follower.server.ctx.services.cluster.leader.term;
    const seen: string[] = [];
    const off = markets(follower).onTick((t) => seen.push(`${t.instrument.code} ${t.bid}`));
    const at = timeA.now();
    // A stale leader's batch, then (same publisher, so in order) one of the newest term.
    a.server.ctx.bus.publish('markets.ticks', {
      node: 'stale',
      term: known - 1,
      ticks: [['EURUSD', '1.50000', '1.50010', at]],
    });
    a.server.ctx.bus.publish('markets.ticks', {
      node: 'current',
      term: known,
      ticks: [['EURUSD', '1.10100', '1.10110', at]],
    });
    try {
      await eventually(() => markets(follower).quote('EURUSD').bid === '1.10100', 'the current term applies');
      expect(seen).toEqual(['EURUSD 1.10100']);
    } finally {
      off();
    }
  });
});
