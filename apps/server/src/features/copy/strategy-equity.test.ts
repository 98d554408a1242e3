/**
 * GET /api/follow/strategy_equity: the strategy page's curve. It starts where the provider's history
 * starts when that is inside the period (not at the period's start, which the chart would draw as
 * a month of nothing one step wide), at the period's start otherwise; it ends now; and its growth
 * is time-weighted (a deposit does not move it). Its own server: the test moves the clock by days.
 */
import { Order, routes, StrategyDetail, StrategyEquity, StrategySummary } from '@meridian/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CopyServer, startCopyServer } from './testing/harness.js';

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
});
afterAll(async () => {
  await s?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Opens 1 lot of EURUSD and closes it at `exitBid`, `held` later on the test's clock. */
async function roundTrip(token: string, exitBid: string, held = HOUR): Promise<void> {
  s.tick('EURUSD', '1.10000', '1.10010');
  const opened = await s.call(
    routes.submitOrder,
    { type: 1, cont: '1', forex_id: s.eurusd(), status: 1, multiple: 20 },
    token,
  );
  expect(opened.code, opened.msg).toBe(1);
  s.time.advance(held);
  s.tick('EURUSD', exitBid, (Number(exitBid) + 0.0001).toFixed(5));
  const closed = await s.call(routes.closeOrder, { id: Order.parse(opened.data).Id }, token);
  expect(closed.code, closed.msg).toBe(1);
  await s.settleCopies();
}

async function curve(id: number, period: '1w' | 'all', token: string): Promise<StrategyEquity> {
  const r = await s.call(routes.strategyEquity, { id, period }, token);
  expect(r.code, r.msg).toBe(1);
  return StrategyEquity.parse(r.data);
}

function inTimeOrder(points: StrategyEquity['points']): boolean {
  return points.every((p, i) => i === 0 || p.t >= (points[i - 1] as { t: number }).t);
}

/** A new demo provider, its account opened now on the test's clock, with a published strategy. */
async function newProvider(name: string) {
  const opened = s.time.now();
  const user = await s.demo();
  // The harness's sign-in keeps the system clock while trading runs on the virtual one: the
  // opening grant is put at the virtual time, as one clock would have booked it.
  await s.t.server.ctx.db.kysely
    .updateTable('ledger')
    .set({ created_at: opened })
    .where('user_id', '=', user.userId)
    .execute();
  const published = await s.call(
    routes.publish,
    { name, desc: '', fee_rate: '0', min_invest: '100' },
    user.token,
  );
  expect(published.code, published.msg).toBe(1);
  return { opened, token: user.token, strategy: StrategySummary.parse(published.data) };
}

it('starts where a young provider’s history starts, ends now, and keeps to time order', async () => {
  const { opened, strategy, token } = await newProvider('Curve');
  s.time.advance(HOUR);
  await roundTrip(token, '1.10510');

  const week = await curve(strategy.id, '1w', token);
  // The account opened an hour before the trade, well inside the week: the curve starts there.
  expect(week.points[0]).toMatchObject({ t: opened, equity: '100000.000000', growth: '0.00' });
  expect(week.points.at(-1)?.t).toBe(s.time.now());
  expect(inTimeOrder(week.points)).toBe(true);
  const detail = StrategyDetail.parse((await s.call(routes.strategy, { id: strategy.id }, token)).data);
  expect(Number(detail.roi)).toBeGreaterThan(0);
  expect(week.points.at(-1)?.growth).toBe(detail.roi);
  expect((await curve(strategy.id, 'all', token)).points[0]?.t).toBe(opened);

  // Eight days on, the week starts after the history did: the curve starts at the week's start,
  // at the equity the provider had then, and its growth counts from there.
  s.time.advance(8 * DAY);
  const before = week.points.at(-1)?.equity;
  await roundTrip(token, '1.09510');
  const weekStart = s.time.now() - 7 * DAY;
  const later = await curve(strategy.id, '1w', token);
  expect(later.points[0]).toMatchObject({ t: weekStart, equity: before, growth: '0.00' });
  expect(Number(later.points.at(-1)?.growth)).toBeLessThan(0);
  expect(inTimeOrder(later.points)).toBe(true);
  // 'all' still starts at the account's opening.
  expect((await curve(strategy.id, 'all', token)).points[0]?.t).toBe(opened);
});

it('reads a strategy’s figures afresh for its page, so they match the curve beside them', async () => {
  const { strategy, token } = await newProvider('Fresh');
  const { id } = strategy;
  const detail = async () => StrategyDetail.parse((await s.call(routes.strategy, { id }, token)).data);
  await roundTrip(token, '1.10510');
  const won = await detail();
  expect(Number(won.roi)).toBeGreaterThan(0);
  // The list caches figures for a while; a losing trade closed at once (no time passes on the
  // test's clock, so that cache is still young) shows on the strategy's page all the same.
  expect((await s.call(routes.strategies, {}, token)).code).toBe(1);
  await roundTrip(token, '1.09510', 0);
  const lost = await detail();
  expect(Number(lost.roi)).toBeLessThan(Number(won.roi));
  expect((await curve(id, 'all', token)).points.at(-1)?.growth).toBe(lost.roi);
});

it('shows a provider’s close on the list at once, not when the list’s cache runs out', async () => {
  const { strategy, token } = await newProvider('Listed');
  const listed = async () => {
    const r = await s.call(routes.strategies, { q: 'Listed' }, token);
    expect(r.code, r.msg).toBe(1);
    return StrategySummary.parse((r.data as { list: unknown[] }).list[0]);
  };
  await roundTrip(token, '1.10510');
  const first = await listed();
  expect(first.id).toBe(strategy.id);
  expect(first.total_orders).toBe(1);
  // No time passes on the test's clock: the list's cached figures are young, yet the close shows.
  await roundTrip(token, '1.09510', 0);
  const second = await listed();
  expect(second.total_orders).toBe(2);
  expect(Number(second.roi)).toBeLessThan(Number(first.roi));
});
