import { describe, expect, it } from 'vitest';
import { groupDecimal, signOf, usd2 } from './money';

describe('usd2', () => {
  it('rounds 6-decimal amounts to cents, half away from zero, on the digits', () => {
    expect(usd2('100000.000000')).toBe('100,000.00');
    expect(usd2('0.004999')).toBe('0.00');
    expect(usd2('0.005000')).toBe('0.01');
    expect(usd2('12.345678')).toBe('12.35');
    expect(usd2('999.995000')).toBe('1,000.00');
    expect(usd2('-1234.567890')).toBe('-1,234.57');
    expect(usd2('-0.001000')).toBe('0.00');
    expect(usd2('9999999999999.999999')).toBe('10,000,000,000,000.00');
  });

  it('returns what is not a decimal unchanged', () => {
    expect(usd2('')).toBe('');
    expect(usd2('n/a')).toBe('n/a');
  });
});

describe('groupDecimal and signOf', () => {
  it('groups thousands and keeps every decimal', () => {
    expect(groupDecimal('1234567.500000')).toBe('1,234,567.500000');
    expect(groupDecimal('-1000')).toBe('-1,000');
  });
  it('tells the sign without a float', () => {
    expect(signOf('-0.000001')).toBe(-1);
    expect(signOf('0.000000')).toBe(0);
    expect(signOf('-0.000000')).toBe(0);
    expect(signOf('3.5')).toBe(1);
  });
});
