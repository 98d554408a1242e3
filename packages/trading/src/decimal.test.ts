import { describe, expect, it } from 'vitest';
import { DecimalParseError, parseDecimal } from './decimal.js';

describe('parseDecimal, with the texts it parsed lately kept', () => {
  it('gives the same exact value for a text parsed again, and every operation leaves it unchanged', () => {
    const first = parseDecimal('0.01');
    // Arithmetic on the shared value returns new values: the next caller still reads 0.01.
    expect(first.times(3).plus(1).toFixed()).toBe('1.03');
    const again = parseDecimal('0.01');
    expect(again.toFixed()).toBe('0.01');
    expect(again.eq(first)).toBe(true);
  });

  it('still refuses a text that is not a plain decimal, before and after valid ones', () => {
    expect(() => parseDecimal('1e3', 'lots')).toThrow(DecimalParseError);
    parseDecimal('1000');
    expect(() => parseDecimal('1e3', 'lots')).toThrow(DecimalParseError);
    expect(() => parseDecimal(' 1', 'lots')).toThrow(DecimalParseError);
  });

  it('stays exact past its capacity, when it starts again empty', () => {
    // More distinct texts than it keeps (4,096): every value is still the text's own.
    for (let i = 0; i < 10_000; i++) {
      const text = `1.${String(i).padStart(5, '0')}`;
      expect(parseDecimal(text).toFixed(5)).toBe(text);
    }
    expect(parseDecimal('1.00007').toFixed()).toBe('1.00007');
  });
});
