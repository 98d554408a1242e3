import { describe, expect, it } from 'vitest';
import { formatBalance } from '../../lib/format';
import { displayCreditScore } from './money';

describe('balance on the account card', () => {
  it('shows 2 decimals with thousands separators, exactly from the 6-decimal wire string', () => {
    expect(formatBalance('100000.000000')).toBe('100,000.00');
    expect(formatBalance('1234567.895000')).toBe('1,234,567.90');
    expect(formatBalance('999.994999')).toBe('999.99');
    expect(formatBalance('0.000000')).toBe('0.00');
    expect(formatBalance('-1234.500000')).toBe('-1,234.50');
    expect(formatBalance(null)).toBe('--');
  });
});

describe('credit score', () => {
  it('is shown as 100 below 1 (spec section 9)', () => {
    expect(displayCreditScore(0)).toBe('100');
    expect(displayCreditScore(0.5)).toBe('100');
    expect(displayCreditScore(null)).toBe('100');
    expect(displayCreditScore(1)).toBe('1');
    expect(displayCreditScore(80)).toBe('80');
  });
});
