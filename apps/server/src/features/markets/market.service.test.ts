import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { VirtualTime } from './clock.js';
import type { MarketTick } from './market.service.js';
import { ScriptedFeed } from './scripted-feed.js';

const TUESDAY = Date.parse('2026-01-13T10:00:00Z');
const SATURDAY = Date.parse('2026-01-17T12:00:00Z');

let t: TestServer;
let time: VirtualTime;
const feed = new ScriptedFeed();

beforeAll(async () => {
  time = new VirtualTime(TUESDAY);
  t = await startTestServer({ overrides: { markets: { clock: time, timers: time, feed } } });
});
afterAll(async () => {
  await t?.close();
});

const markets = () => t.server.ctx.services.markets;

describe('MarketService', () => {
  it('finds instruments by id or code, and refuses unknown ones', () => {
    expect(markets().instrument(1)?.code).toBe('EURUSD');
    expect(markets().instrument('XAUUSD')?.showCode).toBe('Gold');
    expect(markets().instrument('NOPE')).toBeUndefined();
    expect(() => markets().requireInstrument(999)).toThrow('unknown_instrument');
  });

  it('delivers accepted ticks to listeners synchronously, with the quote already updated', () => {
    const seen: MarketTick[] = [];
    const off = markets().onTick((tick) => {
      seen.push(tick);
      expect(markets().quote(tick.instrument).bid).toBe(tick.bid);
    });
    feed.push({ code: 'EURUSD', bid: '1.17001', ask: '1.17009', timeMs: time.now() });
    expect(seen.map((s) => [s.instrument.code, s.bid, s.ask])).toEqual([['EURUSD', '1.17001', '1.17009']]);
    off();
    feed.push({ code: 'EURUSD', bid: '1.17002', ask: '1.17010', timeMs: time.now() });
    expect(seen).toHaveLength(1);
    expect(markets().quote('EURUSD')).toEqual({ bid: '1.17002', ask: '1.17010', time: TUESDAY });
    expect(markets().currentCandles('EURUSD')['1min']?.close).toBe('1.17002');
  });

  it('rounds prices with more decimals than the instrument shows, and ignores unknown codes', () => {
    feed.push({ code: 'EURUSD', bid: '1.1700049', ask: '1.170095', timeMs: time.now() });
    expect(markets().quote('EURUSD')).toMatchObject({ bid: '1.17000', ask: '1.17010' });
    feed.push({ code: 'NOPE', bid: '1', ask: '1', timeMs: time.now() });
    expect(markets().instrument('NOPE')).toBeUndefined();
  });

  it('converts quote currencies to USD with the live price of the linking pair', () => {
    feed.push({ code: 'GBPUSD', bid: '1.25000', ask: '1.25002', timeMs: time.now() });
    feed.push({ code: 'USDJPY', bid: '150.000', ask: '150.010', timeMs: time.now() });
    const m = markets();
    expect(m.quoteToUsd('EURUSD').toString()).toBe('1');
    expect(m.quoteToUsd('XAUUSD').toString()).toBe('1');
    expect(m.quoteToUsd('EURGBP').toString()).toBe('1.25001');
    expect(m.quoteToUsd('USDJPY').toFixed(12)).toBe((1 / 150.005).toFixed(12));
    expect(m.quoteToUsd('EURJPY').toFixed(12)).toBe((1 / 150.005).toFixed(12));
    expect(m.quoteToUsd('HK50').toFixed(12)).toBe((1 / 7.8).toFixed(12));
    for (const inst of m.instruments()) expect(m.quoteToUsd(inst).gt(0)).toBe(true);
  });

  it('gives the trading terms of an instrument for packages/trading', async () => {
    expect(await markets().terms('XAUUSD')).toEqual({
      contractSize: 100,
      minLots: '0.01',
      lotStep: '0.01',
      maxLots: '20',
      marginMode: 2,
      feeRate: '10',
      pricePrecision: 2,
      leverageOptions: [5, 10, 20],
    });
    const byMargin = await markets().terms('XAUUSD', { allowProLeverage: true, tradeFeeType: 2 });
    expect(byMargin).toMatchObject({ feeRate: '0.001', leverageOptions: [5, 10, 20, 50, 100] });
  });

  it('drops ticks of a closed market: no price moves while closed', () => {
    const before = markets().quote('EURUSD');
    feed.push({ code: 'EURUSD', bid: '1.20000', ask: '1.20010', timeMs: SATURDAY });
    expect(markets().quote('EURUSD')).toEqual(before);
    expect(markets().isOpen('EURUSD', SATURDAY)).toBe(false);
    expect(markets().isOpen('BTCUSD', SATURDAY)).toBe(true);
    feed.push({ code: 'BTCUSD', bid: '90000.00', ask: '90030.00', timeMs: SATURDAY });
    expect(markets().quote('BTCUSD').bid).toBe('90000.00');
  });
});
