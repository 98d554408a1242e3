import type { Candle } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { liveChartCandle, toChartCandles } from '../trade/chart-data';
import { londonOffsetSeconds, toLondonChartTime } from './london-time';

const utc = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

function candle(time: number, close = '1.10000'): Candle {
  return { Time: time, Open: close, High: close, Low: close, Close: close, Volume: 1 };
}

describe('London time for the chart', () => {
  it('is UTC in winter and UTC+1 in summer (BST)', () => {
    expect(toLondonChartTime(utc('2026-01-15T12:00:00Z'))).toBe(utc('2026-01-15T12:00:00Z'));
    expect(toLondonChartTime(utc('2026-07-01T12:00:00Z'))).toBe(utc('2026-07-01T13:00:00Z'));
  });

  it('switches to BST at 01:00 UTC on the last Sunday of March', () => {
    expect(londonOffsetSeconds(utc('2026-03-29T00:59:00Z'))).toBe(0);
    expect(londonOffsetSeconds(utc('2026-03-29T01:00:00Z'))).toBe(HOUR);
    // 00:59 GMT is followed by 02:00 BST: the wall clock skips an hour.
    expect(toLondonChartTime(utc('2026-03-29T00:59:00Z'))).toBe(utc('2026-03-29T00:59:00Z'));
    expect(toLondonChartTime(utc('2026-03-29T01:00:00Z'))).toBe(utc('2026-03-29T02:00:00Z'));
  });

  it('switches back to GMT at 01:00 UTC on the last Sunday of October', () => {
    expect(londonOffsetSeconds(utc('2026-10-25T00:59:00Z'))).toBe(HOUR);
    expect(londonOffsetSeconds(utc('2026-10-25T01:00:00Z'))).toBe(0);
  });

  it('agrees with the time-zone database hour by hour around every change from 1997 to 2040', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    const offsetByIntl = (at: number) => {
      const parts: Record<string, number> = {};
      for (const p of intl.formatToParts(new Date(at * 1000))) parts[p.type] = Number(p.value);
      const field = (name: string) => parts[name] ?? Number.NaN;
      return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour')) / 1000 - at;
    };
    let checked = 0;
    for (let year = 1997; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // Every hour of the last eight days of March and October, and a midsummer and midwinter hour.
        const end = Date.UTC(year, month + 1, 1) / 1000;
        for (let at = end - 8 * 24 * HOUR; at < end; at += HOUR) {
          expect(londonOffsetSeconds(at)).toBe(offsetByIntl(at));
          expect(londonOffsetSeconds(at + HOUR - 1)).toBe(offsetByIntl(at));
          checked++;
        }
      }
      const summer = Date.UTC(year, 6, 1) / 1000;
      const winter = Date.UTC(year, 0, 1) / 1000;
      expect(londonOffsetSeconds(summer)).toBe(HOUR);
      expect(londonOffsetSeconds(winter)).toBe(0);
    }
    expect(checked).toBe(44 * 2 * 8 * 24);
  });

  it('keeps every candle in strictly increasing order through the repeated hour in October', () => {
    // One-minute candles from 00:30 to 01:30 UTC: London reads 01:30…01:59 BST, then 01:00…01:30 GMT.
    const start = utc('2026-10-25T00:30:00Z');
    const list = Array.from({ length: 61 }, (_, i) => candle(start + i * 60));
    const drawn = toChartCandles(list);
    expect(drawn).toHaveLength(61);
    for (let i = 1; i < drawn.length; i++) {
      expect(drawn[i]!.time).toBeGreaterThan(drawn[i - 1]!.time);
    }
    expect(drawn[0]!.time).toBe(utc('2026-10-25T01:30:00Z'));
  });

  it('places a live candle on the drawn one with the same time, after it when newer, nowhere when older', () => {
    const t = utc('2026-07-01T12:00:00Z');
    const last = { utc: t, time: toLondonChartTime(t) };
    expect(liveChartCandle(candle(t, '1.2'), last)).toMatchObject({ time: last.time, close: 1.2 });
    expect(liveChartCandle(candle(t + 60), last)?.time).toBe(last.time + 60);
    expect(liveChartCandle(candle(t - 60), last)).toBeNull();
    expect(liveChartCandle(candle(t), null)?.time).toBe(t + HOUR);
  });
});
