import { ERRORS, ForexClosedMessage, ForexTradeMessage, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import { accountCheck, START_MICROS, startTradingServer, type TradingServer } from './testing/harness.js';

let s: TradingServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  s = await startTradingServer();
  for (const [code, bid, ask] of [
    ['EURUSD', '1.10000', '1.10010'],
    ['GBPUSD', '1.25000', '1.25010'],
    ['AUDUSD', '0.65000', '0.65010'],
    ['NZDUSD', '0.58000', '0.58010'],
    ['USDCHF', '0.80000', '0.80010'],
  ] as const) {
    s.tick(code, bid, ask);
  }
});
afterAll(async () => {
  for (const socket of sockets) if (socket.isOpen) await socket.close();
  await s?.close();
});

const id = (code: string) => s.engine.pricing.markets.requireInstrument(code).id;

async function order(token: string, q: Record<string, string | number>): Promise<Order> {
  const r = await s.api('/v1/api/forex/submit', { type: 1, cont: '1', status: 1, multiple: 20, ...q }, token);
  if (r.body.code !== 1) throw new Error(`submit refused: ${r.body.msg}`);
  return Order.parse(r.body.data);
}

async function history(token: string) {
  return MyDealResponse.parse((await s.api('/v1/api/forex/my_deal', { status: 3 }, token)).body.data);
}

