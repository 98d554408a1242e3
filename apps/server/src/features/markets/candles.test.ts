import { describe, expect, it } from 'vitest';
import { bucketStartMs, CandleAggregator, PERIOD_SECONDS, PERIODS } from './candles.js';
import type { Tick } from './feed.js';

const T = (iso: string) => Date.parse(iso);
const S = (iso: string) => Date.parse(iso) / 1000;
const tick = (iso: string, bid: string, code = 'EURUSD'): Tick => ({ code, bid, ask: bid, timeMs: T(iso) });
const fx = () => new CandleAggregator({ code: 'EURUSD', precision: 5, scheduleId: 'forex' });

describe('periods', () => {
  it('are exactly the spec ids with their lengths in seconds', () => {
    expect(PERIODS).toEqual(['1min', '5min', '15min', '30min', '60min', '1day']);
    expect(PERIOD_SECONDS['15min']).toBe(900);
    expect(PERIOD_SECONDS['1day']).toBe(86_400);
  });

  it('buckets minutes on the epoch and days on the 17:00 New York roll', () => {
    expect(bucketStartMs('15min', 'forex', T('2026-01-13T10:44:59.999Z'))).toBe(T('2026-01-13T10:30:00Z'));
    expect(bucketStartMs('60min', 'forex', T('2026-01-13T10:00:00Z'))).toBe(T('2026-01-13T10:00:00Z'));
    expect(bucketStartMs('1day', 'forex', T('2026-01-14T03:00:00Z'))).toBe(T('2026-01-13T22:00:00Z'));
    expect(bucketStartMs('1day', 'crypto', T('2026-01-14T03:00:00Z'))).toBe(T('2026-01-14T00:00:00Z'));
  });
});

