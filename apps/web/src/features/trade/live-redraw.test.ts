import type { UTCTimestamp } from 'lightweight-charts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REDRAW_MS, type LiveBar, LiveRedraw } from './live-redraw';

const bar = (time: number, close: number): LiveBar => ({
  time: time as UTCTimestamp,
  open: 1,
  high: Math.max(1, close),
  low: Math.min(1, close),
  close,
});

describe('the live candle redraw', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws the first tick at once, then the latest tick of each interval, no more often', () => {
    const series = { update: vi.fn() };
    const live = new LiveRedraw();
    live.draw(series, bar(60, 1.1));
    expect(series.update.mock.calls.map(([b]) => b.close)).toEqual([1.1]);
    live.draw(series, bar(60, 1.2));
    live.draw(series, bar(60, 1.3));
    expect(series.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_REDRAW_MS);
    expect(series.update.mock.calls.map(([b]) => b.close)).toEqual([1.1, 1.3]);
    vi.advanceTimersByTime(LIVE_REDRAW_MS * 3);
    expect(series.update).toHaveBeenCalledTimes(2);
  });

  it('draws the last waiting tick of a candle before the next candle begins', () => {
    const series = { update: vi.fn() };
    const live = new LiveRedraw();
    live.draw(series, bar(60, 1.1));
    live.draw(series, bar(60, 1.4));
    live.draw(series, bar(120, 1.2));
    expect(series.update.mock.calls.map(([b]) => [b.time, b.close])).toEqual([
      [60, 1.1],
      [60, 1.4],
    ]);
    vi.advanceTimersByTime(LIVE_REDRAW_MS);
    expect(series.update.mock.calls.map(([b]) => [b.time, b.close])).toEqual([
      [60, 1.1],
      [60, 1.4],
      [120, 1.2],
    ]);
  });

  it('drops a waiting tick when the whole history is redrawn', () => {
    const series = { update: vi.fn() };
    const live = new LiveRedraw();
    live.draw(series, bar(60, 1.1));
    live.draw(series, bar(60, 1.2));
    live.cancel();
    vi.advanceTimersByTime(LIVE_REDRAW_MS * 2);
    expect(series.update).toHaveBeenCalledTimes(1);
  });
});
