import { LANGUAGE_TAGS, type StrategyEquity } from '@meridian/contract';
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSettings } from '../../lib/stores/settings';
import { dayMonthTickLabel } from '../trade/tick-marks';
import { toMillis } from './display';

type Point = StrategyEquity['points'][number];

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** `#rrggbb` at an opacity, as the chart's colour parser takes it (it reads no `color-mix()`). */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h as string, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/**
 * The curve as the chart takes it: seconds, strictly ascending, one value a second (a later point
 * at the same second replaces the earlier one). Growth is a percentage string; the chart draws floats,
 * which is fine for a picture (the figures beside it are the exact ones).
 */
export function toSeries(points: readonly Point[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const p of points) {
    const value = Number(p.growth);
    if (Number.isFinite(value)) bySecond.set(Math.floor(toMillis(p.t) / 1000), value);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/**
 * The strategy's time-weighted growth, in percent, as an area (lightweight-charts loads with this
 * module only, so the list and the other screens never download it).
 */
export function EquityChart({ points }: { points: readonly Point[] }) {
  const lang = useSettings((s) => s.lang);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: ISeriesApi<'Area'> } | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const border = cssColor('--mer-border', '#e3e6eb');
    const brand = cssColor('--mer-brand', '#1a4fdb');
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { color: cssColor('--mer-bg', '#ffffff') },
        textColor: cssColor('--mer-text-secondary', '#4f5663'),
        fontSize: 12,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: border } },
      // entireTextOnly: the top label was drawn half above the chart's edge.
      rightPriceScale: {
        borderColor: border,
        scaleMargins: { top: 0.12, bottom: 0.08 },
        entireTextOnly: true,
      },
      // Times as well as dates: a young strategy's curve (the sample traders' included) spans hours,
      // and with dates alone the axis read "27 27 27". Days carry their month (tick-marks.ts).
      timeScale: {
        borderColor: border,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: dayMonthTickLabel,
      },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineColor: brand,
      topColor: withAlpha(brand, 0.35),
      bottomColor: withAlpha(brand, 0.02),
      lineWidth: 2,
      priceFormat: { type: 'custom', minMove: 0.01, formatter: (v: number) => `${v.toFixed(2)}%` },
    });
    chartRef.current = { chart, series };
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.chart.applyOptions({ localization: { locale: LANGUAGE_TAGS[lang] } });
  }, [lang]);

  useEffect(() => {
    const c = chartRef.current;
    if (!c) return;
    c.series.setData(toSeries(points));
    c.chart.timeScale().fitContent();
  }, [points]);

  // The section around the chart states its figures. Not aria-hidden: the chart library draws a
  // focusable link (its attribution) inside, and a focusable element must not be hidden from
  // assistive technology (axe's aria-hidden-focus), as on the trade screen's chart.
  return <div className="equity-chart__canvas" ref={containerRef} />;
}
