import {
  CopySummary,
  DrawCurrency,
  DrawMethod,
  ERRORS,
  ForexDetail,
  groupThousands,
  Order,
  routes,
} from '@meridian/contract';
import { formatMicros, toMicros } from '@meridian/trading';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readBalance } from '../accounts/ledger.js';
import { get, post } from '../identity/testing/client.js';
import { type CopyServer, startCopyServer } from './testing/harness.js';

/**
 * Money out never exceeds the free margin: a withdrawal (from the main account, or from a copy
 * account back to its follower) leaves in the account the loss its open positions stand at. Paid
 * out, that money would leave the positions unbacked: a stop-out, and the house covering what the
 * close costs below zero. Money into copying and into a new order follows the same rule.
 */

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
  // Withdrawals without a real-name review first (the gate has tests of its own).
  await s.t.server.ctx.db.kysely
    .updateTable('settings')
    .set({ value: '0' })
    .where('key', '=', 'withdraw_requires_real_name')
    .execute();
});
afterAll(async () => {
  await s?.close();
});

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const PASSWORD = 'secret123';
const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/** USD to two decimals, as a trader types it. */
const usd = (micros: number) => formatMicros(micros, 2);
/** As messages write amounts: 2 decimals, thousands grouped as on every screen ("13,489.50"). */
const shown = (micros: number) => groupThousands(usd(micros));
/** Rounded down to the cent: the most a message offers. */
const cents = (micros: number) => Math.floor(micros / 10_000) * 10_000;
const balanceOf = (userId: number) => readBalance(s.t.server.ctx.db.kysely, userId);

async function buyEurusd(token: string, lots: string): Promise<void> {
  const r = await s.call(
    routes.submitOrder,
    { type: 1, cont: lots, forex_id: s.eurusd(), status: 1, multiple: 20 },
    token,
  );
  expect(r.code, r.msg).toBe(1);
}

async function coinMethod(token: string): Promise<{ currency: number; method: number }> {
  const list = await get(s.t.baseUrl, '/api/account/draw_symbol_list', { type: 1 }, { token });
  const usdt = DrawCurrency.array()
    .parse(list.body.data)
    .find((c) => c.code === 'USDT' && c.protocol === 'TRC20');
  if (!usdt) throw new Error('no USDT TRC20 draw currency');
  const bound = await post(
    s.t.baseUrl,
    '/api/wallet/bind_draw_method',
    { password: PASSWORD, type: 1, draw_id: usdt.id, dc_address: TRC20 },
    { token },
  );
  expect(bound.body.code, bound.body.msg).toBe(1);
  return { currency: usdt.id, method: DrawMethod.parse(bound.body.data).id };
}

function draw(token: string, to: { currency: number; method: number }, number: string) {
  return post(
    s.t.baseUrl,
    '/api/account/draw',
    { draw_currency_id: to.currency, draw_method_id: to.method, number, memo: '', password: PASSWORD },
    { token },
  );
}

/**
 * A provider (100,000 USD) who has published a free strategy, and a follower (20,000 USD); `tag`
 * keeps each test's accounts and strategy names apart.
 */
async function providerAndFollower(tag: string) {
  const provider = await s.real(`free-margin-provider-${tag}@example.com`, 100_000);
  const follower = await s.real(`free-margin-follower-${tag}@example.com`, 20_000);
  const published = await s.call(
    routes.publish,
    { name: `Margin ${tag}`, desc: '', fee_rate: '0', min_invest: '100' },
    provider.token,
  );
  expect(published.code, published.msg).toBe(1);
  return { provider, follower, strategyId: (published.data as { id: number }).id };
}

