import { RankingList, routes, StrategyPage } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { call } from '../identity/testing/client.js';
import { breakout, maCross, meanReversion } from './samples.js';

const up = Array.from({ length: 30 }, (_, i) => 1 + i * 0.001);
const down = up.map((x) => 2 - x);

describe('sample rules', () => {
  it('moving-average cross follows the trend', () => {
    expect(maCross(up)).toBe('buy');
    expect(maCross(down)).toBe('sell');
    expect(maCross(up.slice(0, 10))).toBe('hold');
  });
  it('breakout trades a close beyond the range, and waits inside it', () => {
    expect(breakout(up)).toBe('buy');
    expect(breakout(down)).toBe('sell');
    expect(breakout([...up.slice(0, 25), 1.01])).toBe('hold');
  });
  it('mean reversion fades a two-deviation move and exits at the mean', () => {
    const flat = Array.from({ length: 25 }, (_, i) => 1 + (i % 2) * 0.001);
    expect(meanReversion([...flat, 1.01], null)).toBe('sell');
    expect(meanReversion([...flat, 0.99], null)).toBe('buy');
    expect(meanReversion([...flat, 1.0004], 'sell')).toBe('flat');
  });
});

describe('the living demo', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { SAMPLE_STRATEGIES: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes the labelled sample strategies on a fresh start, with a history traded over the chart, and ranks them', async () => {
    const list = await vi.waitFor(
      async () => {
        const r = await call(t.baseUrl, routes.strategies, {});
        const page = StrategyPage.parse(r.body.data);
        if (page.total < 3 || page.list.some((s) => s.total_orders === 0)) throw new Error('not yet');
        return page;
      },
      { timeout: 60_000, interval: 100 },
    );
    // Every figure comes from booked trades: closed orders, a win rate, a drawdown, the instrument.
    for (const s of list.list) {
      expect(s.total_orders).toBeGreaterThan(5);
      expect(s.variety).toBe(1);
      expect(Number(s.win_rate)).toBeGreaterThan(0);
    }
    const board = await vi.waitFor(
      async () => {
        const r = await call(t.baseUrl, routes.rankingList, {});
        const data = RankingList.parse(r.body.data);
        if (data.list.length === 0) throw new Error('not yet');
        return data;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(board.list.every((e) => e.strategy_id !== undefined)).toBe(true);
    // A sample is named by its strategy on the board (it has no person's name to mask).
    expect(board.list.every((e) => e.user.startsWith('Sample'))).toBe(true);
    expect(list.list.map((s) => [s.is_sample, s.is_demo, s.fee_rate])).toEqual([
      [1, 1, '0.00'],
      [1, 1, '0.00'],
      [1, 1, '0.00'],
    ]);
    expect(list.list.every((s) => s.name.startsWith('Sample'))).toBe(true);
  });
});
