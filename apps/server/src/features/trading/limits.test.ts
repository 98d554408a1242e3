import { ERRORS, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck, startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Issue 11, item 6: per-account caps on holding positions and pending orders, and a rate of order
 * entry (operator settings). Each refusal is a translated error and changes nothing.
 */

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
});
afterAll(async () => {
  await s?.close();
});
afterEach(async () => {
  for (const [key, value] of Object.entries({
    order_rate_per_minute: '60',
    max_open_positions: '200',
    max_pending_orders: '100',
  }))
    await s.setSetting(key, value);
});

const EURUSD = () => s.engine.pricing.markets.requireInstrument('EURUSD').id;
const market = (token: string) =>
  s.api('/v1/api/forex/submit', { type: 1, cont: '0.1', forex_id: EURUSD(), status: 1, multiple: 20 }, token);
const pending = (token: string) =>
  s.api(
    '/v1/api/forex/submit',
    { type: 1, cont: '0.1', forex_id: EURUSD(), status: 0, target_price: '1.05000', multiple: 20 },
    token,
  );

async function counts(token: string): Promise<[number, number]> {
  const [holding, waiting] = await Promise.all(
    [1, 0].map(async (status) =>
      MyDealResponse.parse((await s.api('/v1/api/forex/my_deal', { status }, token)).body.data),
    ),
  );
  return [holding?.total ?? -1, waiting?.total ?? -1];
}

describe('order entry rate', () => {
  it('refuses the order past the per-minute rate, changes nothing, and lets it through a minute later', async () => {
    await s.setSetting('order_rate_per_minute', '3');
    const { token, userId } = await s.demo();
    for (let i = 0; i < 3; i++) expect((await market(token)).body.code).toBe(1);
    const before = await accountCheck(s, userId);

    const r = await market(token);
    expect([r.status, r.body.code]).toEqual([429, ERRORS.order_rate_limited.code]);
    expect(r.body.msg).toBe('You are placing orders too quickly (at most 3 a minute). Please wait a moment.');
    expect(await accountCheck(s, userId)).toEqual(before);
    expect(await counts(token)).toEqual([3, 0]);

    // Another account has its own allowance.
    const other = await s.demo();
    expect((await market(other.token)).body.code).toBe(1);

    // A third of a minute refills one order (the clock is the market's, virtual here).
    s.time.advance(20_000);
    expect((await market(token)).body.code).toBe(1);
    expect((await market(token)).body.code).toBe(ERRORS.order_rate_limited.code);
  });
});

describe('caps per account', () => {
  it('refuses a holding position past max_open_positions, changing nothing', async () => {
    await s.setSetting('max_open_positions', '2');
    const { token, userId } = await s.demo();
    expect((await market(token)).body.code).toBe(1);
    expect((await market(token)).body.code).toBe(1);
    const before = await accountCheck(s, userId);
    const r = await market(token);
    expect([r.status, r.body.code]).toEqual([409, ERRORS.too_many_positions.code]);
    expect(r.body.msg).toBe('You can hold at most 2 open positions. Please close one first.');
    expect(await accountCheck(s, userId)).toEqual(before);
    expect(await counts(token)).toEqual([2, 0]);
    // Pending orders have their own cap.
    expect((await pending(token)).body.code).toBe(1);
  });

  it('refuses a pending order past max_pending_orders, changing nothing', async () => {
    await s.setSetting('max_pending_orders', '1');
    const { token, userId } = await s.demo();
    expect((await pending(token)).body.code).toBe(1);
    const before = await accountCheck(s, userId);
    const r = await pending(token);
    expect([r.status, r.body.code]).toEqual([409, ERRORS.too_many_pending_orders.code]);
    expect(r.body.msg).toBe('You can have at most 1 pending orders. Please cancel one first.');
    expect(await accountCheck(s, userId)).toEqual(before);
    expect(await counts(token)).toEqual([0, 1]);
  });

  it('gives a slot back when a position closes or a pending order is cancelled', async () => {
    await s.setSetting('max_open_positions', '1');
    await s.setSetting('max_pending_orders', '1');
    const { token, userId } = await s.demo();
    const first = await market(token);
    expect(first.body.code).toBe(1);
    const firstId = Order.parse(first.body.data).Id;
    expect((await market(token)).body.code).toBe(ERRORS.too_many_positions.code);
    expect((await s.api('/v1/api/forex/close', { id: firstId }, token)).body.code).toBe(1);
    expect((await market(token)).body.code).toBe(1);

    const waiting = await pending(token);
    expect(waiting.body.code).toBe(1);
    const waitingId = Order.parse(waiting.body.data).Id;
    expect((await pending(token)).body.code).toBe(ERRORS.too_many_pending_orders.code);
    expect((await s.api('/v1/api/forex/cancel_trade', { id: waitingId }, token)).body.code).toBe(1);
    expect((await pending(token)).body.code).toBe(1);
    expect(await counts(token)).toEqual([1, 1]);
    // accountCheck also holds the account's own counts against its orders.
    expect(await accountCheck(s, userId)).toMatchObject({ holdingOrders: 1, pendingOrders: 1 });
  });

  it('holds the cap exactly when orders race', async () => {
    await s.setSetting('max_open_positions', '3');
    const { token, userId } = await s.demo();
    const answers = await Promise.all(Array.from({ length: 10 }, () => market(token)));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === ERRORS.too_many_positions.code)).toHaveLength(7);
    expect(await counts(token)).toEqual([3, 0]);
    const c = await accountCheck(s, userId);
    expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
    expect(c.freeMicros).toBe(c.ledgerFree);
  });
});
