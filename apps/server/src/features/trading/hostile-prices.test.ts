import { ERRORS, type ErrorKey, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_CHANNEL, type OrderEvent } from './model.js';
import { selectOrder } from './orders.repository.js';
import { startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Issue 11, item 1: one accepted price (a take-profit of 999999999999.99999 on a 5-decimal
 * instrument) once threw inside the trigger worker and stopped TP, SL, pending fills and stop-outs
 * for every account, and after a restart the rebuild stopped at that order. Every price-taking call
 * now refuses such values, and the worker skips (logs and counts) whatever it cannot index.
 */

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
  s.tick('AUDUSD', '0.65000', '0.65010');
});
afterAll(async () => {
  await s?.close();
});

const EURUSD = () => s.engine.pricing.markets.requireInstrument('EURUSD').id;
const AUDUSD = () => s.engine.pricing.markets.requireInstrument('AUDUSD').id;
const submit = (token: string, q: Record<string, string | number>) =>
  s.api(
    '/v1/api/forex/submit',
    { type: 1, cont: '1', forex_id: EURUSD(), status: 1, multiple: 20, ...q },
    token,
  );

async function state(token: string) {
  const [holding, pending, detail] = await Promise.all([
    s.api('/v1/api/forex/my_deal', { status: 1 }, token),
    s.api('/v1/api/forex/my_deal', { status: 0 }, token),
    s.api('/v1/api/main/account/forexDetail', {}, token),
  ]);
  const h = MyDealResponse.parse(holding.body.data);
  return {
    holding: h.data.map((o) => [o.Id, o.TargetProfitPrice, o.TargetLossPrice]),
    pending: MyDealResponse.parse(pending.body.data).total,
    balances: detail.body.data,
  };
}

async function faults(stage: string): Promise<number> {
  const metric = await s.t.server.ctx.metrics.registry
    .getSingleMetric('meridian_trigger_worker_errors_total')
    ?.get();
  return metric?.values.find((v) => v.labels.stage === stage)?.value ?? 0;
}

/**
 * EURUSD quotes 1.10000 / 1.10010 (mid 1.10005) and the default band is 50 %: prices from 0.55003
 * (0.550025 rounded up) to 1.65007 (1.650075 rounded down) are accepted.
 */
const HOSTILE: Array<[string, string, ErrorKey]> = [
  ['huge (the reported value)', '999999999999.99999', 'price_out_of_range'],
  ['huge (past 2^53 at 5 decimals)', '95000000000', 'price_out_of_range'],
  ['huge (just under 2^53 at 5 decimals)', '90070000000', 'price_out_of_range'],
  ['a hundred million', '100000000', 'price_out_of_range'],
  ['just above the band', '1.65008', 'price_out_of_range'],
  ['just below the band', '0.55002', 'price_out_of_range'],
  ['tiny', '0.00001', 'price_out_of_range'],
  ['tinier than the precision', '0.000001', 'price_invalid'],
  ['negative', '-1', 'price_invalid'],
  ['negative zero point something', '-0.00001', 'price_invalid'],
  ['many decimals', '1.1000000001', 'price_invalid'],
  ['absurdly many digits', '1.123456789012345678901', 'price_invalid'],
  ['exponent', '1e10', 'price_invalid'],
  ['exponent with a point', '1.1e0', 'price_invalid'],
  ['capital exponent', '1E5', 'price_invalid'],
  ['NaN', 'NaN', 'price_invalid'],
  ['Infinity', 'Infinity', 'price_invalid'],
  ['-Infinity', '-Infinity', 'price_invalid'],
  ['hex', '0x1F', 'price_invalid'],
  ['hex float', '0x1.1p0', 'price_invalid'],
  ['decimal comma', '1,1', 'price_invalid'],
  ['two points', '1.1.1', 'price_invalid'],
  ['full-width digits', '１.１', 'price_invalid'],
  ['blank', ' ', 'price_invalid'],
];

/** Every call that takes a price, and which of its parameters; all are buys at the market price. */
const CALLS: Array<[string, (v: string) => Record<string, string | number>]> = [
  ['submit take-profit', (v) => ({ target_profit_price: v })],
  ['submit stop-loss', (v) => ({ stop_loss_price: v })],
  ['submit pending target', (v) => ({ status: 0, target_price: v })],
  ['submit pending take-profit', (v) => ({ status: 0, target_price: '1.09000', target_profit_price: v })],
  ['submit pending stop-loss', (v) => ({ status: 0, target_price: '1.09000', stop_loss_price: v })],
];