/** A logged-in socket subscribed to the given topics; returns it after the sub results. */
async function socketFor(token: string, topics: string[]): Promise<TestSocket> {
  const socket = await TestSocket.open(`${s.t.wsUrl}?lang=en`);
  sockets.push(socket);
  socket.sendJson({ type: 'login', token });
  expect((await socket.nextJson()).code).toBe(1);
  for (const topic of topics) socket.sendJson({ type: 'sub', topic });
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

/** Money is conserved: account = ledger = grants + realised P&L − fees + protection; flat, never below 0. */
async function conserved(userId: number): Promise<void> {
  const c = await accountCheck(s, userId);
  if (c.holdingOrders === 0) expect(c.freeMicros + c.frozenMicros).toBeGreaterThanOrEqual(0);
  expect(c.freeMicros).toBe(c.ledgerFree);
  expect(c.frozenMicros).toBe(c.ledgerFrozen);
  expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
}

describe('take profit, stop loss and pending fills from the feed', () => {
  it('takes profit at the executable price of the tick that reached it, and tells the user', async () => {
    const { token, userId } = await s.demo();
    const o = await order(token, {
      forex_id: id('AUDUSD'),
      target_profit_price: '0.66000',
      stop_loss_price: '0.64000',
    });
    const socket = await socketFor(token, ['FOREX_CLOSED']);
    await nextOf(socket, 'sub_result');
    s.tick('AUDUSD', '0.65900', '0.65910');
    s.tick('AUDUSD', '0.66005', '0.66015');
    const closed = ForexClosedMessage.parse(await nextOf(socket, 'FOREX_CLOSED'));
    // Bought at 0.65010, sold at the bid 0.66005: 0.00995 × 100,000 = 995 USD.
    expect(closed.data).toEqual({ Id: o.Id, reason: 'tp', FactProfits: '995.000000', Price: '0.66005' });
    await s.settle();
    expect((await history(token)).data[0]).toMatchObject({ Id: o.Id, CloseReason: 'tp', Price: '0.66005' });
    await conserved(userId);
    const c = await accountCheck(s, userId);
    expect(c.freeMicros).toBe(START_MICROS - 7_000_000 + 995_000_000);
  });

  it('stops a sell out when the ask reaches its stop loss', async () => {
    const { token, userId } = await s.demo();
    const o = await order(token, { forex_id: id('NZDUSD'), type: 2, stop_loss_price: '0.58500' });
    s.tick('NZDUSD', '0.58490', '0.58499');
    await s.settle();
    expect((await history(token)).total).toBe(0);
    s.tick('NZDUSD', '0.58495', '0.58505');
    await s.settle();
    // Sold at 0.58000, bought back at the ask 0.58505: −505 USD.
    expect((await history(token)).data[0]).toMatchObject({
      Id: o.Id,
      CloseReason: 'sl',
      Price: '0.58505',
      FactProfits: '-505.000000',
    });
    await conserved(userId);
    s.tick('NZDUSD', '0.58000', '0.58010');
  });

  it('fills a pending buy when the ask comes down to it, charging the fee then', async () => {
    const { token, userId } = await s.demo();
    const o = await order(token, {
      forex_id: id('USDCHF'),
      status: 0,
      target_price: '0.79500',
      multiple: 10,
    });
    expect(o.Status).toBe(0);
    let c = await accountCheck(s, userId);
    expect(c.fees).toBe(0);
    s.tick('USDCHF', '0.79490', '0.79499');
    await s.settle();
    const holding = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1 }, token)).body.data,
    );
    expect(holding.data[0]).toMatchObject({ Id: o.Id, Status: 1, OriginPrice: '0.79499' });
    c = await accountCheck(s, userId);
    expect(c.fees).toBe(7_000_000);
    // The margin is restated at the fill: USD is the base of USDCHF, so it is 1 × 100,000 × 0.79499
    // / 10 = 7,949.90 CHF × (1 / the USDCHF mid 0.794945) = 10,000.566077 USD (9,936.88 at placement,
    // when the mid was 0.80005).
    expect(holding.data[0]?.CautionMoney).toBe('10000.566077');
    expect(c.frozenMicros).toBe(10_000_566_077);
  });

  it('answers order_not_holding to whichever of a user close and a TP comes second', async () => {
    const { token, userId } = await s.demo();
    const o = await order(token, { forex_id: id('AUDUSD'), target_profit_price: '0.67000' });
    const close = s.api('/v1/api/forex/close', { id: o.Id }, token);
    s.tick('AUDUSD', '0.67000', '0.67010');
    const r = await close;
    await s.settle();
    const h = await history(token);
    expect(h.total).toBe(1);
    expect([1, ERRORS.order_not_holding.code]).toContain(r.body.code);
    expect(h.data[0]?.CloseReason).toBe(r.body.code === 1 ? 'manual' : 'tp');
    const releases = await s.t.server.ctx.db.kysely
      .selectFrom('ledger')
      .select('id')
      .where('ref_id', '=', o.Id)
      .where('kind', '=', 'margin_release')
      .execute();
    expect(releases).toHaveLength(1);
    await conserved(userId);
    s.tick('AUDUSD', '0.65000', '0.65010');
  });
});