describe('money out never exceeds the free margin', () => {
  it('a withdrawal leaves the loss open positions stand at in the account; an open profit adds nothing', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const trader = await s.real('free-margin-trader@example.com', 20_000);
    const to = await coinMethod(trader.token);
    await buyEurusd(trader.token, '1');
    // The bid falls to 1.09000: one lot bought at 1.10010 stands at −1,010.00 USD.
    s.tick('EURUSD', '1.09000', '1.09010');
    const before = await balanceOf(trader.userId);
    const max = cents(before.balanceMicros - 1_010_000_000);
    expect(max).toBeGreaterThan(0);

    const over = await draw(trader.token, to, usd(max + 10_000));
    expect(over.body.code, over.body.msg).toBe(code('withdraw_above_free_margin'));
    expect(over.body.msg).toContain(shown(max));
    // Nothing moved, nothing was recorded.
    expect(await balanceOf(trader.userId)).toEqual(before);
    const records = await get(s.t.baseUrl, '/api/account/draw_list', { page: 1 }, { token: trader.token });
    expect((records.body.data as { total: number }).total).toBe(0);

    const exact = await draw(trader.token, to, usd(max));
    expect(exact.body.code, exact.body.msg).toBe(1);
    expect(await balanceOf(trader.userId)).toEqual({
      balanceMicros: before.balanceMicros - max,
      frozenMicros: before.frozenMicros + max,
    });

    // In profit, the spare is the free balance: an open profit is not money yet.
    s.tick('EURUSD', '1.12000', '1.12010');
    const now = await balanceOf(trader.userId);
    const beyond = await draw(trader.token, to, usd(cents(now.balanceMicros) + 10_000));
    expect(beyond.body.code).toBe(code('balance_too_low'));
    const all = await draw(trader.token, to, usd(cents(now.balanceMicros)));
    expect(all.body.code, all.body.msg).toBe(1);
  });

  it("a copy's funds go back to its follower only as far as its free margin", async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const { strategyId, follower, provider } = await providerAndFollower('one');
    const copied = await s.call(routes.copy, { strategy_id: strategyId, amount: '10000' }, follower.token);
    expect(copied.code, copied.msg).toBe(1);
    const copy = CopySummary.parse(copied.data);
    const row = await s.t.server.ctx.db.kysely
      .selectFrom('copies')
      .select('account_id')
      .where('id', '=', copy.copy_id)
      .executeTakeFirstOrThrow();
    const accountId = row.account_id as number;

    // The provider buys 1 lot with about ten times the copy's equity: the copy holds 0.1 lot.
    await buyEurusd(provider.token, '1');
    const held = await s.t.server.ctx.db.kysely
      .selectFrom('orders')
      .select(['lots', 'status'])
      .where('user_id', '=', accountId)
      .execute();
    expect(held).toEqual([{ lots: '0.1', status: 1 }]);
    // 0.1 lot bought at 1.10010, bid 1.09000: −101.00 USD.
    s.tick('EURUSD', '1.09000', '1.09010');
    const before = await balanceOf(accountId);
    const spare = cents(before.balanceMicros - 101_000_000);

    const over = await s.call(
      routes.copyFunds,
      { copy_id: copy.copy_id, amount: `-${usd(spare + 10_000)}` },
      follower.token,
    );
    expect(over.code, over.msg).toBe(code('copy_withdraw_too_large'));
    expect(over.msg).toContain(shown(spare));
    expect(await balanceOf(accountId)).toEqual(before);

    const taken = await s.call(
      routes.copyFunds,
      { copy_id: copy.copy_id, amount: `-${usd(spare)}` },
      follower.token,
    );
    expect(taken.code, taken.msg).toBe(1);
    expect((await balanceOf(accountId)).balanceMicros).toBe(before.balanceMicros - spare);
  });

  it('a pending withdrawal backs no position: the stop-out counts equity without it', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const withdrawing = await s.real('free-margin-leaving@example.com', 20_000);
    const control = await s.real('free-margin-staying@example.com', 20_000);
    const to = await coinMethod(withdrawing.token);
    await buyEurusd(withdrawing.token, '1');
    await buyEurusd(control.token, '1');
    // No loss yet: 14,000 of the free balance may leave (it stays frozen until paid).
    const asked = await draw(withdrawing.token, to, '14000');
    expect(asked.body.code, asked.body.msg).toBe(1);
    const before = await balanceOf(withdrawing.userId);
    // The account's figures say the same: the equity leaves the 14,000 out (no open P&L at the
    // bid the position was bought at less the spread: 1.10000 − 1.10010 on one lot is −10.00).
    const figures = ForexDetail.parse((await s.call(routes.forexDetail, {}, withdrawing.token)).data);
    expect(toMicros(figures.equity)).toBe(
      before.balanceMicros + before.frozenMicros - 14_000_000_000 - 10_000_000,
    );
    const orderOf = (userId: number) =>
      s.t.server.ctx.db.kysely
        .selectFrom('orders')
        .select(['status', 'close_reason', 'pnl_micros', 'margin_micros'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    const margin = Number((await orderOf(withdrawing.userId)).margin_micros);

    // The bid falls to 1.06000: −4,010.00 USD on one lot. Without the 14,000 on its way out the
    // equity is about 1,990 against 5,500.50 of margin (36%, under the 50% stop-out); counted in,
    // it would be 15,990 (291%), as the control account (no withdrawal) shows.
    s.tick('EURUSD', '1.06000', '1.06010');
    const closed = await vi.waitFor(
      async () => {
        const o = await orderOf(withdrawing.userId);
        if (o.status !== 3) throw new Error('not stopped out yet');
        return o;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(closed).toMatchObject({ close_reason: 'stop_out', pnl_micros: -4_010_000_000 });
    // Closed from its own money: the withdrawal is still there to pay, and nothing went below zero.
    expect(await balanceOf(withdrawing.userId)).toEqual({
      balanceMicros: before.balanceMicros + margin - 4_010_000_000,
      frozenMicros: 14_000_000_000,
    });
    expect(before.balanceMicros + margin - 4_010_000_000).toBeGreaterThan(0);
    await s.settle();
    expect((await orderOf(control.userId)).status).toBe(1);
  });

  it("money put into copying comes from the follower's free margin only", async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    const { strategyId, follower } = await providerAndFollower('two');
    // The follower's own position: one lot at 1.10010, then the bid at 1.09000 (−1,010.00 USD).
    await buyEurusd(follower.token, '1');
    s.tick('EURUSD', '1.09000', '1.09010');
    const before = await balanceOf(follower.userId);
    const spare = cents(before.balanceMicros - 1_010_000_000);

    const over = await s.call(
      routes.copy,
      { strategy_id: strategyId, amount: usd(spare + 10_000) },
      follower.token,
    );
    expect(over.code, over.msg).toBe(code('copy_above_free_margin'));
    expect(over.msg).toContain(shown(spare));
    expect(await balanceOf(follower.userId)).toEqual(before);
    const none = await s.t.server.ctx.db.kysely
      .selectFrom('copies')
      .select('id')
      .where('follower_id', '=', follower.userId)
      .execute();
    expect(none).toEqual([]);

    const copied = await s.call(
      routes.copy,
      { strategy_id: strategyId, amount: usd(spare - 1_000_000) },
      follower.token,
    );
    expect(copied.code, copied.msg).toBe(1);
    const copy = CopySummary.parse(copied.data);
    // One more dollar is there, then no more.
    const added = await s.call(routes.copyFunds, { copy_id: copy.copy_id, amount: '1' }, follower.token);
    expect(added.code, added.msg).toBe(1);
    const more = await s.call(routes.copyFunds, { copy_id: copy.copy_id, amount: '0.01' }, follower.token);
    expect(more.code, more.msg).toBe(code('copy_above_free_margin'));
  });
});

