import type { DrawCurrency } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { amountMicros, cleanAmountInput, withdrawEstimate } from './amount';

const usdtTrc: DrawCurrency = {
  id: 1,
  type: 1,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  receive_decimals: 6,
};
const eur: DrawCurrency = {
  id: 6,
  type: 2,
  code: 'EUR',
  protocol: '',
  draw_rate: '15',
  fee_type: 1,
  usd_price: '0.92',
  receive_decimals: 2,
};
const usdBank: DrawCurrency = {
  id: 5,
  type: 2,
  code: 'USD',
  protocol: '',
  draw_rate: '0.01',
  fee_type: 2,
  usd_price: '1',
  receive_decimals: 2,
};
const btc: DrawCurrency = {
  id: 3,
  type: 1,
  code: 'BTC',
  protocol: 'BTC',
  draw_rate: '0.005',
  fee_type: 2,
  usd_price: '0.0000105',
  receive_decimals: 8,
};

describe('amounts typed by the trader', () => {
  it('reads plain decimals exactly and refuses everything else', () => {
    expect(amountMicros('100')).toBe(100_000_000);
    expect(amountMicros(' 0.000001 ')).toBe(1);
    expect(amountMicros('12.')).toBe(12_000_000);
    for (const bad of ['', '0', '0.0', '-1', '1e3', '1.0000001', 'abc', '1,000'])
      expect(amountMicros(bad)).toBeNull();
  });

  it('keeps the field to digits and one point with 6 decimals', () => {
    expect(cleanAmountInput('1,234.5678901')).toBe('1234.567890');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('abc')).toBe('');
  });
});

describe('withdrawal estimate (spec section 9)', () => {
  it('takes a fixed fee, then converts at the usd price to the currency precision', () => {
    expect(withdrawEstimate(usdtTrc, '100')).toEqual({
      fee: '1.000000',
      receive: '99.000000',
      payable: true,
    });
    expect(withdrawEstimate(eur, '333.33')).toEqual({ fee: '15.000000', receive: '292.86', payable: true });
  });

  it('takes a share of the amount when fee_type is not 1, rounding the amount received down', () => {
    // 0.5 − 0.005 = 0.495 → 0.49: never more than the net.
    expect(withdrawEstimate(usdBank, '0.5')).toEqual({ fee: '0.005000', receive: '0.49', payable: true });
  });

  it('shows BTC to the satoshi: 1,000 USD is 0.01044750, not "0.01"', () => {
    expect(withdrawEstimate(btc, '1000')).toEqual({ fee: '5.000000', receive: '0.01044750', payable: true });
    // Small amounts are payable too (at 2 decimals they showed 0.00 and were refused).
    expect(withdrawEstimate(btc, '20')).toEqual({ fee: '0.100000', receive: '0.00020895', payable: true });
  });

  it('marks an amount the fee eats up as not payable, and has nothing to say without an amount', () => {
    expect(withdrawEstimate(usdtTrc, '1')).toEqual({ fee: '1.000000', receive: '0.000000', payable: false });
    expect(withdrawEstimate(usdtTrc, '')).toBeNull();
    expect(withdrawEstimate(undefined, '10')).toBeNull();
  });
});
