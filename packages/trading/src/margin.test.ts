import { describe, expect, it } from 'vitest';
import { DecimalParseError } from './decimal.js';
import { quoteToUsdRate, USD_QUOTED } from './instrument.js';
import { BTCUSD, DE40, EURGBP, EURUSD, FIXED, USDJPY, XAUUSD } from './instruments.fixtures.js';
import { feeMicros, marginMicros, openCost } from './margin.js';
import { MAX_MICROS } from './money.js';

describe('marginMicros, leverage mode: lots × units × price / leverage × quoteToUsd', () => {
  it.each([
    {
      // USD-quoted: 0.1 × 100_000 × 1.08555 / 100 = 10_000 × 1.08555 / 100 = 108.555 USD
      name: 'EURUSD',
      input: { terms: EURUSD, lots: '0.1', price: '1.08555', leverage: 100, quoteToUsd: USD_QUOTED },
      micros: 108_555_000,
    },
    {
      // USD-base, quoted in JPY: 0.5 × 100_000 × 151.237 / 50 = 151_237 JPY; × 1/151.237 = 1_000 USD
      // (the 64-digit 1/151.237 makes 999.999…9, which the micro rounding brings back to 1000 exactly)
      name: 'USDJPY',
      input: {
        terms: USDJPY,
        lots: '0.5',
        price: '151.237',
        leverage: 50,
        quoteToUsd: quoteToUsdRate('151.237', 'base'),
      },
      micros: 1_000_000_000,
    },
    {
      // cross quoted in GBP: 1 × 100_000 × 0.85432 / 200 = 427.16 GBP; × GBPUSD 1.27 = 542.4932 USD
      name: 'EURGBP',
      input: {
        terms: EURGBP,
        lots: 1,
        price: '0.85432',
        leverage: 200,
        quoteToUsd: quoteToUsdRate('1.27', 'quote'),
      },
      micros: 542_493_200,
    },
    {
      // gold, 100 oz per lot: 0.03 × 100 = 3 oz; 3 × 2345.67 = 7037.01; / 20 = 351.8505 USD
      name: 'XAUUSD',
      input: { terms: XAUUSD, lots: '0.03', price: '2345.67', leverage: 20, quoteToUsd: 1 },
      micros: 351_850_500,
    },
    {
      // EUR index: 1 × 1 × 18123.7 / 20 = 906.185 EUR; × EURUSD 1.0851 = 983.3013435 USD
      // that is 983.301343 + half a micro: a tie, rounded half-up → 983.301344
      name: 'DE40 (index, tie at the half micro)',
      input: { terms: DE40, lots: '1', price: '18123.7', leverage: 20, quoteToUsd: '1.0851' },
      micros: 983_301_344,
    },
    {
      // crypto: 0.01 × 1 × 67321.45 = 673.2145; / 5 = 134.6429 USD
      name: 'BTCUSD',
      input: { terms: BTCUSD, lots: '0.01', price: '67321.45', leverage: 5, quoteToUsd: 1 },
      micros: 134_642_900,
    },
    {
      // a non-terminating quotient: 0.01 × 100_000 × 1.1 = 1100; / 3 = 366.666666666… → 366.666667
      name: 'EURUSD at leverage 3',
      input: { terms: EURUSD, lots: '0.01', price: '1.1', leverage: 3, quoteToUsd: 1 },
      micros: 366_666_667,
    },
    {
      // 1 × 1 × 1.000001 / 2 = 0.5000005 USD = 500_000.5 micros: a tie → 500_001
      name: 'exact half micro rounds up',
      input: { terms: BTCUSD, lots: 1, price: '1.000001', leverage: 2, quoteToUsd: 1 },
      micros: 500_001,
    },
    {
      // 1 × 1 × 1.0000009 / 2 = 0.50000045 USD = 500_000.45 micros → 500_000
      name: 'just under the half micro rounds down',
      input: { terms: BTCUSD, lots: 1, price: '1.0000009', leverage: 2, quoteToUsd: 1 },
      micros: 500_000,
    },
    {
      // tiny: 0.01 × 1 × 0.00001 / 100 = 0.000000001 USD = 0.001 micro → 0
      name: 'tiny amount rounds to zero',
      input: { terms: BTCUSD, lots: '0.01', price: '0.00001', leverage: 100, quoteToUsd: 1 },
      micros: 0,
    },
    {
      // tiny tie: 1 × 1 × 0.00005 / 100 = 0.0000005 USD = half a micro → 1
      name: 'tiny tie rounds up to one micro',
      input: { terms: BTCUSD, lots: 1, price: '0.00005', leverage: 100, quoteToUsd: 1 },
      micros: 1,
    },
  ])('$name', ({ input, micros }) => {
    expect(marginMicros(input)).toBe(micros);
  });

  it('keeps every digit of a long conversion rate until the one rounding', () => {
    // 1 × 1 × 0.000001 × 0.49999999999999999999999 / 1 = 0.49999999999999999999999 micro → 0.
    // Rounding the product to 20 significant digits first would make it 0.5 and book 1 micro.
    const quoteToUsd = '0.49999999999999999999999';
    const input = { terms: BTCUSD, lots: 1, price: '0.000001', leverage: 1, quoteToUsd };
    expect(marginMicros(input)).toBe(0);
  });

  it('is the same whether inputs arrive as strings or numbers', () => {
    const asNumbers = marginMicros({
      terms: EURUSD,
      lots: 0.1,
      price: 1.08555,
      leverage: 100,
      quoteToUsd: 1,
    });
    expect(asNumbers).toBe(108_555_000);
  });

  it('throws a RangeError past the ceiling: 10_000 lots × 100_000 × 150 / 1 = 1.5e11 USD', () => {
    expect(() =>
      marginMicros({ terms: EURUSD, lots: 10_000, price: 150, leverage: 1, quoteToUsd: 1 }),
    ).toThrow(RangeError);
  });

  it('refuses missing or non-positive price, leverage and rate in leverage mode', () => {
    const ok = { terms: EURUSD, lots: 1, price: '1.1', leverage: 100, quoteToUsd: 1 };
    expect(() => marginMicros({ ...ok, price: undefined })).toThrow(/price/);
    expect(() => marginMicros({ ...ok, price: '0' })).toThrow(DecimalParseError);
    expect(() => marginMicros({ ...ok, leverage: 0 })).toThrow(/leverage/);
    expect(() => marginMicros({ ...ok, quoteToUsd: '-1.2' })).toThrow(/quoteToUsd/);
    expect(() => marginMicros({ ...ok, lots: '-1' })).toThrow(/lots/);
  });
});

