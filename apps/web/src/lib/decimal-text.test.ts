import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseDecimal, subtract, toFixedHalfUp } from './decimal-text';

const SAMPLES: (number | string)[] = [
  0,
  -0,
  '0',
  '-0',
  '-0.000',
  1,
  -1,
  0.1,
  0.5,
  -0.5,
  1.005,
  2.5,
  -2.5,
  1e21,
  1e-7,
  -1e-7,
  123456789.98765433,
  Number.MAX_SAFE_INTEGER,
  '1.16508',
  '0.00008',
  '-0.001',
  '-0.005',
  '0.005',
  '99999.995',
  '1e5',
  '1E-3',
  '.5',
  '5.',
  '+1.25',
  '-1234.5678',
  '0.000000045',
  '12345678901234567890.123456789',
  '7',
  '1.23456785',
];

function decimalFixed(value: number | string, places: number): string {
  return new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
}

function exact(value: number | string) {
  const d = parseDecimal(value);
  if (!d) throw new Error(`unreadable ${String(value)}`);
  return d;
}

describe('decimal text (BigInt) against decimal.js', () => {
  it('rounds half away from zero to any number of places, exactly like decimal.js', () => {
    for (const value of SAMPLES) {
      for (const places of [0, 1, 2, 3, 5, 6, 8]) {
        expect(`${String(value)}@${places} ${toFixedHalfUp(exact(value), places)}`).toBe(
          `${String(value)}@${places} ${decimalFixed(value, places)}`,
        );
      }
    }
  });

  it('agrees on random prices and amounts', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const digits = Math.floor(random() * 9);
      const value = ((random() - 0.5) * 10 ** Math.floor(random() * 8)).toFixed(digits);
      const places = Math.floor(random() * 7);
      expect(toFixedHalfUp(exact(value), places)).toBe(decimalFixed(value, places));
    }
  });

  it('subtracts exactly (the spread), with an exact zero positive', () => {
    const pairs: [string, string][] = [
      ['1.16508', '1.16500'],
      ['0.1', '0.3'],
      ['97853.19', '97853.19'],
      ['1e-7', '0.00000005'],
      ['-1.5', '2.25'],
    ];
    for (const [a, b] of pairs) {
      for (const places of [0, 2, 5, 8]) {
        const ours = toFixedHalfUp(subtract(exact(a), exact(b)), places);
        expect(ours).toBe(new Decimal(a).minus(b).toFixed(places, Decimal.ROUND_HALF_UP));
      }
    }
  });

  it('refuses what is not a decimal', () => {
    for (const bad of ['', '-', '.', 'abc', '1.2.3', '1e', ' 1', 'NaN', 'Infinity', '1e999999']) {
      expect(parseDecimal(bad)).toBeNull();
    }
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatting without decimal.js', () => {
  it('formats fixed places as before', async () => {
    const { formatFixed, formatBalance, formatChangePercent } = await import('./format');
    expect(formatFixed('1.165085', 5)).toBe('1.16509');
    expect(formatFixed('x', 2)).toBe('--');
    expect(formatFixed('', 2)).toBe('--');
    expect(formatBalance('100000')).toBe('100,000.00');
    expect(formatChangePercent('0.434')).toBe('+0.43%');
    expect(formatChangePercent('-1.2')).toBe('-1.20%');
  });
});
