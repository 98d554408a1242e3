import { ForexDetail, Order } from '@meridian/contract';
import { toMicros } from '@meridian/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck, START_MICROS, startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Negative balance protection guards the account's equity (packages/trading protection.ts): a hedged
 * account, whose equity does not move with the price, can lose its spread and fees and nothing
 * more, in whatever order it closes its legs; the house pays only what a flat account's balance
 * cannot cover.
 */

let s: TradingServer;
beforeAll(async () => {
  s = await startTradingServer();
});
afterAll(async () => {
  await s?.close();
});

const EURUSD = () => s.engine.pricing.markets.requireInstrument('EURUSD');
/** Half the spread, in units of the price's fifth decimal. */
const HALF_SPREAD = 5;

/**
 * A price path from `from` to `to` (in units of the fifth decimal) in `steps` ticks, replayed
 * through the feed one tick at a time, the spread 0.00010 throughout.
 */
async function replay(code: string, from: number, to: number, steps: number): Promise<void> {
  const price = (units: number) => (units / 100_000).toFixed(5);
  for (let i = 0; i <= steps; i++) {
    const mid = from + Math.round(((to - from) * i) / Math.max(1, steps));
    s.tick(code, price(mid - HALF_SPREAD), price(mid + HALF_SPREAD));
    if (i % 5 === 4) await s.settle();
  }
  await s.settle();
}

async function submit(token: string, q: Record<string, string | number>): Promise<Order> {
  const r = await s.api('/v1/api/forex/submit', { status: 1, forex_id: EURUSD().id, ...q }, token);
  if (r.body.code !== 1) throw new Error(`submit refused: ${r.body.msg}`);
  return Order.parse(r.body.data);
}

async function close(token: string, id: number): Promise<Order> {
  const r = await s.api('/v1/api/forex/close', { id }, token);
  if (r.body.code !== 1) throw new Error(`close refused: ${r.body.msg}`);
  return Order.parse(r.body.data);
}

async function ledgerKinds(userId: number): Promise<string[]> {
  const rows = await s.t.server.ctx.db.kysely
    .selectFrom('ledger')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

/** account = ledger = grants + realised P&L − fees + protection, and frozen = open margins. */
async function conserved(userId: number): Promise<Awaited<ReturnType<typeof accountCheck>>> {
  const c = await accountCheck(s, userId);
  expect(c.freeMicros).toBe(c.ledgerFree);
  expect(c.frozenMicros).toBe(c.ledgerFrozen);
  expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
  return c;
}

describe('negative balance protection guards the equity', () => {
  it('a hedge closed losing leg first, after a 10 % fall, keeps only what it had less costs', async () => {
    await replay('EURUSD', 110_000, 110_000, 0);
    const { token, userId } = await s.demo();
    // The highest retail leverage.
    const long = await submit(token, { type: 1, cont: '12', multiple: 30 });
    const short = await submit(token, { type: 2, cont: '12', multiple: 30 });
    const opened = await conserved(userId);

    await replay('EURUSD', 110_000, 99_000, 40);
    // Hedged: its equity did not move with the price, so nothing stopped it out.
    const before = ForexDetail.parse((await s.api('/v1/api/main/account/forexDetail', {}, token)).body.data);

    const closedLong = await close(token, long.Id);
    expect(closedLong.Protection).toBe('0.000000');
    const mid = await conserved(userId);
    // The loss is larger than the free balance: paid from it and from the short's frozen margin.
    expect(mid.freeMicros).toBeLessThan(0);
    expect(mid.frozenMicros).toBe(toMicros(short.CautionMoney));
    expect(opened.frozenMicros).toBe(toMicros(long.CautionMoney) + toMicros(short.CautionMoney));
    expect(mid.protection).toBe(0);
    const after = ForexDetail.parse((await s.api('/v1/api/main/account/forexDetail', {}, token)).body.data);
    expect(after.equity).toBe(before.equity);

    const closedShort = await close(token, short.Id);
    expect(closedShort.Protection).toBe('0.000000');
    const end = await conserved(userId);
    expect(end.protection).toBe(0);
    expect(end.frozenMicros).toBe(0);
    // It paid its fees and the spread on each leg (2 × 12 lots × 100,000 × 0.0001 = 240 USD).
    expect(end.freeMicros).toBe(START_MICROS - end.fees - 240_000_000);
    expect(await ledgerKinds(userId)).not.toContain('balance_protection');
  });

  it('pays exactly what a stopped-out account cannot cover, on its last close only', async () => {
    await replay('EURUSD', 99_000, 110_000, 1);
    const { token, userId } = await s.demo();
    await submit(token, { type: 1, cont: '10', multiple: 30 });
    await submit(token, { type: 1, cont: '15', multiple: 30 });
    // A gap far through the stop-out level: the monitor closes both, and the equity is below zero.
    s.tick('EURUSD', '1.03000', '1.03010');
    await s.settle();
    const c = await conserved(userId);
    expect(c.holdingOrders).toBe(0);
    expect(c.freeMicros).toBe(0);
    const closed = await s.t.server.ctx.db.kysely
      .selectFrom('orders')
      .select(['lots', 'close_reason', 'protection_micros', 'pnl_micros'])
      .where('user_id', '=', userId)
      .orderBy('lots')
      .execute();
    expect(closed.map((o) => o.close_reason)).toEqual(['stop_out', 'stop_out']);
    // The worst (15 lots) went first, and left the account holding: no credit. Only the close that
    // left it flat (10 lots) carries the house's: −(grant − fees + both losses).
    const loss = closed.reduce((n, o) => n + Number(o.pnl_micros), 0);
    expect(closed.map((o) => [o.lots, Number(o.protection_micros)])).toEqual([
      ['10', -(START_MICROS - c.fees + loss)],
      ['15', 0],
    ]);
    expect(c.protection).toBe(-(START_MICROS - c.fees + loss));
  });
});
