import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { useOwnTask } from '../../lib/one-per-task';
import type { Direction } from '../markets/price';
import { sparklineQuery } from '../markets/queries';
import { sparklinePaths } from './sparkline-path';

const WIDTH = 64;
const HEIGHT = 28;

interface SparklineProps {
  /** The row is near the screen (MarketRow watches it): only then is anything fetched. */
  inView: boolean;
  forexId: number;
  /** The live last price: it extends the line so the small chart moves with the quote. */
  last: number;
  direction: Direction;
}

/**
 * Recent prices of one row, fetched only once the row scrolls near the screen. The query itself
 * (an observer in the cache) exists only from then on: 36 idle observers were part of the home
 * list's first render. Each row's fetch starts in a task of its own: a dozen rows come into view
 * together, and their fetches in one go were a long task right after the list's first paint.
 */
export const Sparkline = memo(function Sparkline({ inView, forexId, last, direction }: SparklineProps) {
  const turn = useOwnTask(inView);
  return (
    <span className={`sparkline sparkline--${direction}`} data-testid={`sparkline-${forexId}`}>
      {turn && <SparklinePaths forexId={forexId} last={last} />}
    </span>
  );
});

function SparklinePaths({ forexId, last }: Pick<SparklineProps, 'forexId' | 'last'>) {
  const { data } = useQuery(sparklineQuery(forexId));
  const paths = useMemo(() => {
    if (!data || data.length === 0) return null;
    const values = Number.isFinite(last) ? [...data.slice(0, -1), last] : data;
    return sparklinePaths(values, WIDTH, HEIGHT);
  }, [data, last]);
  if (!paths) return null;
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
      <path className="sparkline__area" d={paths.area} />
      <path className="sparkline__line" d={paths.line} />
    </svg>
  );
}
