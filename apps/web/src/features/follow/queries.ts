import {
  type CopyDetail,
  type EquityPeriod,
  type MyCopies,
  type MyStrategy,
  routes,
  STRATEGIES_PAGE_SIZE,
  type StrategyDetail,
  type StrategyEquity,
  type StrategyPage,
  type StrategySort,
} from '@meridian/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/services';

/** What the strategy list is filtered and sorted by; absent fields are not sent. */
export interface StrategyFilters {
  sort: StrategySort;
  /** 1 demo only, 0 real only, null both. */
  demo: 0 | 1 | null;
  /** Only risk scores up to this; null any. */
  maxRisk: number | null;
  q: string;
}

/**
 * Key levels (all → lists → list). Everything that depends on who is asking (a strategy's `own` and
 * `copy_id`, the caller's copies and strategy) carries the user id, so a second account on the same
 * phone never sees the first one's cache. A copy's detail sits under the copies, so one invalidation
 * after a push refreshes the list and the open detail together.
 */
export const followKeys = {
  all: ['follow'] as const,
  strategies: () => [...followKeys.all, 'strategies'] as const,
  strategyList: (filters: StrategyFilters) => [...followKeys.strategies(), filters] as const,
  strategy: (id: number, userId: number) => [...followKeys.all, 'strategy', id, userId] as const,
  equityOf: (id: number) => [...followKeys.all, 'equity', id] as const,
  equity: (id: number, period: EquityPeriod) => [...followKeys.equityOf(id), period] as const,
  copies: (userId: number) => [...followKeys.all, 'copies', userId] as const,
  copy: (userId: number, copyId: number) => [...followKeys.copies(userId), copyId] as const,
  mine: (userId: number) => [...followKeys.all, 'mine', userId] as const,
};

export function strategiesQuery(filters: StrategyFilters) {
  return infiniteQueryOptions({
    queryKey: followKeys.strategyList(filters),
    queryFn: ({ pageParam, signal }): Promise<StrategyPage> =>
      api.call(
        routes.strategies,
        {
          sort: filters.sort,
          demo: filters.demo ?? undefined,
          max_risk: filters.maxRisk ?? undefined,
          q: filters.q.trim() || undefined,
          page: pageParam,
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return last.list.length === STRATEGIES_PAGE_SIZE && loaded < last.total ? last.page + 1 : undefined;
    },
    // Statistics move with every closed trade; a list a minute old is still a fair picture.
    staleTime: 30_000,
  });
}

export function strategyQuery(id: number, userId: number) {
  return queryOptions({
    queryKey: followKeys.strategy(id, userId),
    queryFn: ({ signal }): Promise<StrategyDetail> => api.call(routes.strategy, { id }, { signal }),
  });
}

export function equityQuery(id: number, period: EquityPeriod) {
  return queryOptions({
    queryKey: followKeys.equity(id, period),
    queryFn: ({ signal }): Promise<StrategyEquity> =>
      // The page says when the chart cannot load; a toast on top of it would say it twice.
      api.call(
        routes.strategyEquity,
        { id, period },
        { signal, showErrorMessage: false, showNetworkError: false },
      ),
    staleTime: 60_000,
  });
}

export function myCopiesQuery(userId: number) {
  return queryOptions({
    queryKey: followKeys.copies(userId),
    queryFn: ({ signal }): Promise<MyCopies> => api.call(routes.myCopies, {}, { signal }),
  });
}

export function copyDetailQuery(userId: number, copyId: number) {
  return queryOptions({
    queryKey: followKeys.copy(userId, copyId),
    queryFn: ({ signal }): Promise<CopyDetail> =>
      api.call(routes.copyDetail, { copy_id: copyId }, { signal }),
  });
}

export function myStrategyQuery(userId: number) {
  return queryOptions({
    queryKey: followKeys.mine(userId),
    queryFn: ({ signal }): Promise<MyStrategy> => api.call(routes.myStrategy, {}, { signal }),
  });
}
