import { describe, expect, it } from 'vitest';
import { displayCreditScore, formatGroupedBalance } from './money';

describe('balance on the account card', () => {
  it('shows 2 decimals with thousands separators, exactly from the 6-decimal wire string', () => {
    expect(formatGroupedBalance('100000.000000')).toBe('100,000.00');
    expect(formatGroupedBalance('1234567.895000')).toBe('1,234,567.90');
    expect(formatGroupedBalance('999.994999')).toBe('999.99');
    expect(formatGroupedBalance('0.000000')).toBe('0.00');
    expect(formatGroupedBalance('-1234.500000')).toBe('-1,234.50');
    expect(formatGroupedBalance(null)).toBe('--');
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