describe('CandleAggregator', () => {
  it('tracks open, high, low, close and tick count inside a bucket', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T10:00:05Z', '1.10000'));
    agg.push(tick('2026-01-13T10:00:20Z', '1.10030'));
    agg.push(tick('2026-01-13T10:00:40Z', '1.09980'));
    const { updated, closed } = agg.push(tick('2026-01-13T10:00:59.999Z', '1.10010'));
    expect(closed).toEqual([]);
    const expected = { open: '1.10000', high: '1.10030', low: '1.09980', close: '1.10010', volume: 4 };
    expect(updated['1min']).toEqual({ time: S('2026-01-13T10:00:00Z'), ...expected });
    expect(updated['5min']).toEqual({ time: S('2026-01-13T10:00:00Z'), ...expected });
    expect(updated['1day']).toEqual({ time: S('2026-01-12T22:00:00Z'), ...expected });
    expect(Object.keys(updated)).toEqual([...PERIODS]);
  });

  it('closes a candle exactly at its bucket boundary, period by period', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T10:04:30Z', '1.10000'));
    const at5 = agg.push(tick('2026-01-13T10:05:00Z', '1.10100'));
    expect(at5.closed.map((c) => c.period)).toEqual(['1min', '5min']);
    expect(at5.closed[0]?.candle).toEqual({
      time: S('2026-01-13T10:04:00Z'),
      open: '1.10000',
      high: '1.10000',
      low: '1.10000',
      close: '1.10000',
      volume: 1,
    });
    expect(at5.updated['15min']).toMatchObject({ open: '1.10000', close: '1.10100', volume: 2 });
    const at60 = agg.push(tick('2026-01-13T11:00:00Z', '1.10200'));
    expect(at60.closed.map((c) => c.period)).toEqual(['1min', '5min', '15min', '30min', '60min']);
    expect(at60.updated['60min']).toMatchObject({ time: S('2026-01-13T11:00:00Z'), open: '1.10200' });
  });

  it('produces no candle for a period without ticks', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T10:00:10Z', '1.10000'));
    const later = agg.push(tick('2026-01-13T10:03:10Z', '1.10050'));
    expect(later.closed.map((c) => [c.period, c.candle.time])).toEqual([['1min', S('2026-01-13T10:00:00Z')]]);
    expect(later.updated['1min']?.time).toBe(S('2026-01-13T10:03:00Z'));
  });

  it('rolls the day candle and the day quote at the trading-day start, not at midnight UTC', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T08:00:00Z', '1.10000'));
    agg.push(tick('2026-01-13T21:59:59Z', '1.10550'));
    expect(agg.dayQuote()).toEqual({ open: '1.10000', close: '1.10550', change: '0.50' });

    const roll = agg.push(tick('2026-01-13T22:00:01Z', '1.10440'));
    const day = roll.closed.find((c) => c.period === '1day');
    expect(day?.candle).toEqual({
      time: S('2026-01-12T22:00:00Z'),
      open: '1.10000',
      high: '1.10550',
      low: '1.10000',
      close: '1.10550',
      volume: 2,
    });
    expect(roll.updated['1day']?.time).toBe(S('2026-01-13T22:00:00Z'));
    // Midnight UTC is inside the same trading day.
    const midnight = agg.push(tick('2026-01-14T00:00:30Z', '1.10330'));
    expect(midnight.closed.some((c) => c.period === '1day')).toBe(false);
    expect(agg.dayQuote()).toEqual({ open: '1.10440', close: '1.10330', change: '-0.10' });
  });

  it('ignores a tick older than the forming candle', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T10:02:00Z', '1.10000'));
    const late = agg.push(tick('2026-01-13T10:01:59Z', '1.20000'));
    expect(late).toEqual({ updated: {}, closed: [] });
    expect(agg.forming('1min')?.high).toBe('1.10000');
  });

  it('closes finished candles on demand and never reopens them', () => {
    const agg = fx();
    agg.push(tick('2026-01-13T10:01:40Z', '1.10000'));
    expect(agg.closeDue(T('2026-01-13T10:01:59Z'))).toEqual([]);
    const due = agg.closeDue(T('2026-01-13T10:05:00Z'));
    expect(due.map((c) => c.period)).toEqual(['1min', '5min']);
    expect(agg.forming('1min')).toBeUndefined();
    expect(agg.push(tick('2026-01-13T10:04:00Z', '1.30000'))).toEqual({ updated: {}, closed: [] });
    // The day quote survives: the list still shows today's open.
    expect(agg.dayQuote()?.open).toBe('1.10000');
  });

  it('continues a seeded candle after a restart', () => {
    const agg = fx();
    agg.seed('1day', {
      time: S('2026-01-12T22:00:00Z'),
      open: '1.09000',
      high: '1.11000',
      low: '1.08000',
      close: '1.10000',
      volume: 500,
    });
    const { updated } = agg.push(tick('2026-01-13T10:00:00Z', '1.11500'));
    expect(updated['1day']).toEqual({
      time: S('2026-01-12T22:00:00Z'),
      open: '1.09000',
      high: '1.11500',
      low: '1.08000',
      close: '1.11500',
      volume: 501,
    });
    expect(agg.dayQuote()?.change).toBe('2.29');
  });

  it('uses midnight UTC for crypto days and rejects ticks of another instrument', () => {
    const agg = new CandleAggregator({ code: 'BTCUSD', precision: 2, scheduleId: 'crypto' });
    agg.push(tick('2026-01-13T23:59:59Z', '98000.00', 'BTCUSD'));
    const next = agg.push(tick('2026-01-14T00:00:00Z', '98100.50', 'BTCUSD'));
    expect(next.closed.map((c) => c.period)).toContain('1day');
    expect(next.updated['1day']?.time).toBe(S('2026-01-14T00:00:00Z'));
    expect(() => agg.push(tick('2026-01-14T00:00:01Z', '1.1', 'EURUSD'))).toThrow(/EURUSD/);
    expect(() => agg.push(tick('2026-01-14T00:00:01Z', '98000.123', 'BTCUSD'))).toThrow(/decimals/);
  });
});
