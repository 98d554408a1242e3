import { describe, expect, it } from 'vitest';
import { defaultReceiveDecimals, withdrawQuote } from './withdraw.js';

const USD = 1_000_000;
const fiat = { receiveDecimals: 2 };

describe('withdrawQuote', () => {
  it('fee_type 1: a fixed USD fee', () => {
    // 100 − 5 = 95 USD; × usd_price 1 = 95.00
    expect(
      withdrawQuote({ amountMicros: 100 * USD, feeType: 1, drawRate: '5', usdPrice: '1', ...fiat }),
    ).toEqual({ feeMicros: 5 * USD, netMicros: 95 * USD, receiveStr: '95.00', payable: true });
  });

  it('other fee types: amount × rate', () => {
    // fee 123.45 × 0.015 = 1.85175 USD; net 121.59825; × 7.1 = 863.347575 → 863.34 (down)
    expect(
      withdrawQuote({ amountMicros: 123_450_000, feeType: 2, drawRate: '0.015', usdPrice: '7.1', ...fiat }),
    ).toEqual({ feeMicros: 1_851_750, netMicros: 121_598_250, receiveStr: '863.34', payable: true });
    // fee 0.000123 × 0.01 = 0.00000123 USD = 1.23 micros → 1; net 122 micros → 0.000122 × 1 → 0.00
    expect(withdrawQuote({ amountMicros: 123, feeType: 0, drawRate: 0.01, usdPrice: 1, ...fiat })).toEqual({
      feeMicros: 1,
      netMicros: 122,
      receiveStr: '0.00',
      payable: false,
    });
  });

  it('rounds the amount received once, down, at the currency precision', () => {
    // no fee: 10.005 × 1 = 10.005 → 10.00 (a tie is not rounded up: the house never pays more than the net)
    expect(
      withdrawQuote({ amountMicros: 10_005_000, feeType: 2, drawRate: 0, usdPrice: 1, ...fiat }).receiveStr,
    ).toBe('10.00');
    // 10.009999 → 10.00
    expect(
      withdrawQuote({ amountMicros: 10_009_999, feeType: 2, drawRate: 0, usdPrice: 1, ...fiat }).receiveStr,
    ).toBe('10.00');
    // fee 0.5 % of 1.000001 = 0.005000005 USD = 5000.005 micros → 5000; net 0.995001 × 0.5 = 0.4975005 → 0.49
    expect(
      withdrawQuote({ amountMicros: 1_000_001, feeType: 2, drawRate: '0.005', usdPrice: '0.5', ...fiat }),
    ).toEqual({ feeMicros: 5_000, netMicros: 995_001, receiveStr: '0.49', payable: true });
  });

  it('pays BTC to the satoshi: 1,000 USD is 0.01044750 BTC, not "0.01" (4 % short)', () => {
    // fee 0.5 % = 5 USD; 995 × 0.0000105 = 0.0104475
    expect(
      withdrawQuote({
        amountMicros: 1_000 * USD,
        feeType: 2,
        drawRate: '0.005',
        usdPrice: '0.0000105',
        receiveDecimals: 8,
      }),
    ).toEqual({ feeMicros: 5 * USD, netMicros: 995 * USD, receiveStr: '0.01044750', payable: true });
  });

  it('pays ETH exactly: 100 USD is 0.02885500 ETH, not "0.03" (overpaid)', () => {
    // fee 0.5 USD; 99.5 × 0.00029 = 0.028855
    expect(
      withdrawQuote({
        amountMicros: 100 * USD,
        feeType: 2,
        drawRate: '0.005',
        usdPrice: '0.00029',
        receiveDecimals: 8,
      }).receiveStr,
    ).toBe('0.02885500');
  });

  it('pays a small BTC withdrawal with a 1.25 USD fee instead of calling it "below the fee"', () => {
    // 100 − 1.25 = 98.75 USD × 0.0000105 = 0.001036875 → 0.00103687 (down). At 2 decimals it was
    // "0.00" for anything under about 477 USD, and refused.
    const btc = { feeType: 1, drawRate: '1.25', usdPrice: '0.0000105' };
    expect(withdrawQuote({ amountMicros: 100 * USD, ...btc, receiveDecimals: 8 })).toEqual({
      feeMicros: 1_250_000,
      netMicros: 98_750_000,
      receiveStr: '0.00103687',
      payable: true,
    });
    expect(withdrawQuote({ amountMicros: 100 * USD, ...btc, receiveDecimals: 2 }).payable).toBe(false);
    // 1.25 USD and one micro: net 1 micro × 0.0000105 is less than a satoshi.
    expect(withdrawQuote({ amountMicros: 1_250_001, ...btc, receiveDecimals: 8 })).toMatchObject({
      receiveStr: '0.00000000',
      payable: false,
    });
  });

  it('never receives less than 0: a fixed fee larger than the amount clamps to zero', () => {
    // 3 − 5 = −2 → 0
    expect(withdrawQuote({ amountMicros: 3 * USD, feeType: 1, drawRate: 5, usdPrice: 1, ...fiat })).toEqual({
      feeMicros: 5 * USD,
      netMicros: 0,
      receiveStr: '0.00',
      payable: false,
    });
    // exactly the fee: 5 − 5 = 0
    expect(
      withdrawQuote({ amountMicros: 5 * USD, feeType: 1, drawRate: 5, usdPrice: 1, ...fiat }).receiveStr,
    ).toBe('0.00');
  });

  it('handles a large amount at a small coin price', () => {
    // 1_000_000 USD, fee 1 % = 10_000; net 990_000 × 0.0000149 (BTC per USD) = 14.751
    expect(
      withdrawQuote({
        amountMicros: 1_000_000 * USD,
        feeType: 2,
        drawRate: '0.01',
        usdPrice: '0.0000149',
        receiveDecimals: 8,
      }),
    ).toEqual({
      feeMicros: 10_000 * USD,
      netMicros: 990_000 * USD,
      receiveStr: '14.75100000',
      payable: true,
    });
  });

  it('knows the usual precisions and treats anything else as fiat', () => {
    expect(['BTC', 'eth', 'USDT', 'USDC', 'USD', 'EUR', ''].map(defaultReceiveDecimals)).toEqual([
      8, 8, 6, 6, 2, 2, 2,
    ]);
  });

  it('refuses bad inputs', () => {
    const ok = { feeType: 1, drawRate: 1, usdPrice: 1, receiveDecimals: 2 };
    expect(() => withdrawQuote({ ...ok, amountMicros: -1 })).toThrow(RangeError);
    expect(() => withdrawQuote({ ...ok, amountMicros: 0.5 })).toThrow(RangeError);
    expect(() => withdrawQuote({ ...ok, amountMicros: 1, drawRate: '-1' })).toThrow(/drawRate/);
    expect(() => withdrawQuote({ ...ok, amountMicros: 1, usdPrice: 'x' })).toThrow(/usdPrice/);
    for (const receiveDecimals of [-1, 1.5, 19, Number.NaN])
      expect(() => withdrawQuote({ ...ok, amountMicros: 1, receiveDecimals })).toThrow(/receiveDecimals/);
  });
});
