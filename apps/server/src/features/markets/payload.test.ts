import {
  Candle as CandleSchema,
  Category as CategorySchema,
  PERIODS as CONTRACT_PERIODS,
  DayMarketMessage,
  KlineMessage,
  KlineQuery,
  TradeInstrument,
  TradeListQuery,
} from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { CandleAggregator, PERIODS } from './candles.js';
import { INSTRUMENTS, instrumentByCode } from './catalogue.js';
import { CATEGORIES } from './categories.js';
import {
  candlePayload,
  categoryPayload,
  dayMarketEntry,
  dayMarketMessage,
  klineMessage,
  matchesSearch,
  tradeInstrumentPayload,
} from './payload.js';

const eurusd = instrumentByCode('EURUSD');
if (!eurusd) throw new Error('EURUSD missing');

describe('API payloads', () => {
  it('use the contract periods', () => {
    expect([...PERIODS]).toEqual([...CONTRACT_PERIODS]);
  });

  it('map every catalogue instrument to a valid TradeInstrument', () => {
    for (const inst of INSTRUMENTS) {
      const payload = tradeInstrumentPayload(
        { instrument: inst, quote: undefined, day: undefined, marketStatus: 0 },
        { allowProLeverage: false, tradeFeeType: 2 },
      );
      expect(TradeInstrument.parse(payload)).toEqual(payload);
    }
  });

  it('carries the live quote, the day change, fee type and leverage options', () => {
    const agg = new CandleAggregator({ code: 'EURUSD', precision: 5, scheduleId: 'forex' });
    agg.push({ code: 'EURUSD', bid: '1.16000', ask: '1.16008', timeMs: Date.parse('2026-01-13T08:00:00Z') });
    agg.push({ code: 'EURUSD', bid: '1.16580', ask: '1.16590', timeMs: Date.parse('2026-01-13T09:00:00Z') });
    const state = {
      instrument: eurusd,
      quote: { code: 'EURUSD', bid: '1.16580', ask: '1.16590', time: Date.parse('2026-01-13T09:00:00Z') },
      day: agg.dayQuote(),
      marketStatus: 1 as const,
    };
    const retail = tradeInstrumentPayload(state, { allowProLeverage: false, tradeFeeType: 1 });
    expect(retail).toMatchObject({
      Bid: '1.16580',
      Ask: '1.16590',
      Spread: '0.00010',
      MarketStatus: 1,
      ForexQuotations: { Open: '1.16000', Close: '1.16580', Change: '0.50' },
      ForexFeeRate: '7',
      ForexContNum: 100_000,
      Pip: '0.01',
      ForexMinCont: '0.01',
      QuoteCurrency: 'USD',
    });
    expect(retail.HasForexMultiple.map((m) => m.Value)).toEqual([5, 10, 20, 30]);
    const pro = tradeInstrumentPayload(state, { allowProLeverage: true, tradeFeeType: 2 });
    expect(pro.HasForexMultiple.map((m) => m.Value)).toEqual([5, 10, 20, 30, 50, 100, 200]);
    expect(pro.ForexFeeRate).toBe('0.001');

    const message = dayMarketMessage([dayMarketEntry(state)]);
    expect(DayMarketMessage.parse(message)).toEqual(message);
    expect(message.data[0]).toMatchObject({
      Id: eurusd.id,
      Open: '1.16000',
      Close: '1.16580',
      Change: '0.50',
    });
  });

  it('map candles, KLINE messages and categories', () => {
    const agg = new CandleAggregator({ code: 'EURUSD', precision: 5, scheduleId: 'forex' });
    const { updated } = agg.push({
      code: 'EURUSD',
      bid: '1.16000',
      ask: '1.16008',
      timeMs: 1_768_298_400_000,
    });
    const message = klineMessage('EURUSD', updated);
    expect(KlineMessage.parse(message)).toEqual(message);
    expect(Object.keys(message.data)).toEqual([...PERIODS]);
    const one = updated['1min'];
    if (!one) throw new Error('no 1min candle');
    expect(CandleSchema.parse(candlePayload(one))).toEqual({
      Time: 1_768_298_400,
      Open: '1.16000',
      High: '1.16000',
      Low: '1.16000',
      Close: '1.16000',
      Volume: 1,
    });
    const metals = CATEGORIES.find((c) => c.key === 'metals');
    if (!metals) throw new Error('no metals category');
    expect(CategorySchema.parse(categoryPayload(metals, 'de'))).toEqual({
      Id: metals.id,
      NameShowTrans: 'Edelmetalle',
    });
  });

  it('validates the kline and trade_list queries', () => {
    expect(KlineQuery.parse({ forex_id: '3', period: '15min' })).toEqual({
      forex_id: 3,
      period: '15min',
      limit: 300,
    });
    expect(KlineQuery.safeParse({ forex_id: '3', period: '2min' }).success).toBe(false);
    expect(TradeListQuery.parse({ searchCurrency: ' eur ' })).toEqual({ searchCurrency: 'eur' });
  });

  it('filters trade_list by code or shown name, ignoring case and the slash', () => {
    const found = (q: string) => INSTRUMENTS.filter((i) => matchesSearch(i, q)).map((i) => i.code);
    expect(found('eur/usd')).toEqual(['EURUSD']);
    expect(found('gold')).toEqual(['XAUUSD']);
    expect(found('')).toHaveLength(INSTRUMENTS.length);
    expect(found('jpy')).toEqual(['USDJPY', 'EURJPY', 'GBPJPY', 'AUDJPY', 'CADJPY']);
  });
});
