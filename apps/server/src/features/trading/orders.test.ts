import { ERRORS, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck, START_MICROS, startTradingServer, type TradingServer } from './testing/harness.js';

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
  s.tick('GBPUSD', '1.25000', '1.25010');
  s.tick('EURGBP', '0.85000', '0.85010');
});
afterAll(async () => {
  await s?.close();
});

const SUBMIT = '/v1/api/forex/submit';
const EURUSD_ID = () => s.engine.pricing.markets.requireInstrument('EURUSD').id;
const EURGBP_ID = () => s.engine.pricing.markets.requireInstrument('EURGBP').id;

async function submit(token: string, q: Record<string, string | number>) {
  return s.api(SUBMIT, { type: 1, cont: '1', forex_id: EURUSD_ID(), status: 1, multiple: 20, ...q }, token);
}

async function detail(token: string) {
  const r = await s.api('/v1/api/main/account/forexDetail', {}, token);
  return r.body.data as { balance: string; lock_balance: string };
}

describe('booking, to the micro-unit', () => {
  it('buys EURUSD at the ask: margin = lots × units × price / leverage, fee per lot; closes at the bid', async () => {
    const { token, userId } = await s.demo();
    const r = await submit(token, {});
    expect(r.body.code).toBe(1);
    const order = Order.parse(r.body.data);
    // 1 × 100,000 × 1.10010 / 20 = 5,500.50 USD; trade_fee_type 1: 1 lot × 7 USD.
    expect(order).toMatchObject({
      Status: 1,
      OriginPrice: '1.10010',
      CautionMoney: '5500.500000',
      TradeFee: '7.000000',
    });
    expect(order.FactProfits).toBe('-10.000000'); // valued at the bid: minus the 1-pip spread
    expect(await detail(token)).toMatchObject({ balance: '94492.500000', lock_balance: '5500.500000' });

    s.tick('EURUSD', '1.10200', '1.10210');
    const closed = await s.api('/v1/api/forex/close', { id: order.Id }, token);
    expect(closed.body.code).toBe(1);
    // (1.10200 − 1.10010) × 100,000 = 190 USD.
    expect(Order.parse(closed.body.data)).toMatchObject({
      Status: 3,
      Price: '1.10200',
      FactProfits: '190.000000',
      CloseReason: 'manual',
    });
    expect(await detail(token)).toMatchObject({ balance: '100183.000000', lock_balance: '0.000000' });

    const ledger = await s.api('/v1/api/main/accountLog/forexChange', { page: 1 }, token);
    const list = (ledger.body.data as { list: Array<{ kind: string; number: string; memo: string }> }).list;
    expect(list.map((l) => [l.kind, l.number])).toEqual([
      ['realised_pnl', '190.000000'],
      ['margin_release', '5500.500000'],
      ['trade_fee', '-7.000000'],
      ['margin_freeze', '-5500.500000'],
      ['opening_grant', '100000.000000'],
    ]);
    expect(list[0]?.memo).toBe(`Realised profit/loss: EUR/USD (order #${order.Id})`);
    const check = await accountCheck(s, userId);
    expect(check.freeMicros + check.frozenMicros).toBe(check.ledgerFree + check.ledgerFrozen);
    s.tick('EURUSD', '1.10000', '1.10010');
  });

  it('charges the fee as a share of the margin when trade_fee_type is 2', async () => {
    await s.setSetting('trade_fee_type', '2');
    try {
      const { token } = await s.demo();
      const order = Order.parse((await submit(token, {})).body.data);
      // 5,500.50 × 0.001 = 5.5005 USD.
      expect(order).toMatchObject({ CautionMoney: '5500.500000', TradeFee: '5.500500' });
      expect(await detail(token)).toMatchObject({ balance: '94493.999500', lock_balance: '5500.500000' });
    } finally {
      await s.setSetting('trade_fee_type', '1');
    }
  });

  it('sells EURGBP (quoted in GBP) converting with the GBPUSD mid', async () => {
    const { token } = await s.demo();
    const r = await submit(token, { forex_id: EURGBP_ID(), type: 2, cont: '2', multiple: 10 });
    const order = Order.parse(r.body.data);
    // 2 × 100,000 × 0.85000 / 10 GBP × 1.25005 USD/GBP = 21,250.85 USD; 2 lots × 8 USD.
    expect(order).toMatchObject({
      OrderType: 2,
      OriginPrice: '0.85000',
      CautionMoney: '21250.850000',
      TradeFee: '16.000000',
    });
    s.tick('EURGBP', '0.84500', '0.84510');
    const closed = Order.parse((await s.api('/v1/api/forex/close', { id: order.Id }, token)).body.data);
    // (0.85000 − 0.84510) × 200,000 = 980 GBP × 1.25005 = 1,225.049 USD, closed at the ask.
    expect(closed).toMatchObject({ Price: '0.84510', FactProfits: '1225.049000' });
    expect(await detail(token)).toMatchObject({ balance: '101209.049000' });
    s.tick('EURGBP', '0.85000', '0.85010');
  });

  it('prices the same order again when only the conversion rate moved (costs are remembered by all their inputs)', async () => {
    const { token } = await s.demo();
    const sell = { forex_id: EURGBP_ID(), type: 2, cont: '2', multiple: 10 };
    const first = Order.parse((await submit(token, sell)).body.data);
    expect(first.CautionMoney).toBe('21250.850000');
    // EURGBP unchanged, GBPUSD up: 17,000 GBP × 1.30005 USD/GBP = 22,100.85 USD.
    s.tick('GBPUSD', '1.30000', '1.30010');
    try {
      const second = Order.parse((await submit(token, sell)).body.data);
      expect(second).toMatchObject({
        OriginPrice: '0.85000',
        CautionMoney: '22100.850000',
        TradeFee: '16.000000',
      });
    } finally {
      s.tick('GBPUSD', '1.25000', '1.25010');
    }
    const third = Order.parse((await submit(token, sell)).body.data);
    expect(third.CautionMoney).toBe('21250.850000');

    // Two of these positions closed at the same EURGBP ask, the GBPUSD rate moved between: each
    // P&L at its own rate. (0.85000 − 0.84510) × 200,000 = 980 GBP.
    s.tick('EURGBP', '0.84500', '0.84510');
    try {
      const close = async (id: number) =>
        Order.parse((await s.api('/v1/api/forex/close', { id }, token)).body.data).FactProfits;
      expect(await close(first.Id)).toBe('1225.049000');
      s.tick('GBPUSD', '1.30000', '1.30010');
      expect(await close(third.Id)).toBe('1274.049000');
    } finally {
      s.tick('GBPUSD', '1.25000', '1.25010');
      s.tick('EURGBP', '0.85000', '0.85010');
    }
  });

  it('freezes a pending order’s margin at placement and releases it on cancel', async () => {
    const { token, userId } = await s.demo();
    const r = await submit(token, { status: 0, target_price: '1.09000' });
    const order = Order.parse(r.body.data);
    // Margin at the target: 1 × 100,000 × 1.09 / 20 = 5,450 USD; the fee waits for the fill.
    expect(order).toMatchObject({
      Status: 0,
      OriginPrice: '1.09000',
      CautionMoney: '5450.000000',
      TradeFee: '7.000000',
    });
    expect(await detail(token)).toMatchObject({ balance: '94550.000000', lock_balance: '5450.000000' });
    const pending = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 0 }, token)).body.data,
    );
    expect(pending.data.map((o) => o.Id)).toEqual([order.Id]);
    const cancelled = await s.api('/v1/api/forex/cancel_trade', { id: order.Id }, token);
    expect(Order.parse(cancelled.body.data)).toMatchObject({ Status: 3, CloseReason: 'cancelled' });
    expect(await detail(token)).toMatchObject({ balance: '100000.000000', lock_balance: '0.000000' });
    const again = await s.api('/v1/api/forex/cancel_trade', { id: order.Id }, token);
    expect(again.body.code).toBe(ERRORS.order_not_pending.code);
    expect((await accountCheck(s, userId)).ledgerFree).toBe(START_MICROS);
  });

  it('my_deal pages 10 a time, newest first, with the summary figures', async () => {
    const { token } = await s.demo();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(Order.parse((await submit(token, { cont: '0.01' })).body.data).Id);
    const p1 = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1, page: 1 }, token)).body.data,
    );
    const p2 = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1, page: 2 }, token)).body.data,
    );
    expect(p1.total).toBe(12);
    expect(p1.data.map((o) => o.Id)).toEqual(ids.slice(2).reverse());
    expect(p2.data.map((o) => o.Id)).toEqual(ids.slice(0, 2).reverse());
    // Each: margin 55.005, fee 0.07, floating −0.10 (one pip of spread on 1,000 units).
    expect(p1).toMatchObject({ margin: '660.060000', all_fact_profits: '-1.200000', profit: '-1.200000' });
    expect(p1.balance).toBe('99339.100000');
    // equity = 99,339.10 + 660.06 − 1.20 = 99,997.96; / 660.06 × 100 = 15,149.8318…
    expect(p1.equity).toBe('99997.960000');
    expect(p1.risk_rate).toBe('15149.83');
  });
});

