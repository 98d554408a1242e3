import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OrderIdQuery } from './trading.js';
import { wholeNumber, wholeNumberText } from './whole-number.js';

const Id = wholeNumber(z.number().int().positive());

describe('wholeNumber', () => {
  it('reads decimal digits, and a number as it is', () => {
    expect(Id.parse('42')).toBe(42);
    expect(Id.parse('007')).toBe(7);
    expect(Id.parse(42)).toBe(42);
    expect(OrderIdQuery.parse({ id: '9007199254740991' })).toEqual({ id: 9007199254740991 });
  });

  it('refuses what Number() would read as another number: hex, exponents, spaces, fractions, signs', () => {
    for (const text of ['0x10', '1e3', ' 7', '7 ', '7.0', '+7', '-7', '', 'abc', '1_000', '٧', '７']) {
      expect(Id.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('still applies the schema it wraps (range, integer)', () => {
    expect(Id.safeParse('0').success).toBe(false);
    expect(Id.safeParse(1.5).success).toBe(false);
    expect(Id.safeParse('99999999999999999').success).toBe(false);
    expect(OrderIdQuery.safeParse({ id: '9007199254740993' }).success).toBe(false);
  });
});

describe('wholeNumberText', () => {
  it('reads digits with spaces around them, and anything else as NaN', () => {
    expect(wholeNumberText(' 25 ')).toBe(25);
    expect(wholeNumberText('0x19')).toBeNaN();
    expect(wholeNumberText('2.5e1')).toBeNaN();
    expect(wholeNumberText('')).toBeNaN();
  });
});
