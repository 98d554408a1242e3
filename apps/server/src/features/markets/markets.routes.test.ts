import { CandleList, CategoryList, ERRORS, KlinePointList, TradeList } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/harness.js';
import { PERIODS } from './candles.js';
import { VirtualTime } from './clock.js';
import { DEFAULT_HISTORY_COUNT } from './history.js';

// A Tuesday morning in London: every market is open.
const TUESDAY = Date.parse('2026-01-13T10:00:00Z');

let t: TestServer;
let time: VirtualTime;
beforeAll(async () => {
  time = new VirtualTime(TUESDAY);
  // The deployment's history length (tests default to a shorter one): the chart's contract is read here.
  t = await startTestServer({
    env: { CHART_HISTORY_BARS: String(DEFAULT_HISTORY_COUNT) },
    overrides: { markets: { clock: time, timers: time } },
  });
  // Some live ticks on top of the generated history.
  time.advance(90_000);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, lang = 'en') => call(t.baseUrl, path, { headers: { lang } });

describe('GET /v1/api/forex/trade_list', () => {
  it('lists every instrument with its terms and live quote, by category then id', async () => {
    const res = await get('/v1/api/forex/trade_list?t=1');
    expect(res.status).toBe(200);
    const list = TradeList.parse(res.body.data);
    expect(list.length).toBeGreaterThanOrEqual(30);
    const order = list.map((i) => [i.CategoryId, i.Id]);
    expect(order).toEqual([...order].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0)));
    const eur = list.find((i) => i.Code === 'EURUSD');
    expect(eur).toMatchObject({
      ShowCode: 'EUR/USD',
      MarketStatus: 1,
      PricePrecision: 5,
      QuoteCurrency: 'USD',
    });
    expect(eur?.HasForexMultiple.map((m) => m.Value)).toEqual([5, 10, 20, 30]);
    const quote = t.server.ctx.services.markets.quote('EURUSD');
    expect(eur?.Bid).toBe(quote.bid);
    expect(eur?.ForexQuotations.Close).toBe(quote.bid);
    // trade_fee_type defaults to 1: the fee is USD per lot.
    expect(eur?.ForexFeeRate).toBe('7');
  });

  it('filters by searchCurrency on Code or ShowCode, ignoring case', async () => {
    const jpy = TradeList.parse((await get('/v1/api/forex/trade_list?searchCurrency=jpy')).body.data);
    expect(jpy.map((i) => i.Code)).toEqual(['USDJPY', 'EURJPY', 'GBPJPY', 'AUDJPY', 'CADJPY']);
    const gold = TradeList.parse((await get('/v1/api/forex/trade_list?searchCurrency=GOLD')).body.data);
    expect(gold.map((i) => i.Code)).toEqual(['XAUUSD']);
    const none = await get('/v1/api/forex/trade_list?searchCurrency=zzz');
    expect(none.body.data).toEqual([]);
  });

  it('offers the professional leverage only when the operator allows it', async () => {
    const db = t.server.ctx.db.kysely;
    await db.updateTable('settings').set({ value: '1' }).where('key', '=', 'allow_pro_leverage').execute();
    try {
      const list = TradeList.parse((await get('/v1/api/forex/trade_list?searchCurrency=EURUSD')).body.data);
      expect(list[0]?.HasForexMultiple.map((m) => m.Value)).toEqual([5, 10, 20, 30, 50, 100, 200]);
      const terms = await t.server.ctx.services.markets.terms('EURUSD');
      expect(terms.leverageOptions).toEqual([5, 10, 20, 30, 50, 100, 200]);
    } finally {
      await db.updateTable('settings').set({ value: '0' }).where('key', '=', 'allow_pro_leverage').execute();
    }
  });
});