describe('money into a new order comes from the free margin', () => {
  const ordersOf = (userId: number) =>
    s.t.server.ctx.db.kysely
      .selectFrom('orders')
      .select(['id', 'status', 'margin_micros', 'fee_micros'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const order = (token: string, q: Record<string, string | number>) =>
    s.call(routes.submitOrder, { type: 1, forex_id: s.eurusd(), status: 1, multiple: 20, ...q }, token);
  /** A trader (20,000 USD) who bought one lot of EURUSD at 1.10010, the price since moved to bid/ask. */
  async function holdingOneLot(email: string, bid: string, ask: string) {
    s.tick('EURUSD', '1.10000', '1.10010');
    const trader = await s.real(email, 20_000);
    await buyEurusd(trader.token, '1');
    s.tick('EURUSD', bid, ask);
    return trader;
  }

  it('a trader whose positions stand at a loss opens only what the free balance less that loss pays', async () => {
    // The bid falls to 1.09000: the lot bought at 1.10010 stands at −1,010.00 USD.
    const trader = await holdingOneLot('free-margin-orders@example.com', '1.09000', '1.09010');
    const before = await balanceOf(trader.userId);
    const freeMargin = before.balanceMicros - 1_010_000_000;
    const held = await ordersOf(trader.userId);
    expect(held).toHaveLength(1);
    // 2.6 lots at 1.09010 need 14,171.30 of margin (and a fee): more than the free margin (about
    // 13,490), less than the free balance (about 14,500): the balance alone would have paid it.
    const lots = 2.6;
    const marginNeed = 14_171_300_000;
    expect(marginNeed).toBeGreaterThan(freeMargin);
    expect(marginNeed + Number(held[0]?.fee_micros) * lots).toBeLessThan(before.balanceMicros);

    const refused = await order(trader.token, { cont: String(lots) });
    expect(refused.code, refused.msg).toBe(code('insufficient_free_margin'));
    // The amounts as the screens write them: 13,4xx.xx, not 134xx.xx.
    expect(refused.msg).toContain(shown(cents(freeMargin)));
    expect(refused.msg).toMatch(/free margin is 13,4\d\d\.\d\d USD/);
    // Nothing moved: the balance, the positions.
    expect(await balanceOf(trader.userId)).toEqual(before);
    expect(await ordersOf(trader.userId)).toEqual(held);
    // A pending order freezes its margin as well: the same rule.
    const pending = await order(trader.token, { cont: String(lots), status: 0, target_price: '1.08000' });
    expect(pending.code, pending.msg).toBe(code('insufficient_free_margin'));
    expect(await ordersOf(trader.userId)).toEqual(held);

    // What the free margin pays opens.
    const fits = await order(trader.token, { cont: '2.4' });
    expect(fits.code, fits.msg).toBe(1);
    const after = await ordersOf(trader.userId);
    expect(after).toHaveLength(2);
    const opened = after[1] as (typeof after)[number];
    expect((await balanceOf(trader.userId)).balanceMicros).toBe(
      before.balanceMicros - Number(opened.margin_micros) - Number(opened.fee_micros),
    );
  });

  it('a position closed since the last order no longer counts: its profit is in the balance, not open', async () => {
    s.tick('EURUSD', '1.10000', '1.10010');
    s.tick('GBPUSD', '1.25000', '1.25010');
    const trader = await s.real('free-margin-orders-closed@example.com', 20_000);
    await buyEurusd(trader.token, '1');
    // A second position: this order's check keeps the account's holdings summed for the next one.
    const sold = await s.call(
      routes.submitOrder,
      {
        type: 2,
        cont: '1',
        forex_id: s.t.server.ctx.services.markets.requireInstrument('GBPUSD').id,
        status: 1,
        multiple: 20,
      },
      trader.token,
    );
    expect(sold.code, sold.msg).toBe(1);
    // EURUSD's lot stands at −1,010.00; GBPUSD's sold lot at +1,990.00, and is closed: realised.
    s.tick('EURUSD', '1.09000', '1.09010');
    s.tick('GBPUSD', '1.23000', '1.23010');
    const closed = await s.call(routes.closeOrder, { id: Order.parse(sold.data).Id }, trader.token);
    expect(closed.code, closed.msg).toBe(1);
    const before = await balanceOf(trader.userId);
    const freeMargin = before.balanceMicros - 1_010_000_000;
    const held = await ordersOf(trader.userId);
    // 2.9 lots at 1.09010 need 15,806.45 of margin (and a fee): more than the free margin, less than
    // the free balance. Counted as still open, the closed lot's profit would have covered the loss.
    expect(15_806_450_000).toBeGreaterThan(freeMargin);
    expect(15_806_450_000 + 3 * Number(held[0]?.fee_micros)).toBeLessThan(before.balanceMicros);
    const refused = await order(trader.token, { cont: '2.9' });
    expect(refused.code, refused.msg).toBe(code('insufficient_free_margin'));
    expect(refused.msg).toContain(shown(cents(freeMargin)));
    expect(await balanceOf(trader.userId)).toEqual(before);
    expect(await ordersOf(trader.userId)).toEqual(held);
  });

  it('an open profit adds nothing, and a first position needs only the free balance', async () => {
    // In profit: +990.00 USD. The free balance (about 14,500) is still the most a new order takes.
    const trader = await holdingOneLot('free-margin-orders-profit@example.com', '1.11000', '1.11010');
    const before = await balanceOf(trader.userId);
    // 2.7 lots at 1.11010 need 14,986.35 of margin: more than the free balance, less than it with the profit.
    const over = await order(trader.token, { cont: '2.7' });
    expect(over.code, over.msg).toBe(code('insufficient_balance'));
    expect(await balanceOf(trader.userId)).toEqual(before);

    // A trader with no position uses the whole free balance, as before.
    const fresh = await s.real('free-margin-orders-first@example.com', 20_000);
    const all = await order(fresh.token, { cont: '3.5' });
    expect(all.code, all.msg).toBe(1);
  });
});
