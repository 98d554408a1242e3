import { LANGUAGE_TAGS, type Period } from '@meridian/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Spinner } from '../../lib/spinner';
import { useSettings } from '../../lib/stores/settings';
import { joinCandlePages } from '../markets/candles';
import { useKlineLive } from '../markets/live';
import { klineQuery } from '../markets/queries';
import { type ChartCandle, type LastDrawn, liveChartCandle, toChartCandles } from './chart-data';
import { LiveRedraw } from './live-redraw';
import { tickMarkLabel } from './tick-marks';

/** Older candles are fetched when fewer than this many remain to the left of the view (spec section 9). */
const SCROLL_BACK_THRESHOLD = 10;

interface KlineChartProps {
  forexId: number;
  code: string;
  precision: number;
  period: Period;
  /** Whether /trade is on screen: live candles stream only then. */
  active: boolean;
}

interface Rendered {
  key: string;
  firstUtc: number;
  length: number;
  last: LastDrawn | null;
}

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function asChartData(candles: ChartCandle[]) {
  return candles.map((c) => ({ ...c, time: c.time as UTCTimestamp }));
}

/** The candlestick chart of one instrument and period, in London time, live, loading history on scroll-back. */
export function KlineChart({ forexId, code, precision, period, active }: KlineChartProps) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Candlestick'> } | null>(null);
  const renderedRef = useRef<Rendered | null>(null);
  const live = useRef(new LiveRedraw());
  useEffect(() => () => live.current.cancel(), []);
  const query = useInfiniteQuery(klineQuery(forexId, period));
  useKlineLive({ id: forexId, code }, active);
  const candles = useMemo(() => (query.data ? joinCandlePages(query.data.pages) : null), [query.data]);
  const key = `${forexId}:${period}`;

  // Read by the chart's scroll handler, which is registered once.
  const pagingRef = useRef({ canLoadOlder: false, loadOlder: () => {} });
  useLayoutEffect(() => {
    pagingRef.current = {
      canLoadOlder: query.hasNextPage && !query.isFetchingNextPage,
      loadOlder: () => void query.fetchNextPage(),
    };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const border = cssColor('--mer-border', '#e8eaee');
    const up = cssColor('--mer-up', '#0ea66e');
    const down = cssColor('--mer-down', '#e5484d');
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { color: cssColor('--mer-bg', '#ffffff') },
        textColor: cssColor('--mer-text-secondary', '#5b6270'),
        fontSize: 11,
      },
      grid: { vertLines: { color: border }, horzLines: { color: border } },
      // entireTextOnly: a label half under the time axis (or above the top) is left out, not cut.
      rightPriceScale: { borderColor: border, entireTextOnly: true },
      // Labels from formatters built once (tick-marks.ts), not one per label per draw.
      timeScale: {
        borderColor: border,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: tickMarkLabel,
        // Room right of the newest candle: it no longer sits against the price scale, and the time
        // label under it is drawn whole (the library leaves a label at the edge cut in half).
        rightOffset: 4,
      },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      borderVisible: false,
    });
    const onRange = (range: LogicalRange | null) => {
      const paging = pagingRef.current;
      if (range && range.from < SCROLL_BACK_THRESHOLD && paging.canLoadOlder) paging.loadOlder();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    chartRef.current = { chart, series };
    return () => {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.remove();
      chartRef.current = null;
      renderedRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.chart.applyOptions({ localization: { locale: LANGUAGE_TAGS[lang] } });
  }, [lang]);

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    c.series.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    c.chart.applyOptions({ timeScale: { timeVisible: period !== '1day' } });
  }, [precision, period]);

  // The newest candles and key, for a full redraw that runs after the effect that asked for it.
  const latest = useRef({ candles, key });
  latest.current = { candles, key };
  const fullRedraw = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(fullRedraw.current), []);

  useEffect(() => {
    const c = chartRef.current;
    // A full redraw is on its way: it draws the newest candles when it runs.
    if (!c || fullRedraw.current !== undefined) return;
    const previous = renderedRef.current;
    if (!candles || candles.length === 0) {
      // Another instrument or period is loading: its predecessor must not stay on screen meanwhile.
      if (previous?.key !== key) {
        c.series.setData([]);
        renderedRef.current = { key, firstUtc: 0, length: 0, last: null };
      }
      return;
    }
    const newest = candles[candles.length - 1] as (typeof candles)[number];
    const grewBy = candles.length - (previous?.length ?? 0);
    if (
      previous &&
      previous.key === key &&
      previous.length > 0 &&
      previous.firstUtc === candles[0]?.Time &&
      (grewBy === 0 || grewBy === 1)
    ) {
      // A live tick: redraw only the newest candle, at most every LIVE_REDRAW_MS.
      const drawn = liveChartCandle(newest, previous.last);
      if (drawn) {
        live.current.draw(c.series, { ...drawn, time: drawn.time as UTCTimestamp });
        renderedRef.current = {
          ...previous,
          length: candles.length,
          last: { utc: newest.Time, time: drawn.time },
        };
        return;
      }
    }
    // A whole history (the first, another instrument or period, older pages): converted and handed
    // to the chart in a task of its own, not inside the render that brought it. On a phone the two
    // together were one long task of the trade screen's start.
    live.current.cancel();
    fullRedraw.current = setTimeout(() => {
      fullRedraw.current = undefined;
      const chart = chartRef.current;
      const now = latest.current;
      if (!chart) return;
      const before = renderedRef.current;
      if (!now.candles || now.candles.length === 0) {
        // Switched meanwhile to an instrument or period still loading.
        if (before?.key !== now.key) {
          chart.series.setData([]);
          renderedRef.current = { key: now.key, firstUtc: 0, length: 0, last: null };
        }
        return;
      }
      const data = toChartCandles(now.candles);
      chart.series.setData(asChartData(data));
      const lastDrawn = data[data.length - 1] as ChartCandle;
      renderedRef.current = {
        key: now.key,
        firstUtc: now.candles[0]?.Time ?? 0,
        length: now.candles.length,
        last: {
          utc: (now.candles[now.candles.length - 1] as (typeof candles)[number]).Time,
          time: lastDrawn.time,
        },
      };
      if (before?.key !== now.key) chart.chart.timeScale().scrollToRealTime();
    }, 0);
  }, [candles, key]);

  const failed = query.isError && !candles;
  return (
    <div className="kline-chart__frame">
      {/* The chart library owns this element's children; React's overlays are its siblings. */}
      <div className="kline-chart__canvas" ref={containerRef} />
      {query.isPending && (
        <div className="kline-chart__overlay">
          <Spinner />
        </div>
      )}
      {failed && (
        <div className="kline-chart__overlay">
          <p>{t('markets.chart_failed')}</p>
          <button type="button" className="plain-button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
