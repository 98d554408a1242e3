import {
  type Candle,
  CandleList,
  type Category,
  CategoryList,
  type Period,
  type TradeInstrument,
  TradeList,
} from '@meridian/contract';
import { type InfiniteData, infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/services';
import { useSettings } from '../../app/stores/settings';
import { marketKeys as shellMarketKeys } from '../../lib/query-keys';
import { olderPageParam, sparklineValues } from './candles';
import { readTradeListCache, writeTradeListCache } from './trade-list-cache';

export const MARKET_PATHS = {
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
  kline: '/v1/api/forex/kline',
  abbreviatedKline: '/v1/api/forex/abbreviated_cache_kline',
} as const;

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
      const res = await api.get(MARKET_PATHS.tradeList, undefined, { signal });
      const list = TradeList.parse(res.data);
      writeTradeListCache(list);
      return list;
    },
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
    queryFn: async ({ signal }): Promise<readonly Category[]> => {
      const res = await api.get(MARKET_PATHS.categories, undefined, { signal });
      return CategoryList.parse(res.data);
    },
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
    queryFn: async ({ pageParam, signal }): Promise<Candle[]> => {
      const res = await api.get(
        MARKET_PATHS.kline,
        { forex_id: forexId, period, to: pageParam, limit: KLINE_PAGE_SIZE },
        { signal },
      );
      return CandleList.parse(res.data);
    },
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
      const res = await api.get(
        MARKET_PATHS.abbreviatedKline,
        { forex_id: forexId, period: SPARKLINE_PERIOD },
        // Forty rows failing at once must not become forty toasts; an empty sparkline says enough.
        { signal, showErrorMessage: false, showNetworkError: false },
      );
      return sparklineValues(res.data);
    },
    staleTime: 60_000,
    retry: false,
  });
}
