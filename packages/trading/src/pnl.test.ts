import { describe, expect, it } from 'vitest';
import {
  closingPrice,
  closingQuoteSide,
  openingPrice,
  quoteToUsdRate,
  sideFromOrderType,
} from './instrument.js';
import { BTCUSD, EURGBP, EURUSD, USDJPY, XAUUSD } from './instruments.fixtures.js';
import { floatingPnlMicros, pnlMicrosAt } from './pnl.js';

describe('executable prices', () => {
  const quote = { bid: '1.1000', ask: '1.1002' };
  it('a buy opens at the ask and closes at the bid; a sell the reverse', () => {
    expect(openingPrice('buy', quote)).toBe('1.1002');
    expect(closingPrice('buy', quote)).toBe('1.1000');
    expect(openingPrice('sell', quote)).toBe('1.1000');
    expect(closingPrice('sell', quote)).toBe('1.1002');
    expect(closingQuoteSide('buy')).toBe('bid');
    expect(closingQuoteSide('sell')).toBe('ask');
  });

  it('maps OrderType 1 to buy and anything else to sell', () => {
    expect(sideFromOrderType(1)).toBe('buy');
    expect(sideFromOrderType(2)).toBe('sell');
    expect(sideFromOrderType(0)).toBe('sell');
  });
});

describe('floatingPnlMicros', () => {
  it.each([
    {
      // buy EURUSD 0.1 lot opened at 1.08555, valued at the bid: (1.08655 − 1.08555) × 0.1 × 100_000
      // = 0.001 × 10_000 = 10 USD
      name: 'EURUSD buy in profit',
      input: {
        side: 'buy',
        terms: EURUSD,
        lots: '0.1',
        openPrice: '1.08555',
        quote: { bid: '1.08655', ask: '1.08665' },
        quoteToUsd: 1,
      },
      micros: 10_000_000,
    },
    {
      // sell EURUSD 0.1 lot opened at 1.08545, valued at the ask: (1.08545 − 1.08665) × 10_000
      // = −0.0012 × 10_000 = −12 USD
      name: 'EURUSD sell at a loss',
      input: {
        side: 'sell',
        terms: EURUSD,
        lots: '0.1',
        openPrice: '1.08545',
        quote: { bid: '1.08655', ask: '1.08665' },
        quoteToUsd: 1,
      },
      micros: -12_000_000,
    },
    {
      // buy USDJPY 0.5 lot at 151.237, bid 151.537: 0.3 × 50_000 = 15_000 JPY; / 151.537 = 98.985726258… USD
      // → 98.985726 (the 7th decimal is 2)
      name: 'USDJPY buy, converted at 1 / USDJPY',
      input: {
        side: 'buy',
        terms: USDJPY,
        lots: '0.5',
        openPrice: '151.237',
        quote: { bid: '151.537', ask: '151.549' },
        quoteToUsd: quoteToUsdRate('151.537', 'base'),
      },
      micros: 98_985_726,
    },
    {
      // sell EURGBP 1 lot at 0.85432, ask 0.85232: 0.002 × 100_000 = 200 GBP; × GBPUSD 1.27 = 254 USD
      name: 'EURGBP sell, converted at GBPUSD',
      input: {
        side: 'sell',
        terms: EURGBP,
        lots: 1,
        openPrice: '0.85432',
        quote: { bid: '0.85220', ask: '0.85232' },
        quoteToUsd: quoteToUsdRate('1.27', 'quote'),
      },
      micros: 254_000_000,
    },
    {
      // buy gold 0.03 lot (3 oz) at 2345.67, bid 2340.12: −5.55 × 3 = −16.65 USD
      name: 'XAUUSD buy at a loss',
      input: {
        side: 'buy',
        terms: XAUUSD,
        lots: '0.03',
        openPrice: '2345.67',
        quote: { bid: '2340.12', ask: '2340.52' },
        quoteToUsd: 1,
      },
      micros: -16_650_000,
    },
    {
      // sell BTC 0.01 at 67321.45, ask 66000.005: 1321.445 × 0.01 = 13.21445 USD
      name: 'BTCUSD sell in profit',
      input: {
        side: 'sell',
        terms: BTCUSD,
        lots: '0.01',
        openPrice: '67321.45',
        quote: { bid: '65999.995', ask: '66000.005' },
        quoteToUsd: 1,
      },
      micros: 13_214_450,
    },
  ] as const)('$name', ({ input, micros }) => {
    expect(floatingPnlMicros(input)).toBe(micros);
  });

  it('rounds half away from zero in both directions', () => {
    const terms = { contractSize: 1 };
    // buy: (1.0000005 − 1.000001) × 1 × 1 = −0.0000005 USD = −0.5 micro → −1
    expect(
      floatingPnlMicros({
        side: 'buy',
        terms,
        lots: 1,
        openPrice: '1.000001',
        quote: { bid: '1.0000005', ask: '1.0000015' },
        quoteToUsd: 1,
      }),
    ).toBe(-1);
    // sell, mirrored: (1.000001 − 1.0000005) = +0.5 micro → +1
    expect(
      floatingPnlMicros({
        side: 'sell',
        terms,
        lots: 1,
        openPrice: '1.000001',
        quote: { bid: '0.9999995', ask: '1.0000005' },
        quoteToUsd: 1,
      }),
    ).toBe(1);
    // −0.4 micro → 0 (and a plain 0, not −0)
    const nearlyNothing = floatingPnlMicros({
      side: 'buy',
      terms,
      lots: 1,
      openPrice: '1.0000004',
      quote: { bid: '1', ask: '1' },
      quoteToUsd: 1,
    });
    expect(Object.is(nearlyNothing, 0)).toBe(true);
  });
});

describe('pnlMicrosAt', () => {
  it('values a close at a given fill price', () => {
    // buy 2 lots EURUSD 1.1 → 1.2: 0.1 × 200_000 = 20_000 USD
    expect(
      pnlMicrosAt({
        side: 'buy',
        terms: EURUSD,
        lots: 2,
        openPrice: '1.1',
        closePrice: '1.2',
        quoteToUsd: 1,
      }),
    ).toBe(20_000_000_000);
    // the same as a sell: −20_000 USD
    expect(
      pnlMicrosAt({
        side: 'sell',
        terms: EURUSD,
        lots: 2,
        openPrice: '1.1',
        closePrice: '1.2',
        quoteToUsd: 1,
      }),
    ).toBe(-20_000_000_000);
  });

  it('throws past the ceiling rather than lose precision', () => {
    // 100 lots × 100_000 × (2_000_000 − 1) ≈ 2e13 USD
    expect(() =>
      pnlMicrosAt({
        side: 'buy',
        terms: EURUSD,
        lots: 100,
        openPrice: '1',
        closePrice: '2000000',
        quoteToUsd: 1,
      }),
    ).toThrow(RangeError);
  });
});
