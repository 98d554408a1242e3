// @vitest-environment happy-dom
import type { TradeInstrument } from '@meridian/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { readTradeListCache, TRADE_LIST_CACHE_KEY, writeTradeListCache } from './trade-list-cache';

const EURUSD: TradeInstrument = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EUR/USD',
  Logo: '/logos/EURUSD.svg',
  CategoryId: 1,
  MarketStatus: 1,
  ForexQuotations: { Open: '1.16000', Close: '1.16500', Change: '0.43' },
  PricePrecision: 5,
  ForexMinCont: '0.01',
  ForexMaxCont: '100',
  ForexContNum: 100000,
  ForexFeeRate: '0.0001',
  Pip: '0.01',
  MarginMode: 2,
  HasForexMultiple: [{ Value: 30 }],
  Bid: '1.16500',
  Ask: '1.16508',
  Spread: '0.00008',
  QuoteCurrency: 'USD',
};

afterEach(() => sessionStorage.clear());

describe('trade list session cache', () => {
  it('stores the list in sessionStorage and reads it back with its time', () => {
    expect(readTradeListCache()).toBeNull();
    writeTradeListCache([EURUSD], 1_700_000_000_000);
    expect(sessionStorage.getItem(TRADE_LIST_CACHE_KEY)).toContain('EURUSD');
    expect(readTradeListCache()).toEqual({ savedAt: 1_700_000_000_000, list: [EURUSD] });
  });

  it('drops a cached copy that does not fit the contract any more', () => {
    sessionStorage.setItem(TRADE_LIST_CACHE_KEY, JSON.stringify({ savedAt: 1, list: [{ Id: 'x' }] }));
    expect(readTradeListCache()).toBeNull();
    expect(sessionStorage.getItem(TRADE_LIST_CACHE_KEY)).toBeNull();
    // A field the contract has since added (or renamed) is missing: dropped too.
    const { QuoteCurrency: _gone, ...olderShape } = EURUSD;
    sessionStorage.setItem(TRADE_LIST_CACHE_KEY, JSON.stringify({ savedAt: 1, list: [olderShape] }));
    expect(readTradeListCache()).toBeNull();
    sessionStorage.setItem(
      TRADE_LIST_CACHE_KEY,
      JSON.stringify({ savedAt: 1, list: [{ ...EURUSD, ForexQuotations: { Close: 1.1 } }] }),
    );
    expect(readTradeListCache()).toBeNull();
    sessionStorage.setItem(TRADE_LIST_CACHE_KEY, '{not json');
    expect(readTradeListCache()).toBeNull();
  });

  it('keeps working when storage refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeTradeListCache([EURUSD], 1, full)).not.toThrow();
    expect(readTradeListCache(full)).toBeNull();
  });
});
