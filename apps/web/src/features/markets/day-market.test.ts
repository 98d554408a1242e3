import type { DayMarketEntry, TradeInstrument } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { mergeDayMarket } from './day-market';

function instrument(id: number, code: string, close: string): TradeInstrument {
  return {
    Id: id,
    Code: code,
    ShowCode: code,
    Logo: `/logos/${code}.svg`,
    CategoryId: 1,
    MarketStatus: 1,
    ForexQuotations: { Open: close, Close: close, Change: '0.00' },
    PricePrecision: 5,
    ForexMinCont: '0.01',
    ForexMaxCont: '100',
    ForexContNum: 100000,
    ForexFeeRate: '0.0001',
    Pip: '0.01',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 30 }],
    Bid: close,
    Ask: close,
    Spread: '0.00000',
    QuoteCurrency: 'USD',
  };
}

function entry(id: number, code: string, over: Partial<DayMarketEntry>): DayMarketEntry {
  return {
    Id: id,
    Code: code,
    Bid: '1.16500',
    Ask: '1.16508',
    Close: '1.16500',
    Open: '1.16000',
    Change: '0.43',
    MarketStatus: 1,
    Time: 1_767_000_000_000,
    ...over,
  };
}

describe('mergeDayMarket', () => {
  const list = [instrument(1, 'EURUSD', '1.16000'), instrument(2, 'GBPUSD', '1.33500')];

  it('writes the pushed quote into its instrument and leaves the others as they were', () => {
    const next = mergeDayMarket(list, [entry(1, 'EURUSD', {})]);
    expect(next).not.toBe(list);
    expect(next[0]).toMatchObject({
      Bid: '1.16500',
      Ask: '1.16508',
      Spread: '0.00008',
      MarketStatus: 1,
      ForexQuotations: { Open: '1.16000', Close: '1.16500', Change: '0.43' },
    });
    // Untouched rows keep their identity, so they do not re-render.
    expect(next[1]).toBe(list[1]);
    // The cached list itself is never mutated.
    expect(list[0]!.ForexQuotations.Close).toBe('1.16000');
  });

  it('carries the market status, so a closing market shows its closed label', () => {
    const next = mergeDayMarket(list, [
      entry(2, 'GBPUSD', { MarketStatus: 0, Bid: '1.33500', Ask: '1.33512' }),
    ]);
    expect(next[1]!.MarketStatus).toBe(0);
    expect(next[1]!.Spread).toBe('0.00012');
  });

  it('returns the same list when nothing changed or the push names unknown instruments', () => {
    const once = mergeDayMarket(list, [entry(1, 'EURUSD', {})]);
    expect(mergeDayMarket(once, [entry(1, 'EURUSD', {})])).toBe(once);
    expect(mergeDayMarket(list, [entry(99, 'XXXYYY', {})])).toBe(list);
    expect(mergeDayMarket(list, [])).toBe(list);
  });

  it('keeps the last of several quotes for one instrument in the same push', () => {
    const next = mergeDayMarket(list, [
      entry(1, 'EURUSD', { Close: '1.16100' }),
      entry(1, 'EURUSD', { Close: '1.16200' }),
    ]);
    expect(next[0]!.ForexQuotations.Close).toBe('1.16200');
  });
});
