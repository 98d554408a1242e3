import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, memo, use, useCallback, useMemo } from 'react';
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
 * list's first render. Each row's fetch starts in a task of its own, outside React: a dozen rows
 * come into view together, and their fetches in one go were a long task right after the list's
 * first paint (and React may still commit several rows' turns together, fetch-free now).
 */
export const Sparkline = memo(function Sparkline({ inView, forexId, last, direction }: SparklineProps) {
  const queryClient = useQueryClient();
  const fetchInOwnTask = useCallback(
    () => void queryClient.prefetchQuery(sparklineQuery(forexId)),
    [queryClient, forexId],
  );
  const turn = useOwnTask(inView, fetchInOwnTask);
  return (
    <span className={`sparkline sparkline--${direction}`} data-testid={`sparkline-${forexId}`}>
      {turn && (
        <LastPrice value={last}>
          <SparklineData forexId={forexId} />
        </LastPrice>
      )}
    </span>
  );
});

/**
 * The live last price reaches the paths through context, past SparklineData: a quote tick then
 * re-renders the paths alone, not the component that reads the query. A render React runs in
 * slices (the list's deferred one) that reads a store which changes meanwhile (this row's points
 * arriving) is thrown away and done again in one blocking piece; keeping the query's reader out of
 * the tick's re-render keeps it out of that check.
 */
const LastPrice = createContext(Number.NaN);

const SparklineData = memo(function SparklineData({ forexId }: { forexId: number }) {
  const { data } = useQuery(sparklineQuery(forexId));
  return data && data.length > 0 ? <SparklinePaths data={data} /> : null;
});

function SparklinePaths({ data }: { data: number[] }) {
  const last = use(LastPrice);
  const paths = useMemo(() => {
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
