import { describe, expect, it } from 'vitest';
import {
  amountMicros,
  cleanAmountInput,
  cleanFeeInput,
  feeRateValid,
  moneyMicros,
  strategyNameValid,
} from './amount';
import {
  addMoney,
  avatarColour,
  initials,
  riskBand,
  signedMoney,
  signedPercent,
  toMillis,
  toneOf,
} from './display';
import { idParam } from './links';

describe('copy-trading inputs', () => {
  it('reads amounts exactly, in micro-units, and refuses what is not one', () => {
    expect(amountMicros('100')).toBe(100_000_000n);
    expect(amountMicros(' 0.000001 ')).toBe(1n);
    expect(amountMicros('12.')).toBe(12_000_000n);
    expect(amountMicros('0')).toBeNull();
    expect(amountMicros('1.0000001')).toBeNull();
    expect(amountMicros('-5')).toBeNull();
    expect(amountMicros('')).toBeNull();
    expect(moneyMicros('100.000000')).toBe(100_000_000n);
    expect(moneyMicros('-0.500000')).toBe(-500_000n);
    expect(cleanAmountInput('1a2.3.4567891')).toBe('12.345678');
  });

  it('takes a fee of 0 to 50 with at most 2 decimals, and a name of 2 to 40 characters', () => {
    expect(['0', '20', '20.5', '49.99', '50', '50.00'].every(feeRateValid)).toBe(true);
    expect(['', '50.01', '51', '-1', '1.234', '.5', 'x'].some(feeRateValid)).toBe(false);
    expect(cleanFeeInput('123.456')).toBe('12.45');
    expect(strategyNameValid(' G ')).toBe(false);
    expect(strategyNameValid('Go')).toBe(true);
    expect(strategyNameValid('x'.repeat(41))).toBe(false);
    // Counted as the reader sees them: two emoji are two characters.
    expect(strategyNameValid('🚀🚀')).toBe(true);
  });

  it('reads an id from the query string only when it is a positive integer', () => {
    expect(idParam('?id=12', 'id')).toBe(12);
    expect(idParam('?id=0', 'id')).toBeNull();
    expect(idParam('?id=1e3', 'id')).toBeNull();
    expect(idParam('?id=99999999999', 'id')).toBeNull();
    expect(idParam('', 'id')).toBeNull();
  });
});

describe('copy-trading display', () => {
  it('signs and colours results, never showing "-0.00"', () => {
    expect(signedMoney('56.000000')).toBe('+56.00');
    expect(signedMoney('-1234.500000')).toBe('-1,234.50');
    expect(signedMoney('-0.001000')).toBe('0.00');
    expect(signedPercent('12.50')).toBe('+12.50%');
    expect(signedPercent('0.00')).toBe('0.00%');
    expect(toneOf('-3.10')).toBe('down');
    expect(toneOf('0.000000')).toBe('flat');
    expect(addMoney('1000.000000', '-210.500000')).toBe('789.500000');
  });

  it('draws an avatar from the name and a colour from the id, the same every time', () => {
    expect(initials('Gold Trend')).toBe('GT');
    expect(initials('Sample · Trend Rider')).toBe('ST');
    expect(initials('alpha')).toBe('AL');
    expect(initials('  ')).toBe('?');
    expect(avatarColour(11)).toBe(avatarColour(11));
    expect(new Set([1, 2, 3, 4, 5, 6].map(avatarColour)).size).toBeGreaterThan(1);
    expect([1, 3, 4, 6, 7, 10].map(riskBand)).toEqual(['low', 'low', 'mid', 'mid', 'high', 'high']);
  });

  it('reads times in milliseconds, and seconds as seconds', () => {
    expect(toMillis(1_768_298_400_000)).toBe(1_768_298_400_000);
    expect(toMillis(1_768_298_400)).toBe(1_768_298_400_000);
  });
});
