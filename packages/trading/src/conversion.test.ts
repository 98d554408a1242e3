import { describe, expect, it } from 'vitest';
import { usdRate, usdRouteFor } from './conversion.js';

const listed = new Set(['GBPUSD', 'USDJPY', 'EURUSD']);
const quotes: Record<string, { bid: string; ask: string }> = {
  GBPUSD: { bid: '1.25000', ask: '1.25010' },
  USDJPY: { bid: '150.000', ask: '150.020' },
};
const quoteOf = (code: string) => {
  const q = quotes[code];
  if (!q) throw new Error(code);
  return q;
};

describe('quote currency → USD', () => {
  it('finds the route the server books with', () => {
    const has = (c: string) => listed.has(c);
    expect(usdRouteFor('USD', has)).toEqual({ kind: 'usd' });
    expect(usdRouteFor('GBP', has)).toEqual({ kind: 'pair', code: 'GBPUSD', usdIs: 'quote' });
    expect(usdRouteFor('JPY', has)).toEqual({ kind: 'pair', code: 'USDJPY', usdIs: 'base' });
    expect(usdRouteFor('HKD', has)).toEqual({ kind: 'fixed', perUsd: '7.8' });
    expect(usdRouteFor('XYZ', has)).toBeNull();
  });

  it('converts at the mid, exactly', () => {
    expect(usdRate({ kind: 'usd' }, quoteOf).toString()).toBe('1');
    expect(usdRate({ kind: 'pair', code: 'GBPUSD', usdIs: 'quote' }, quoteOf).toString()).toBe('1.25005');
    expect(usdRate({ kind: 'pair', code: 'USDJPY', usdIs: 'base' }, quoteOf).toFixed(12)).toBe(
      (1 / 150.01).toFixed(12),
    );
    expect(usdRate({ kind: 'fixed', perUsd: '7.8' }, quoteOf).toFixed(10)).toBe((1 / 7.8).toFixed(10));
  });
});
