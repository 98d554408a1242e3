import { readFileSync } from 'node:fs';
import {
  AVATAR_SIDE,
  RankingList,
  routes,
  StrategyDetail,
  StrategyEquity,
  StrategyPage,
} from '@meridian/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { call, demoLogin } from '../identity/testing/client.js';
import { DEFAULT_HISTORY_COUNT } from '../markets/index.js';
import { breakout, maCross, meanReversion, SAMPLE_RULES } from './samples.js';

/** The server's messages in one language. */
const messages = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../i18n/locales/${lang}.json`, import.meta.url), 'utf8'));

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
    // Over the deployment's chart history (tests default to a shorter one), as a fresh start trades it.
    t = await startTestServer({
      env: { SAMPLE_STRATEGIES: 'on', CHART_HISTORY_BARS: String(DEFAULT_HISTORY_COUNT) },
    });
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
    // Each shows its emblem, drawn by the server: a public square WebP.
    for (const s of list.list) {
      expect(s.avatar, s.name).toMatch(new RegExp(`^${routes.strategyAvatar.path}\\?id=${s.id}&v=`));
      const picture = await fetch(`${t.baseUrl}${s.avatar}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([AVATAR_SIDE, AVATAR_SIDE]);
    }
    // Every figure comes from booked trades: closed orders, a win rate, a drawdown, the instrument.
    for (const s of list.list) {
      expect(s.total_orders).toBeGreaterThan(5);
      expect(s.variety).toBe(1);
      expect(Number(s.win_rate)).toBeGreaterThan(0);
      // Traded over the half-hour chart before the one-minute one: three weeks and more of history,
      // so its three-week figures cover three weeks.
      const r = await call(t.baseUrl, routes.strategyEquity, { id: s.id, period: 'all' });
      const points = StrategyEquity.parse(r.body.data).points;
      const days = (Date.now() - (points[0]?.t ?? Date.now())) / 86_400_000;
      expect(days).toBeGreaterThan(21);
      expect(new Set(points.map((p) => p.equity)).size).toBeGreaterThan(5);
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

  it("answers a sample's description in the caller's language, and a trader's own text as written", async () => {
    const de = messages('de');
    const en = messages('en');
    const page = await vi.waitFor(
      async () => {
        const r = await call(t.baseUrl, routes.strategies, {}, { lang: 'de' });
        const data = StrategyPage.parse(r.body.data);
        if (data.total < 3) throw new Error('not yet');
        return data;
      },
      { timeout: 60_000, interval: 100 },
    );
    for (const s of page.list) {
      const rule = SAMPLE_RULES.find((r) => r.name === s.name);
      expect(rule).toBeDefined();
      expect(s.desc).toBe(de[`sample_desc_${rule?.key}`]);
      // The English message is the description the strategy was published with.
      expect(en[`sample_desc_${rule?.key}`]).toBe(rule?.desc);
      const one = await call(t.baseUrl, routes.strategy, { id: s.id }, { lang: 'ar' });
      expect(StrategyDetail.parse(one.body.data).desc).toBe(messages('ar')[`sample_desc_${rule?.key}`]);
    }

    // A trader's strategy with a sample's name is not a sample: its text is never replaced.
    const { token } = await demoLogin(t.baseUrl);
    const rule = SAMPLE_RULES[0] as (typeof SAMPLE_RULES)[number];
    const published = await call(
      t.baseUrl,
      routes.publish,
      { name: rule.name, desc: 'Mein eigener Text', fee_rate: '0', min_invest: '100' },
      { token },
    );
    expect(published.body.code).toBe(1);
    const id = (published.body.data as { id: number }).id;
    const mine = await call(t.baseUrl, routes.strategy, { id }, { lang: 'fr' });
    expect(StrategyDetail.parse(mine.body.data)).toMatchObject({ is_sample: 0, desc: 'Mein eigener Text' });
  });
});