describe('stop-out and negative balance protection', () => {
  it('closes the worst position first, and only until the risk rate is back above the level', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const { token, userId } = await s.demo();
    // Margin 10 × 100,000 × 1.10010 / 30 = 36,670 USD; the GBPUSD sell 0.1 × 100,000 × 1.25 / 30 =
    // 416.666667 USD: 37,086.666667 USD in use.
    const eur = await order(token, { forex_id: id('EURUSD'), cont: '10', multiple: 30 });
    const gbp = await order(token, { forex_id: id('GBPUSD'), type: 2, cont: '0.1', multiple: 30 });
    const socket = await socketFor(token, ['FOREX_CLOSED', 'FOREX_TRADE']);
    const snapshot = ForexTradeMessage.parse(await nextOf(socket, 'FOREX_TRADE'));
    expect(snapshot.data.orders.map((o) => o.Id).sort()).toEqual([eur.Id, gbp.Id].sort());
    // Equity = 100,000 − 70.7 of fees − 1 of GBPUSD spread + (bid − 1.10010) × 1,000,000:
    // at 1.02000 it is 19,828.30, 53.5 % of the margin; at 1.01500 it is 14,828.30, 40 %.
    s.tick('EURUSD', '1.02000', '1.02010');
    await s.settle();
    expect((await history(token)).total).toBe(0);
    // The push that carries the new price (one priced before the tick may still be on its way).
    let live = ForexTradeMessage.parse(await nextOf(socket, 'FOREX_TRADE'));
    while (live.data.orders.find((o) => o.Id === eur.Id)?.Price === '1.10000')
      live = ForexTradeMessage.parse(await nextOf(socket, 'FOREX_TRADE'));
    expect(live.data.orders.find((o) => o.Id === eur.Id)).toMatchObject({
      Price: '1.02000',
      FactProfits: '-80100.000000',
    });
    s.tick('EURUSD', '1.01500', '1.01510');
    const closed = ForexClosedMessage.parse(await nextOf(socket, 'FOREX_CLOSED'));
    expect(closed.data).toMatchObject({
      Id: eur.Id,
      reason: 'stop_out',
      Price: '1.01500',
      FactProfits: '-85100.000000',
    });
    await s.settle();
    const still = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1 }, token)).body.data,
    );
    expect(still.data.map((o) => o.Id)).toEqual([gbp.Id]);
    expect(Number(still.risk_rate)).toBeGreaterThan(50);
    await conserved(userId);
    expect((await s.api('/v1/api/forex/close', { id: gbp.Id }, token)).body.code).toBe(1);
    s.tick('EURUSD', '1.10000', '1.10010');
  });

  it('books a gap past zero to the house so the balance ends at exactly 0', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const { token, userId } = await s.demo();
    const o = await order(token, { forex_id: id('EURUSD'), cont: '10', multiple: 30 });
    s.tick('EURUSD', '0.90000', '0.90010');
    await s.settle();
    // (0.90000 − 1.10010) × 1,000,000 = −200,100 USD against 99,993 USD of free + frozen.
    expect((await history(token)).data[0]).toMatchObject({
      Id: o.Id,
      CloseReason: 'stop_out',
      FactProfits: '-200100.000000',
    });
    const c = await accountCheck(s, userId);
    expect(c.freeMicros).toBe(0);
    expect(c.frozenMicros).toBe(0);
    expect(c.protection).toBe(200_100_000_000 - (START_MICROS - 70_000_000));
    await conserved(userId);
    s.tick('EURUSD', '1.10000', '1.10010');
  });
});

describe('concurrency', () => {
  it('lets parallel orders drain one balance only as far as it goes', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const { token, userId } = await s.demo();
    // Each costs 36,670 + 70 USD: two fit in 100,000, the third does not.
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        s.api(
          '/v1/api/forex/submit',
          { type: 1, cont: '10', forex_id: id('EURUSD'), status: 1, multiple: 30 },
          token,
        ),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(2);
    expect(codes.filter((c) => c === ERRORS.insufficient_balance.code)).toHaveLength(10);
    const c = await accountCheck(s, userId);
    expect(c.frozenMicros).toBe(2 * 36_670_000_000);
    expect(c.freeMicros).toBe(START_MICROS - 2 * (36_670_000_000 + 70_000_000));
    expect(c.freeMicros).toBe(c.ledgerFree);
  });
});

describe('FOREX_TRADE', () => {
  it('needs a login and sends the totals on subscribe', async () => {
    const socket = await TestSocket.open(`${s.t.wsUrl}?lang=en`);
    sockets.push(socket);
    socket.sendJson({ type: 'sub', topic: 'FOREX_TRADE' });
    expect((await socket.nextJson()).code).not.toBe(1);
    const { token } = await s.demo();
    const ws = await socketFor(token, ['FOREX_TRADE']);
    const first = ForexTradeMessage.parse(await nextOf(ws, 'FOREX_TRADE'));
    expect(first.data).toMatchObject({ balance: '100000.000000', orders: [], risk_rate: null });
    await eventually(() => s.t.server.gateway.subscriberCount('FOREX_TRADE') > 0, 'subscribed');
  });
});
