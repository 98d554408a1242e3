import { type Candle, type Category, type Period, routes, type TradeInstrument } from '@meridian/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  replaceEqualDeep,
  useQuery,
} from '@tanstack/react-query';
import { marketKeys as shellMarketKeys } from '../../lib/query-keys';
import { api, queryClient } from '../../lib/services';
import { useSettings } from '../../lib/stores/settings';
import { olderPageParam, sparklineValues } from './candles';
import { readTradeListCache, writeTradeListCache } from './trade-list-cache';

/** The shell's keys (it refreshes the trade list on / and /trade) plus this feature's. */
export const marketKeys = {
  ...shellMarketKeys,
  /** Names come translated by the server, so each language is its own entry. */
  categories: (lang: string) => [...shellMarketKeys.all, 'categories', lang] as const,
  klines: () => [...shellMarketKeys.all, 'kline'] as const,
  kline: (id: number, period: Period) => [...marketKeys.klines(), id, period] as const,
  sparkline: (id: number) => [...shellMarketKeys.all, 'sparkline', id] as const,
};

export type TradeListData = readonly TradeInstrument[];

export function tradeListQuery() {
  return queryOptions({
    queryKey: marketKeys.tradeList(),
    queryFn: async ({ signal }): Promise<TradeListData> => {
      const list = await api.call(routes.tradeList, {}, { signal });
      writeTradeListCache(list);
      // Instruments that did not change keep their object, so their rows do not re-render.
      return replaceEqualDeep(queryClient.getQueryData<TradeListData>(marketKeys.tradeList()), list);
    },
    // Done above for a fetched list only: every DAY_MARKET push (four a second) is merged by
    // mergeDayMarket, which already keeps unchanged instruments' objects, and the cache's own deep
    // comparison of the whole list on each push was a few milliseconds of a phone's main thread each time.
    structuralSharing: false,
    // The session copy paints at once; being older than staleTime, it is refetched behind the scenes.
    initialData: () => readTradeListCache()?.list,
    initialDataUpdatedAt: () => readTradeListCache()?.savedAt,
  });
}

export function useTradeList() {
  return useQuery(tradeListQuery());
}

export function categoriesQuery(lang: string) {
  return queryOptions({
    queryKey: marketKeys.categories(lang),
    queryFn: ({ signal }): Promise<readonly Category[]> => api.call(routes.categories, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  const lang = useSettings((s) => s.lang);
  return useQuery(categoriesQuery(lang));
}

/** Candles per request, for the first screen and for each page loaded when scrolling back. */
export const KLINE_PAGE_SIZE = 300;

/** Pages newest first: a refetch then starts from the present and re-derives how far back to go. */
export type KlinePages = InfiniteData<Candle[], number | undefined>;

export function klineQuery(forexId: number, period: Period) {
  return infiniteQueryOptions({
    queryKey: marketKeys.kline(forexId, period),
    queryFn: ({ pageParam, signal }): Promise<Candle[]> =>
      api.call(
        routes.kline,
        { forex_id: forexId, period, to: pageParam, limit: KLINE_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam,
    // Live KLINE pushes keep an open chart current; this only matters when coming back to it later.
    staleTime: 30_000,
  });
}

/** The small chart on a home row: recent closes of this period. */
export const SPARKLINE_PERIOD: Period = '15min';

export function sparklineQuery(forexId: number) {
  return queryOptions({
    queryKey: marketKeys.sparkline(forexId),
    queryFn: async ({ signal }): Promise<number[]> => {
      const points = await api.call(
        routes.abbreviatedKline,
        { forex_id: forexId, period: SPARKLINE_PERIOD },
        // Forty rows failing at once must not become forty toasts; an empty sparkline says enough.
        { signal, showErrorMessage: false, showNetworkError: false },
      );
      return sparklineValues(points);
    },
    staleTime: 60_000,
    retry: false,
  });
}
