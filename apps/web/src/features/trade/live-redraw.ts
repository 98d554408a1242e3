import type { CandlestickData, ISeriesApi, UTCTimestamp } from 'lightweight-charts';

/**
 * Quotes arrive four times a second, and each `update` redraws the whole pane: on a phone every
 * redraw is a frame's work. The newest candle is redrawn at most this often (the latest tick wins).
 */
export const LIVE_REDRAW_MS = 500;

export type LiveBar = CandlestickData<UTCTimestamp>;

/** What the redraw needs of the chart's series. */
export type LiveSeries = Pick<ISeriesApi<'Candlestick'>, 'update'>;

/** Applies the newest candle now, or once LIVE_REDRAW_MS has passed since the last redraw. */
export class LiveRedraw {
  private last = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: { series: LiveSeries; bar: LiveBar } | undefined;

  draw(series: LiveSeries, bar: LiveBar): void {
    // A new candle began while the previous one's last tick waited: that tick is drawn first, so a
    // finished candle keeps its true close, high and low.
    const waiting = this.pending;
    if (waiting && waiting.bar.time !== bar.time) {
      this.pending = undefined;
      waiting.series.update(waiting.bar);
    }
    const wait = this.last + LIVE_REDRAW_MS - performance.now();
    if (wait <= 0 && this.timer === undefined) {
      this.apply(series, bar);
      return;
    }
    this.pending = { series, bar };
    this.timer ??= setTimeout(
      () => {
        this.timer = undefined;
        const pending = this.pending;
        this.pending = undefined;
        if (pending) this.apply(pending.series, pending.bar);
      },
      Math.max(0, wait),
    );
  }

  /** A full setData (another instrument, older pages) or the chart's removal: drop what waits. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  private apply(series: LiveSeries, bar: LiveBar): void {
    this.last = performance.now();
    series.update(bar);
  }
}