describe('marginMicros, fixed mode: lots × units per lot, as USD', () => {
  it('ignores price, leverage and conversion', () => {
    // 0.2 × 1000 = 200 USD
    expect(marginMicros({ terms: FIXED, lots: '0.2' })).toBe(200_000_000);
    expect(marginMicros({ terms: FIXED, lots: '0.2', price: '99999', leverage: 500, quoteToUsd: 3 })).toBe(
      200_000_000,
    );
  });

  it('reaches the ceiling exactly and not one micro beyond', () => {
    const unit = { ...FIXED, contractSize: 1 };
    // 9_007_199_254.740991 lots × 1 = MAX_SAFE_INTEGER micros
    expect(marginMicros({ terms: unit, lots: '9007199254.740991' })).toBe(MAX_MICROS);
    expect(() => marginMicros({ terms: unit, lots: '9007199254.741' })).toThrow(RangeError);
  });
});

describe('feeMicros', () => {
  it('type 1: lots × fee rate in USD', () => {
    // 0.25 lots × 7 USD = 1.75 USD
    expect(feeMicros({ tradeFeeType: 1, terms: USDJPY, lots: '0.25', marginMicros: 123 })).toBe(1_750_000);
  });

  it('other types: booked margin × fee rate, rounded half-up at the micro', () => {
    // 108_555_000 micros × 0.0005 = 54_277.5 micros: a tie → 54_278 (0.054278 USD)
    expect(feeMicros({ tradeFeeType: 2, terms: EURUSD, lots: '0.1', marginMicros: 108_555_000 })).toBe(
      54_278,
    );
    // 351_850_500 × 0.001 = 351_850.5 → 351_851
    expect(feeMicros({ tradeFeeType: 0, terms: XAUUSD, lots: '0.03', marginMicros: 351_850_500 })).toBe(
      351_851,
    );
    // 1_000 × 0.0005 = 0.5 micro → 1; 999 × 0.0005 = 0.4995 → 0
    expect(feeMicros({ tradeFeeType: 2, terms: EURUSD, lots: 1, marginMicros: 1_000 })).toBe(1);
    expect(feeMicros({ tradeFeeType: 2, terms: EURUSD, lots: 1, marginMicros: 999 })).toBe(0);
  });

  it('refuses fractional or negative margin and a per-lot fee past the ceiling', () => {
    expect(() => feeMicros({ tradeFeeType: 2, terms: EURUSD, lots: 1, marginMicros: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => feeMicros({ tradeFeeType: 2, terms: EURUSD, lots: 1, marginMicros: -1 })).toThrow(
      RangeError,
    );
    expect(() =>
      feeMicros({ tradeFeeType: 1, terms: { feeRate: '1000000000' }, lots: 100, marginMicros: 0 }),
    ).toThrow(RangeError);
  });
});

describe('openCost', () => {
  it('is margin + fee, the amount opening debits', () => {
    // margin 108.555 USD (above); fee 108_555_000 × 0.0005 = 54_277.5 → 54_278; total 108_609_278
    expect(
      openCost({
        terms: EURUSD,
        lots: '0.1',
        price: '1.08555',
        leverage: 100,
        quoteToUsd: 1,
        tradeFeeType: 2,
      }),
    ).toEqual({ marginMicros: 108_555_000, feeMicros: 54_278, totalMicros: 108_609_278 });
    // fixed: margin 0.2 × 1000 = 200 USD; fee type 1: 0.2 × 0.01 = 0.002 USD = 2_000 micros
    expect(openCost({ terms: FIXED, lots: '0.2', tradeFeeType: 1 })).toEqual({
      marginMicros: 200_000_000,
      feeMicros: 2_000,
      totalMicros: 200_002_000,
    });
  });
});