describe('refusals change nothing', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    ({ token, userId } = await s.demo());
  });

  const cases: Array<[string, Record<string, string | number>, keyof typeof ERRORS]> = [
    ['leverage not offered', { multiple: 7 }, 'leverage_not_offered'],
    ['zero lots', { cont: '0' }, 'lots_invalid'],
    ['negative lots', { cont: '-1' }, 'lots_invalid'],
    ['non-numeric lots', { cont: 'abc' }, 'lots_invalid'],
    ['off-step lots', { cont: '0.015' }, 'lots_off_step'],
    ['absurd lots', { cont: '1000000000' }, 'lots_too_large'],
    ['lots over the maximum', { cont: '50.01' }, 'lots_too_large'],
    ['TP below the bid for a buy', { target_profit_price: '1.09000' }, 'take_profit_wrong_side'],
    ['SL above the bid for a buy', { stop_loss_price: '1.11000' }, 'stop_loss_wrong_side'],
    ['TP above the ask for a sell', { type: 2, target_profit_price: '1.2' }, 'take_profit_wrong_side'],
    ['negative price', { stop_loss_price: '-1' }, 'price_invalid'],
    ['NaN price', { target_profit_price: 'NaN' }, 'price_invalid'],
    ['absurdly many digits', { target_profit_price: '1.123456789012345678901' }, 'price_invalid'],
    ['more decimals than the instrument', { target_profit_price: '1.123456' }, 'price_invalid'],
    ['pending without a price', { status: 0 }, 'target_price_required'],
    ['pending at price 0', { status: 0, target_price: '0' }, 'target_price_required'],
    ['free balance short of margin + fee', { cont: '40', multiple: 5 }, 'insufficient_balance'],
    ['unknown instrument', { forex_id: 99_999 }, 'unknown_instrument'],
  ];
  for (const [name, query, key] of cases) {
    it(`${name} → ${key}`, async () => {
      const r = await submit(token, query);
      expect(r.body.code).toBe(ERRORS[key].code);
      expect(r.status).toBe(ERRORS[key].status);
      expect(r.body.msg.length).toBeGreaterThan(0);
      expect(await detail(token)).toMatchObject({ balance: '100000.000000', lock_balance: '0.000000' });
    });
  }

  it('translates the refusal into the request language', async () => {
    const r = await s.api(
      SUBMIT,
      { type: 1, cont: '0', forex_id: EURUSD_ID(), status: 1, multiple: 20 },
      token,
    );
    expect(r.body.msg).toBe('Please enter a valid lot size greater than zero.');
  });

  it('refuses orders and closes while the market is closed', async () => {
    const { token: other } = await s.demo();
    const open = Order.parse((await submit(other, {})).body.data);
    const saturday = Date.parse('2026-01-17T12:00:00Z');
    s.time.advanceTo(saturday);
    try {
      expect((await submit(token, {})).body.code).toBe(ERRORS.market_closed.code);
      expect((await s.api('/v1/api/forex/close', { id: open.Id }, other)).body.code).toBe(
        ERRORS.market_closed.code,
      );
    } finally {
      s.time.advanceTo(Date.parse('2026-01-20T10:00:00Z'));
    }
    expect((await s.api('/v1/api/forex/close', { id: open.Id }, other)).body.code).toBe(1);
  });

  it('never shows, closes, cancels or edits another user’s order', async () => {
    const { token: owner } = await s.demo();
    const mine = Order.parse((await submit(owner, {})).body.data);
    for (const path of ['/v1/api/forex/close', '/v1/api/forex/cancel_trade']) {
      expect((await s.api(path, { id: mine.Id }, token)).body.code).toBe(ERRORS.order_not_found.code);
    }
    const edit = await s.api(
      '/v1/api/forex/set_stop_price',
      { id: mine.Id, target_profit_price: '2', stop_loss_price: '0' },
      token,
    );
    expect(edit.body.code).toBe(ERRORS.order_not_found.code);
    expect((await s.api('/v1/api/forex/close', { id: 987_654 }, token)).body.code).toBe(
      ERRORS.order_not_found.code,
    );
    const list = MyDealResponse.parse((await s.api('/v1/api/forex/my_deal', { status: 1 }, token)).body.data);
    expect(list.data.some((o) => o.Id === mine.Id)).toBe(false);
    expect((await s.api('/v1/api/forex/close', { id: mine.Id }, owner)).body.code).toBe(1);
    const check = await accountCheck(s, userId);
    expect(check.freeMicros).toBe(START_MICROS);
  });

  it('answers order_not_holding to the second of two closes, and books once', async () => {
    const { token: u, userId: uid } = await s.demo();
    const o = Order.parse((await submit(u, {})).body.data);
    const [a, b] = await Promise.all([
      s.api('/v1/api/forex/close', { id: o.Id }, u),
      s.api('/v1/api/forex/close', { id: o.Id }, u),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([1, ERRORS.order_not_holding.code].sort());
    const check = await accountCheck(s, uid);
    expect(check.frozenMicros).toBe(0);
    // 7 USD of fee and 10 USD of spread (1 pip on 1 lot).
    expect(check.freeMicros).toBe(START_MICROS - 7_000_000 - 10_000_000);
    expect(check.freeMicros).toBe(check.ledgerFree);
  });

  it('sets TP/SL on a holding order and refuses the wrong side', async () => {
    const { token: u } = await s.demo();
    const o = Order.parse((await submit(u, {})).body.data);
    const bad = await s.api(
      '/v1/api/forex/set_stop_price',
      { id: o.Id, target_profit_price: '1.0', stop_loss_price: '0' },
      u,
    );
    expect(bad.body.code).toBe(ERRORS.take_profit_wrong_side.code);
    const ok = await s.api(
      '/v1/api/forex/set_stop_price',
      { id: o.Id, target_profit_price: '1.12', stop_loss_price: '1.08' },
      u,
    );
    expect(Order.parse(ok.body.data)).toMatchObject({
      TargetProfitPrice: '1.12000',
      TargetLossPrice: '1.08000',
    });
  });

  it('resets a demo account: cancels, closes, restores the starting balance; real users are refused', async () => {
    const { token: u, userId: uid } = await s.demo();
    await submit(u, {});
    await submit(u, { status: 0, target_price: '1.05' });
    s.tick('EURUSD', '1.09000', '1.09010');
    const r = await s.api('/v1/api/main/user/resetForexDemoAccount', {}, u);
    expect(r.body.data).toEqual({ balance: '100000.000000', lock_balance: '0.000000' });
    const history = MyDealResponse.parse((await s.api('/v1/api/forex/my_deal', { status: 3 }, u)).body.data);
    expect(history.data.map((o) => o.CloseReason)).toEqual(['reset', 'reset']);
    // Lost 1,010 USD on the close (1.09000 − 1.10010) and 7 USD of fee; the reset row restores them.
    expect(history.all_fact_profits).toBe('-1010.000000');
    const check = await accountCheck(s, uid);
    expect(check.freeMicros).toBe(START_MICROS);
    expect(check.freeMicros).toBe(check.ledgerFree);
    s.tick('EURUSD', '1.10000', '1.10010');
  });
});
