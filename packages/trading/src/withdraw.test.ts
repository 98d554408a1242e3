import { describe, expect, it } from 'vitest';
import { withdrawQuote } from './withdraw.js';

const USD = 1_000_000;

describe('withdrawQuote', () => {
  it('fee_type 1: a fixed USD fee', () => {
    // 100 − 5 = 95 USD; × usd_price 1 = 95.00
    expect(withdrawQuote({ amountMicros: 100 * USD, feeType: 1, drawRate: '5', usdPrice: '1' })).toEqual({
      feeMicros: 5 * USD,
      netMicros: 95 * USD,
      receiveStr: '95.00',
    });
  });

  it('other fee types: amount × rate', () => {
    // fee 123.45 × 0.015 = 1.85175 USD; net 121.59825; × 7.1 = 863.347575 → 863.35
    expect(
      withdrawQuote({ amountMicros: 123_450_000, feeType: 2, drawRate: '0.015', usdPrice: '7.1' }),
    ).toEqual({
      feeMicros: 1_851_750,
      netMicros: 121_598_250,
      receiveStr: '863.35',
    });
    // fee 0.000123 × 0.01 = 0.00000123 USD = 1.23 micros → 1; net 122 micros → 0.000122 × 1 → 0.00
    expect(withdrawQuote({ amountMicros: 123, feeType: 0, drawRate: 0.01, usdPrice: 1 })).toEqual({
      feeMicros: 1,
      netMicros: 122,
      receiveStr: '0.00',
    });
  });

  it('rounds the amount received once, half-up at 2 decimals', () => {
    // no fee: 10.005 × 1 = 10.005, a tie → 10.01
    expect(withdrawQuote({ amountMicros: 10_005_000, feeType: 2, drawRate: 0, usdPrice: 1 }).receiveStr).toBe(
      '10.01',
    );
    // 10.004999 → 10.00
    expect(withdrawQuote({ amountMicros: 10_004_999, feeType: 2, drawRate: 0, usdPrice: 1 }).receiveStr).toBe(
      '10.00',
    );
    // fee 0.5 % of 1.000001 = 0.005000005 USD = 5000.005 micros → 5000; net 0.995001 × 0.5 = 0.4975005 → 0.50
    expect(
      withdrawQuote({ amountMicros: 1_000_001, feeType: 2, drawRate: '0.005', usdPrice: '0.5' }),
    ).toEqual({
      feeMicros: 5_000,
      netMicros: 995_001,
      receiveStr: '0.50',
    });
  });

  it('never receives less than 0: a fixed fee larger than the amount clamps to 0.00', () => {
    // 3 − 5 = −2 → 0
    expect(withdrawQuote({ amountMicros: 3 * USD, feeType: 1, drawRate: 5, usdPrice: 1 })).toEqual({
      feeMicros: 5 * USD,
      netMicros: 0,
      receiveStr: '0.00',
    });
    // exactly the fee: 5 − 5 = 0
    expect(withdrawQuote({ amountMicros: 5 * USD, feeType: 1, drawRate: 5, usdPrice: 1 }).receiveStr).toBe(
      '0.00',
    );
  });

  it('handles a large amount at a small coin price', () => {
    // 1_000_000 USD, fee 1 % = 10_000; net 990_000 × 0.0000149 (BTC per USD) = 14.751 → 14.75
    expect(
      withdrawQuote({ amountMicros: 1_000_000 * USD, feeType: 2, drawRate: '0.01', usdPrice: '0.0000149' }),
    ).toEqual({
      feeMicros: 10_000 * USD,
      netMicros: 990_000 * USD,
      receiveStr: '14.75',
    });
  });

  it('refuses bad inputs', () => {
    expect(() => withdrawQuote({ amountMicros: -1, feeType: 1, drawRate: 1, usdPrice: 1 })).toThrow(
      RangeError,
    );
    expect(() => withdrawQuote({ amountMicros: 0.5, feeType: 1, drawRate: 1, usdPrice: 1 })).toThrow(
      RangeError,
    );
    expect(() => withdrawQuote({ amountMicros: 1, feeType: 1, drawRate: '-1', usdPrice: 1 })).toThrow(
      /drawRate/,
    );
    expect(() => withdrawQuote({ amountMicros: 1, feeType: 1, drawRate: 1, usdPrice: 'x' })).toThrow(
      /usdPrice/,
    );
  });
});