describe('hostile prices are refused by every price-taking call', () => {
  let token: string;
  let holdingId: number;
  let before: Awaited<ReturnType<typeof state>>;

  beforeAll(async () => {
    ({ token } = await s.demo());
    holdingId = Order.parse((await submit(token, {})).body.data).Id;
    before = await state(token);
  });

  for (const [call, query] of CALLS) {
    it.each(HOSTILE)(`${call}: %s (%s) → %s`, async (_name, value, key) => {
      const r = await submit(token, query(value));
      expect([r.status, r.body.code]).toEqual([ERRORS[key].status, ERRORS[key].code]);
      expect(r.body.msg.length).toBeGreaterThan(0);
      expect(await state(token)).toEqual(before);
    });
  }

  for (const field of ['target_profit_price', 'stop_loss_price'] as const) {
    it.each(HOSTILE)(`set_stop_price ${field}: %s (%s) → %s`, async (_name, value, key) => {
      const r = await s.api('/v1/api/forex/set_stop_price', { id: holdingId, [field]: value }, token);
      expect([r.status, r.body.code]).toEqual([ERRORS[key].status, ERRORS[key].code]);
      expect(await state(token)).toEqual(before);
    });
  }

  it('names the band in the refusal', async () => {
    const r = await submit(token, { target_profit_price: '999999999999.99999' });
    expect(r.body.msg).toContain('0.55003');
    expect(r.body.msg).toContain('1.65007');
    expect(r.body.data).toEqual({ low: '0.55003', high: '1.65007' });
  });

  it('accepts the edges of the band', async () => {
    const edge = await submit(token, { target_profit_price: '1.65007', stop_loss_price: '0.55003' });
    expect(edge.body.code).toBe(1);
    const r = await s.api(
      '/v1/api/forex/set_stop_price',
      { id: holdingId, target_profit_price: '1.65007', stop_loss_price: '0.55003' },
      token,
    );
    expect(r.body.code).toBe(1);
    await s.api('/v1/api/forex/close', { id: Order.parse(edge.body.data).Id }, token);
  });

  it('answers a pending order at 100000000 with a validation error, not a server failure', async () => {
    const now = await state(token);
    const r = await submit(token, { status: 0, target_price: '100000000' });
    expect([r.status, r.body.code]).toEqual([400, ERRORS.price_out_of_range.code]);
    // Past the band too (an operator who widens it): the margin passes the money ceiling.
    await s.setSetting('price_band_pct', '100000000000');
    try {
      const wide = await submit(token, { status: 0, target_price: '100000000' });
      expect([wide.status, wide.body.code]).toEqual([400, ERRORS.order_too_large.code]);
    } finally {
      await s.setSetting('price_band_pct', '50');
    }
    expect(await state(token)).toEqual(now);
  });

  it("afterwards another account's stop-loss still fires", async () => {
    const other = await s.demo();
    const o = Order.parse(
      (await submit(other.token, { forex_id: AUDUSD(), stop_loss_price: '0.64000' })).body.data,
    );
    s.tick('AUDUSD', '0.63990', '0.64000');
    await s.settle();
    const history = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 3 }, other.token)).body.data,
    );
    expect(history.data.map((h) => [h.Id, h.CloseReason])).toEqual([[o.Id, 'sl']]);
    s.tick('AUDUSD', '0.65000', '0.65010');
  });
});

describe('the trigger worker isolates a poisoned order', () => {
  /** An order like `source` with a take-profit no index can hold, as a bad row or event would carry. */
  const poisoned = (source: Order, userId: number): OrderEvent => ({
    order: {
      id: source.Id,
      userId,
      instrumentId: source.ForexId,
      side: 'buy',
      status: 1,
      lots: source.Quantity,
      leverage: source.Multiple,
      openPrice: source.OriginPrice,
      targetPrice: null,
      fillDirection: null,
      tp: '999999999999.99999',
      sl: null,
      marginMicros: 1,
      feeMicros: 0,
      closePrice: null,
      pnlMicros: 0,
      protectionMicros: 0,
      closeReason: null,
      version: 1_000_000,
      createdAt: 0,
      filledAt: 0,
      closedAt: null,
    },
    freeMicros: 0,
    frozenMicros: 0,
  });

  it('skips a poisoned order event (logged, counted) and keeps firing for everyone else', async () => {
    const victim = await s.demo();
    const bad = Order.parse((await submit(victim.token, {})).body.data);
    const before = await faults('event');
    s.t.server.ctx.bus.publish(ORDER_EVENTS_CHANNEL, poisoned(bad, victim.userId));
    await s.settle();
    expect(await faults('event')).toBe(before + 1);

    const other = await s.demo();
    const o = Order.parse(
      (await submit(other.token, { forex_id: AUDUSD(), stop_loss_price: '0.64000' })).body.data,
    );
    s.tick('AUDUSD', '0.63990', '0.64000');
    await s.settle();
    expect((await selectOrder(s.t.server.ctx.db.kysely, o.Id))?.closeReason).toBe('sl');
    s.tick('AUDUSD', '0.65000', '0.65010');
  });

  it('a poisoned row in the database does not stop the rebuild from tracking the orders after it', async () => {
    const db = s.t.server.ctx.db.kysely;
    const owner = await s.demo();
    const bad = Order.parse((await submit(owner.token, {})).body.data);
    // Written straight into the table, as an older server (or a hand edit) could have left it.
    await db.updateTable('orders').set({ tp: '999999999999.99999' }).where('id', '=', bad.Id).execute();
    const other = await s.demo();
    const later = Order.parse(
      (await submit(other.token, { forex_id: AUDUSD(), stop_loss_price: '0.64000' })).body.data,
    );
    expect(later.Id).toBeGreaterThan(bad.Id);

    await s.engine.worker.stop();
    const before = await faults('rebuild');
    await s.engine.worker.start();
    expect(await faults('rebuild')).toBe(before + 1);
    // Every open order is tracked but the poisoned one.
    const open = await db.selectFrom('orders').select('id').where('status', 'in', [0, 1]).execute();
    expect(s.engine.worker.openOrders).toBe(open.length - 1);

    s.tick('AUDUSD', '0.63990', '0.64000');
    await s.settle();
    expect((await selectOrder(db, later.Id))?.closeReason).toBe('sl');
    s.tick('AUDUSD', '0.65000', '0.65010');
  });
});
