import { CandleList } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { call, createTestStorage, startTestServer } from '../../test/harness.js';
import { VirtualTime } from './clock.js';

const START = Date.parse('2026-01-13T10:00:00Z');

async function kline(baseUrl: string, period: string, limit = 1000) {
  return CandleList.parse(
    (await call(baseUrl, `/v1/api/forex/kline?forex_id=1&period=${period}&limit=${limit}`)).body.data,
  );
}

describe('candles across a restart', () => {
  it('are stored, served again, and continue without a gap or a jump', async () => {
    const storage = await createTestStorage();
    try {
      // First lifetime: history is generated, then 2.5 minutes of live ticks.
      const time1 = new VirtualTime(START);
      const first = await startTestServer({
        storage,
        overrides: { markets: { clock: time1, timers: time1 } },
      });
      time1.advance(150_000);
      const m1 = first.server.ctx.services.markets;
      const lastBid = m1.quote('EURUSD').bid;
      const day1 = m1.dayQuote('EURUSD');
      const minutes1 = await kline(first.baseUrl, '1min');
      const hours1 = await kline(first.baseUrl, '60min');
      await first.close();
      expect(minutes1.at(-1)).toMatchObject({ Time: START / 1000 + 120, Close: lastBid });
      expect(minutes1.at(-3)?.Time).toBe(START / 1000);

      // Second lifetime, ten seconds later, in the same minute: the same candles come back.
      const time2 = new VirtualTime(START + 160_000);
      const second = await startTestServer({
        storage,
        overrides: { markets: { clock: time2, timers: time2 } },
      });
      try {
        const m2 = second.server.ctx.services.markets;
        expect(m2.quote('EURUSD').bid).toBe(lastBid);
        expect(m2.dayQuote('EURUSD')).toEqual(day1);
        expect(await kline(second.baseUrl, '1min')).toEqual(minutes1);
        expect(await kline(second.baseUrl, '60min')).toEqual(hours1);

        time2.advance(60_000);
        const minutes2 = await kline(second.baseUrl, '1min', 5);
        const times = minutes2.map((c) => c.Time);
        // 10:00 … 10:03 with no missing minute; the 10:02 candle kept its open from the first life.
        expect(times.slice(-4)).toEqual([0, 60, 120, 180].map((s) => START / 1000 + s));
        const continued = minutes2.find((c) => c.Time === START / 1000 + 120);
        expect(continued?.Open).toBe(minutes1.at(-1)?.Open);
        // No jump: each minute opens within a few pips of the previous close.
        for (let i = 1; i < minutes2.length; i++) {
          const gap = Math.abs(Number(minutes2[i]?.Open) - Number(minutes2[i - 1]?.Close));
          expect(gap).toBeLessThan(0.001);
        }
        const rows = await second.server.ctx.db.kysely
          .selectFrom('candles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('instrument_id', '=', 1)
          .where('period', '=', '1day')
          .executeTakeFirstOrThrow();
        // History was not generated twice.
        expect(Number(rows.n)).toBe((await kline(second.baseUrl, '1day')).length);
      } finally {
        await second.close();
      }
    } finally {
      await storage.dispose();
    }
  });
});
