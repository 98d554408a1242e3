import { describe, expect, it } from 'vitest';
import { VirtualTime } from './clock.js';
import { formatPrice, parsePrice, percentChange } from './price.js';
import { createRng, seedFrom } from './random.js';

describe('price strings', () => {
  it('round-trip through scaled integers at a precision', () => {
    expect(parsePrice('1.16512', 5)).toBe(116_512);
    expect(parsePrice('1.1', 5)).toBe(110_000);
    expect(parsePrice('152.400', 3)).toBe(152_400);
    expect(parsePrice('50500', 0)).toBe(50_500);
    expect(parsePrice('-0.00010', 5)).toBe(-10);
    expect(formatPrice(116_512, 5)).toBe('1.16512');
    expect(formatPrice(12, 5)).toBe('0.00012');
    expect(formatPrice(-10, 5)).toBe('-0.00010');
    expect(formatPrice(50_500, 0)).toBe('50500');
  });

  it('refuse malformed text and digits beyond the precision', () => {
    expect(() => parsePrice('1.165123', 5)).toThrow(/more than 5 decimals/);
    expect(() => parsePrice('1e5', 2)).toThrow(/not a decimal/);
    expect(() => parsePrice('', 2)).toThrow(/not a decimal/);
    expect(() => formatPrice(1.5, 2)).toThrow(/safe integer/);
  });

  it('computes the day change to 2 decimals, half up, without a negative zero', () => {
    expect(percentChange(116_000, 116_580)).toBe('0.50');
    expect(percentChange(116_000, 115_884)).toBe('-0.10');
    expect(percentChange(200_000, 200_009)).toBe('0.00');
    expect(percentChange(200_000, 199_991)).toBe('0.00');
    expect(percentChange(100_000, 100_005)).toBe('0.01');
  });
});

describe('random and virtual time', () => {
  it('draws the same numbers for a seed, with a standard normal', () => {
    const a = createRng(seedFrom('EURUSD', 1));
    const b = createRng(seedFrom('EURUSD', 1));
    expect([a.next(), a.next(), a.normal()]).toEqual([b.next(), b.next(), b.normal()]);
    expect(seedFrom('EURUSD', 1)).not.toBe(seedFrom('EURUSD', 2));
    const rng = createRng(5);
    const xs = Array.from({ length: 20_000 }, () => rng.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it('runs due timers in time order and moves the clock to each', () => {
    const time = new VirtualTime(1000);
    const seen: Array<[string, number]> = [];
    time.set(() => seen.push(['b', time.now()]), 20);
    const cancelled = time.set(() => seen.push(['x', time.now()]), 15);
    time.set(() => {
      seen.push(['a', time.now()]);
      time.set(() => seen.push(['c', time.now()]), 5);
    }, 10);
    time.clear(cancelled);
    time.advance(100);
    expect(seen).toEqual([
      ['a', 1010],
      ['c', 1015],
      ['b', 1020],
    ]);
    expect(time.now()).toBe(1100);
  });
});
