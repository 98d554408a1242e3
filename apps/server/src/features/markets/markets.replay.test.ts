import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness.js';
import { VirtualTime } from './clock.js';
import type { MarketTick } from './market.service.js';

const SAMPLE_TICKS = fileURLToPath(new URL('./fixtures/sample-ticks.csv', import.meta.url));
const SAMPLE_CANDLES = fileURLToPath(new URL('./fixtures/sample-candles.csv', import.meta.url));

describe('MARKET_FEED=replay', () => {
  it('plays the CSV through the service: quotes, candles and tick listeners', async () => {
    const time = new VirtualTime(Date.parse('2026-01-13T10:00:00Z'));
    const t = await startTestServer({
      env: { MARKET_FEED: 'replay', REPLAY_CSV: SAMPLE_TICKS },
      overrides: { markets: { clock: time, timers: time } },
    });
    try {
      const markets = t.server.ctx.services.markets;
      const ticks: string[] = [];
      markets.onTick((tick: MarketTick) => ticks.push(`${tick.instrument.code} ${tick.bid}/${tick.ask}`));
      // The first rows played as the server started; the rest follow with their recorded spacing.
      expect(markets.quote('USDJPY')).toMatchObject({ bid: '152.401', ask: '152.413' });
      expect(markets.quote('EURUSD')).toMatchObject({ bid: '1.16501', ask: '1.16509' });
      time.advance(2000);
      expect(ticks).toEqual([
        'EURUSD 1.16504/1.16512',
        'XAUUSD 4150.12/4150.37',
        'USDJPY 152.398/152.410',
        'EURUSD 1.16499/1.16507',
      ]);
      expect(markets.quote('EURUSD')).toEqual({ bid: '1.16499', ask: '1.16507', time: time.now() });
      const minute = markets.currentCandles('EURUSD')['1min'];
      expect(minute?.close).toBe('1.16499');
      expect(Number(minute?.high)).toBeGreaterThanOrEqual(1.16504);
      // The file loops, so the feed keeps going.
      time.advance(5000);
      expect(ticks.length).toBeGreaterThan(6);
    } finally {
      await t.close();
    }
  });

  it('replays candle rows as four ticks each', async () => {
    const time = new VirtualTime(Date.parse('2026-01-13T10:00:00Z'));
    const t = await startTestServer({
      env: { MARKET_FEED: 'replay', REPLAY_CSV: SAMPLE_CANDLES },
      overrides: { markets: { clock: time, timers: time } },
    });
    try {
      const bids: string[] = [];
      t.server.ctx.services.markets.onTick((tick) => {
        if (tick.instrument.code === 'EURUSD') bids.push(tick.bid);
      });
      time.advance(120_000);
      // The open played as the server started: O→L→H→C for the bullish first row, O→H→L→C next.
      expect(bids.slice(0, 7)).toEqual([
        '1.16480',
        '1.16540',
        '1.16520',
        '1.16520',
        '1.16530',
        '1.16450',
        '1.16460',
      ]);
    } finally {
      await t.close();
    }
  });

  it('refuses to start without a file', async () => {
    await expect(startTestServer({ env: { MARKET_FEED: 'replay' } })).rejects.toThrow('REPLAY_CSV');
  });
});
