import type { Candle } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { joinCandlePages, mergeCandle, olderPageParam, sparklineValues } from './candles';

const c = (time: number, close: string): Candle => ({
  Time: time,
  Open: '1.0',
  High: close,
  Low: '1.0',
  Close: close,
  Volume: 1,
});

describe('candle lists', () => {
  it('updates the forming candle, appends a new one and leaves an unknown old one out', () => {
    const list = [c(60, '1.1'), c(120, '1.2')];
    expect(mergeCandle(list, c(120, '1.3')).map((x) => x.Close)).toEqual(['1.1', '1.3']);
    expect(mergeCandle(list, c(180, '1.4')).map((x) => x.Time)).toEqual([60, 120, 180]);
    expect(mergeCandle(list, c(120, '1.2'))).toBe(list);
    expect(mergeCandle(list, c(0, '9'))).toBe(list);
    expect(mergeCandle(list, c(60, '1.5'))[0]?.Close).toBe('1.5');
    expect(mergeCandle([], c(60, '1.1'))).toHaveLength(1);
  });

  it('joins pages loaded newest first into one ascending list, once per time', () => {
    const newest = [c(300, '3'), c(360, '4')];
    const older = [c(180, '1'), c(240, '2'), c(300, 'stale')];
    expect(joinCandlePages([newest, older]).map((x) => [x.Time, x.Close])).toEqual([
      [180, '1'],
      [240, '2'],
      [300, '3'],
      [360, '4'],
    ]);
  });

  it('asks for the page before the oldest candle until the server has nothing older', () => {
    expect(olderPageParam([c(300, '1'), c(360, '1')], [], undefined)).toBe(300);
    expect(olderPageParam([c(120, '1')], [], 300)).toBe(120);
    expect(olderPageParam([], [], 300)).toBeUndefined();
    // A server that ignored `to` would send the same page again: stop instead of looping.
    expect(olderPageParam([c(300, '1')], [], 300)).toBeUndefined();
  });

  it('reads sparkline closes from points or candles and skips what is not a price', () => {
    expect(
      sparklineValues([
        { Time: 1, Close: '1.5' },
        { Time: 2, Close: '1.25' },
      ]),
    ).toEqual([1.5, 1.25]);
    expect(sparklineValues(['2', 3, null, { Close: 'x' }])).toEqual([2, 3]);
    expect(sparklineValues({ data: [] })).toEqual([]);
  });
});
