import { DayMarketMessage, TradeList } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import { VirtualTime } from './clock.js';
import type { MarketTick } from './market.service.js';

const CRYPTO = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD', 'LTCUSD'];

describe('market hours with a fake clock', () => {
  it('on a weekend forex is closed and silent while crypto trades', async () => {
    const time = new VirtualTime(Date.parse('2026-01-17T12:00:00Z'));
    const t = await startTestServer({ overrides: { markets: { clock: time, timers: time } } });
    try {
      const markets = t.server.ctx.services.markets;
      const eurBefore = markets.quote('EURUSD');
      const codes = new Set<string>();
      markets.onTick((tick: MarketTick) => codes.add(tick.instrument.code));
      time.advance(20_000);
      expect([...codes].sort()).toEqual([...CRYPTO].sort());
      expect(markets.quote('EURUSD')).toEqual(eurBefore);

      const list = TradeList.parse((await call(t.baseUrl, '/v1/api/forex/trade_list')).body.data);
      const status = Object.fromEntries(list.map((i) => [i.Code, i.MarketStatus]));
      expect(status).toMatchObject({ EURUSD: 0, XAUUSD: 0, US500: 0, USOIL: 0, BTCUSD: 1, ETHUSD: 1 });
      // Over the weekend the day quote is still Friday's, so the list keeps showing its change.
      expect(list.find((i) => i.Code === 'EURUSD')?.ForexQuotations.Close).toBe(eurBefore.bid);
    } finally {
      await t.close();
    }
  });

  it('flips MarketStatus live at the Friday close and stops the ticks', async () => {
    // Friday 16:59 in New York (21:59 UTC in January).
    const time = new VirtualTime(Date.parse('2026-01-16T21:59:00Z'));
    const t = await startTestServer({ overrides: { markets: { clock: time, timers: time } } });
    const socket = await TestSocket.open(t.wsUrl);
    try {
      const markets = t.server.ctx.services.markets;
      socket.sendJson({ type: 'sub', topic: 'DAY_MARKET' });
      await socket.next();
      const snapshot = DayMarketMessage.parse(await socket.nextJson());
      expect(snapshot.data.find((e) => e.Code === 'EURUSD')?.MarketStatus).toBe(1);

      const lastForexTick = new Map<string, number>();
      markets.onTick((tick) => {
        if (!CRYPTO.includes(tick.instrument.code)) lastForexTick.set(tick.instrument.code, tick.timeMs);
      });
      time.advance(120_000);
      const close = Date.parse('2026-01-16T22:00:00Z');
      expect(lastForexTick.size).toBeGreaterThan(0);
      expect(Math.max(...lastForexTick.values())).toBeLessThan(close);
      expect(markets.isOpen('EURUSD')).toBe(false);

      let eurStatus: number | undefined;
      while (eurStatus !== 0) {
        const message = DayMarketMessage.parse(await socket.nextJson());
        const entry = message.data.find((e) => e.Code === 'EURUSD');
        if (entry) eurStatus = entry.MarketStatus;
      }
      expect(eurStatus).toBe(0);

      // The last minute before the close was closed by the clock, not by a tick, and stored.
      await markets.flushCandles();
      const stored = await t.server.ctx.db.kysely
        .selectFrom('candles')
        .select(['time', 'close'])
        .where('instrument_id', '=', 1)
        .where('period', '=', '1min')
        .where('time', '=', close / 1000 - 60)
        .executeTakeFirst();
      expect(stored?.close).toBe(markets.quote('EURUSD').bid);
    } finally {
      await socket.close();
      await t.close();
    }
  });
});