describe('GET /v1/api/forex/getCategories', () => {
  it('names the categories in the language of the request', async () => {
    const en = CategoryList.parse((await get('/v1/api/forex/getCategories')).body.data);
    expect(en.map((c) => c.Id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(en[0]?.NameShowTrans).toBe('Major forex');
    const de = CategoryList.parse((await get('/v1/api/forex/getCategories', 'de')).body.data);
    expect(de[2]?.NameShowTrans).toBe('Edelmetalle');
    const hk = CategoryList.parse((await get('/v1/api/forex/getCategories', 'tw')).body.data);
    expect(hk[0]?.NameShowTrans).toBe('主要貨幣對');
  });

  it('falls back to English where an operator removed a translation', async () => {
    const db = t.server.ctx.db.kysely;
    await db.deleteFrom('category_names').where('category_id', '=', 6).where('lang', '=', 'fr').execute();
    const fr = CategoryList.parse((await get('/v1/api/forex/getCategories', 'fr')).body.data);
    const en = CategoryList.parse((await get('/v1/api/forex/getCategories')).body.data);
    expect(fr.find((c) => c.Id === 6)?.NameShowTrans).toBe(en.find((c) => c.Id === 6)?.NameShowTrans);
    expect(fr.find((c) => c.Id === 1)?.NameShowTrans).not.toBe(en.find((c) => c.Id === 1)?.NameShowTrans);
  });
});

describe('GET /v1/api/forex/kline', () => {
  it('serves at least 1,000 candles of every period, oldest first, ending with the forming one', async () => {
    const markets = t.server.ctx.services.markets;
    for (const period of PERIODS) {
      const res = await get(`/v1/api/forex/kline?forex_id=1&period=${period}&limit=1000`);
      const candles = CandleList.parse(res.body.data);
      expect(candles).toHaveLength(1000);
      const times = candles.map((c) => c.Time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      expect(candles.at(-1)?.Close).toBe(markets.currentCandles('EURUSD')[period]?.close);
    }
  });

  it('pages back with `to` and defaults to 300 candles', async () => {
    const latest = CandleList.parse((await get('/v1/api/forex/kline?forex_id=1&period=5min')).body.data);
    expect(latest).toHaveLength(300);
    const oldest = latest[0]?.Time ?? 0;
    const page = CandleList.parse(
      (await get(`/v1/api/forex/kline?forex_id=1&period=5min&to=${oldest}&limit=50`)).body.data,
    );
    expect(page).toHaveLength(50);
    expect(page.at(-1)?.Time).toBe(oldest - 300);
    // The page continues the series: its last close is the next candle's open or close nearby.
    expect(page.every((c) => c.Time < oldest)).toBe(true);
  });

  it('1-minute candles continue each other: every open is the previous close', async () => {
    const candles = CandleList.parse(
      (await get('/v1/api/forex/kline?forex_id=2&period=1min&limit=5')).body.data,
    );
    for (let i = 1; i < candles.length; i++) {
      const gap = Math.abs(Number(candles[i]?.Open) - Number(candles[i - 1]?.Close));
      expect(gap).toBeLessThan(0.002);
    }
  });

  it('refuses unknown instruments, periods and bad types, in the language of the request', async () => {
    const unknown = await get('/v1/api/forex/kline?forex_id=999&period=1min', 'fr');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: ERRORS.unknown_instrument.code,
      msg: "Cet instrument n'existe pas.",
    });
    const period = await get('/v1/api/forex/kline?forex_id=1&period=2min', 'de');
    expect(period.status).toBe(400);
    expect(period.body.code).toBe(ERRORS.unknown_period.code);
    expect(period.body.msg).not.toBe((await get('/v1/api/forex/kline?forex_id=1&period=2min')).body.msg);
    for (const query of [
      'forex_id=abc&period=1min',
      'period=1min',
      'forex_id=1',
      'forex_id=1&period=1min&limit=5000',
    ]) {
      const bad = await get(`/v1/api/forex/kline?${query}`, 'jp');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(ERRORS.validation_failed.code);
    }
  });
});

describe('GET /v1/api/forex/abbreviated_cache_kline', () => {
  it('gives the last 60 closes of 15 minutes by default, or of the period asked', async () => {
    const points = KlinePointList.parse(
      (await get('/v1/api/forex/abbreviated_cache_kline?forex_id=3')).body.data,
    );
    expect(points).toHaveLength(60);
    expect(points.at(-1)?.Close).toBe(t.server.ctx.services.markets.quote('USDJPY').bid);
    const gaps = new Set(points.slice(1).map((p, i) => p.Time - (points[i]?.Time ?? 0)));
    expect(gaps.has(900)).toBe(true);
    const hourly = KlinePointList.parse(
      (await get('/v1/api/forex/abbreviated_cache_kline?forex_id=3&period=60min')).body.data,
    );
    expect(hourly.at(-1)?.Time).toBe(Math.floor(time.now() / 3_600_000) * 3600);
  });

  it('refuses an unknown instrument or period', async () => {
    expect((await get('/v1/api/forex/abbreviated_cache_kline?forex_id=0')).body.code).toBe(
      ERRORS.validation_failed.code,
    );
    expect((await get('/v1/api/forex/abbreviated_cache_kline?forex_id=77')).body.code).toBe(
      ERRORS.unknown_instrument.code,
    );
    const period = await get('/v1/api/forex/abbreviated_cache_kline?forex_id=1&period=1week', 'ar');
    expect(period.body.code).toBe(ERRORS.unknown_period.code);
  });
});

describe('CHART_HISTORY_BARS', () => {
  it('sets how many candles of each period a first start generates', async () => {
    const clock = new VirtualTime(TUESDAY);
    const short = await startTestServer({
      env: { CHART_HISTORY_BARS: '200' },
      overrides: { markets: { clock, timers: clock } },
    });
    try {
      for (const period of PERIODS) {
        const res = await call(short.baseUrl, `/v1/api/forex/kline?forex_id=1&period=${period}&limit=1000`);
        const n = CandleList.parse(res.body.data).length;
        // At least the count, and about it: a period's walk stops once it has enough.
        expect(n).toBeGreaterThanOrEqual(200);
        expect(n).toBeLessThan(250);
      }
    } finally {
      await short.close();
    }
  });
});
