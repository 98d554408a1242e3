import type { Candle } from '@meridian/contract';
import { toLondonChartTime } from '../markets/london-time';

/** A candle as lightweight-charts draws it; numbers are fine here, this is pixels, not money. */
export interface ChartCandle {
  /** London wall-clock time expressed as if it were UTC epoch seconds (see london-time.ts). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Where the last drawn candle sits, to place the next live one after it. */
export interface LastDrawn {
  utc: number;
  time: number;
}

function drawn(candle: Candle, time: number): ChartCandle {
  return {
    time,
    open: Number(candle.Open),
    high: Number(candle.High),
    low: Number(candle.Low),
    close: Number(candle.Close),
  };
}

/**
 * Candles (oldest first) in London time. When the clocks go back, an hour of London time happens
 * twice; the chart needs strictly increasing times, so candles that would land on or before the
 * previous one are placed a second after it: every candle stays on the chart, in order.
 */
export function toChartCandles(list: readonly Candle[]): ChartCandle[] {
  const out: ChartCandle[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const candle of list) {
    const time = Math.max(toLondonChartTime(candle.Time), previous + 1);
    out.push(drawn(candle, time));
    previous = time;
  }
  return out;
}

/** The chart candle for a live update after `last`, or null when it is older than what is drawn. */
export function liveChartCandle(candle: Candle, last: LastDrawn | null): ChartCandle | null {
  if (!last) return drawn(candle, toLondonChartTime(candle.Time));
  if (candle.Time < last.utc) return null;
  if (candle.Time === last.utc) return drawn(candle, last.time);
  return drawn(candle, Math.max(toLondonChartTime(candle.Time), last.time + 1));
}
