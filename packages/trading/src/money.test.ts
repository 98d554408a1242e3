import { describe, expect, it } from 'vitest';
import { DecimalParseError, parseDecimal } from './decimal.js';
import { formatMicros, formatPrice, fromMicros, MAX_MICROS, sumMicros, toMicros } from './money.js';

describe('toMicros', () => {
  it.each([
    // 1.5 USD × 1_000_000 = 1_500_000
    ['1.5', 1_500_000],
    // the number 0.1 is read through its shortest text "0.1" → 100_000
    [0.1, 100_000],
    ['0', 0],
    [-0, 0],
    ['-2.25', -2_250_000],
    ['.5', 500_000],
    // 0.0000005 USD = 0.5 micro: a tie, rounded half-up → 1
    ['0.0000005', 1],
    // −0.5 micro: ties round away from zero → −1 (a loss books the same magnitude as the gain)
    ['-0.0000005', -1],
    // 0.49 micro → 0
    ['0.00000049', 0],
    // 0.1 + 0.2 = 0.30000000000000004 as a float: the noise is below half a micro → 300_000
    [0.1 + 0.2, 300_000],
    // the ceiling: Number.MAX_SAFE_INTEGER micros = 9_007_199_254.740991 USD
    ['9007199254.740991', MAX_MICROS],
    ['-9007199254.740991', -MAX_MICROS],
  ])('%s USD → %i micros', (input, micros) => {
    expect(Object.is(toMicros(input), micros)).toBe(true);
  });

  it('accepts a Decimal from any decimal.js constructor', () => {
    expect(toMicros(parseDecimal('12.345678'))).toBe(12_345_678);
  });

  it('refuses amounts past the ~9e9 USD ceiling with a RangeError', () => {
    // one micro above MAX_SAFE_INTEGER
    expect(() => toMicros('9007199254.740992')).toThrow(RangeError);
    expect(() => toMicros('-9007199254.740992')).toThrow(RangeError);
    expect(() => toMicros('1e30')).toThrow(DecimalParseError);
    expect(() => toMicros(1e30)).toThrow(RangeError);
  });

  it('in strict mode refuses more than 6 decimals instead of rounding', () => {
    expect(toMicros('1.123456', { strict: true })).toBe(1_123_456);
    expect(toMicros('1.1234560', { strict: true })).toBe(1_123_456);
    expect(() => toMicros('1.1234567', { strict: true })).toThrow(/at most 6 decimal places/);
    // the float noise of 0.1 + 0.2 has 17 decimals: refused when strict
    expect(() => toMicros(0.1 + 0.2, { strict: true })).toThrow(DecimalParseError);
  });

  it.each([
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'NaN',
    'Infinity',
    '1e3',
    '0x10',
    'abc',
    '',
    ' 1',
    '1,5',
    '1.2.3',
  ])('rejects %s with a DecimalParseError naming the field', (input) => {
    expect(() => toMicros(input, { label: 'amount' })).toThrow(DecimalParseError);
    expect(() => toMicros(input, { label: 'amount' })).toThrow(/^amount: /);
  });
});

describe('fromMicros', () => {
  it('is exact', () => {
    expect(fromMicros(1).toFixed()).toBe('0.000001');
    expect(fromMicros(-123_456_789).toFixed()).toBe('-123.456789');
    expect(fromMicros(MAX_MICROS).toFixed()).toBe('9007199254.740991');
  });

  it('refuses fractional and unsafe micros', () => {
    expect(() => fromMicros(1.5)).toThrow(RangeError);
    expect(() => fromMicros(2 ** 53)).toThrow(RangeError);
    expect(() => fromMicros(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatMicros', () => {
  it.each([
    // balance, 2 decimals: 1.234565 → 1.23 (the 4 decides)
    [1_234_565, 2, '1.23'],
    // 1.235 is a tie at 2 decimals → half-up → 1.24
    [1_235_000, 2, '1.24'],
    // −1.235 → away from zero → −1.24
    [-1_235_000, 2, '-1.24'],
    // −0.004999 rounds to zero: printed without a sign
    [-4_999, 2, '0.00'],
    // −0.005 is a tie → −0.01
    [-5_000, 2, '-0.01'],
    // fees and margin, 6 decimals: exact
    [54_278, 6, '0.054278'],
    [0, 6, '0.000000'],
    [100_000_000_000, 2, '100000.00'],
    [MAX_MICROS, 2, '9007199254.74'],
    [2_500_000, 0, '3'],
  ])('%i micros with %i decimals → %s', (micros, decimals, text) => {
    expect(formatMicros(micros, decimals)).toBe(text);
  });

  it('refuses decimals outside 0..6', () => {
    expect(() => formatMicros(1, 7)).toThrow(RangeError);
    expect(() => formatMicros(1, -1)).toThrow(RangeError);
    expect(() => formatMicros(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('rounds half-up at the instrument precision and pads', () => {
    expect(formatPrice('1.085555', 5)).toBe('1.08556');
    expect(formatPrice(151.2, 3)).toBe('151.200');
    expect(formatPrice('2345.6749', 2)).toBe('2345.67');
  });
});

describe('sumMicros', () => {
  it('adds and guards the ceiling', () => {
    expect(sumMicros(1, 2, -3)).toBe(0);
    expect(sumMicros(MAX_MICROS, -1, 1)).toBe(MAX_MICROS);
    expect(() => sumMicros(MAX_MICROS, 1)).toThrow(RangeError);
    expect(() => sumMicros(0.5)).toThrow(RangeError);
  });
});
