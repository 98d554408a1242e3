import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useRef } from 'react';
import type { Direction } from '../markets/price';
import { sparklineQuery } from '../markets/queries';
import { sparklinePaths } from './sparkline-path';
import { useInView } from './use-in-view';

const WIDTH = 64;
const HEIGHT = 28;

interface SparklineProps {
  forexId: number;
  /** The live last price: it extends the line so the small chart moves with the quote. */
  last: number;
  direction: Direction;
}

/** Recent prices of one row, fetched only once the row scrolls near the screen. */
export const Sparkline = memo(function Sparkline({ forexId, last, direction }: SparklineProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const inView = useInView(ref);
  const { data } = useQuery({ ...sparklineQuery(forexId), enabled: inView });
  const paths = useMemo(() => {
    if (!data || data.length === 0) return null;
    const values = Number.isFinite(last) ? [...data.slice(0, -1), last] : data;
    return sparklinePaths(values, WIDTH, HEIGHT);
  }, [data, last]);
  return (
    <span ref={ref} className={`sparkline sparkline--${direction}`} data-testid={`sparkline-${forexId}`}>
      {paths && (
        <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
          <path className="sparkline__area" d={paths.area} />
          <path className="sparkline__line" d={paths.line} />
        </svg>
      )}
    </span>
  );
});
