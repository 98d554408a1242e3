import {
  type AccountFigures,
  type ForexChangePage,
  type LedgerItem,
  type MyDealResponse,
  ORDER_STATUS_HISTORY,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  type Order,
  type OrderStatus,
} from '@meridian/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { fetchDeals, fetchForexDetail, fetchLedger } from './api';

/** Key levels (all → lists → list) so one invalidation can refresh exactly what a trade changed. */
export const tradingKeys = {
  all: ['trading'] as const,
  deals: () => [...tradingKeys.all, 'deals'] as const,
  dealList: (status: OrderStatus) => [...tradingKeys.deals(), status] as const,
  figures: () => [...tradingKeys.all, 'figures'] as const,
  ledger: () => [...tradingKeys.all, 'ledger'] as const,
};

export type OrdersTab = 'holding' | 'pending' | 'history';

export const TAB_STATUS: Record<OrdersTab, OrderStatus> = {
  holding: ORDER_STATUS_HOLDING,
  pending: ORDER_STATUS_PENDING,
  history: ORDER_STATUS_HISTORY,
};

export type DealPages = InfiniteData<MyDealResponse>;

/** The next page while fewer rows are loaded than the server counts; pages are 1-based. */
export function nextPage<P extends { total: number }>(
  items: (page: P) => readonly unknown[],
): (last: P, pages: P[]) => number | undefined {
  return (last, pages) => {
    const loaded = pages.reduce((n, p) => n + items(p).length, 0);
    return items(last).length > 0 && loaded < last.total ? pages.length + 1 : undefined;
  };
}

export function dealsQuery(status: OrderStatus, queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: tradingKeys.dealList(status),
    queryFn: async ({ pageParam, signal }): Promise<MyDealResponse> => {
      const res = await fetchDeals(status, pageParam, signal);
      // Every page carries the account figures: the summary card shows the freshest ones.
      writeFigures(queryClient, res);
      return res;
    },
    initialPageParam: 1,
    getNextPageParam: nextPage<MyDealResponse>((p) => p.data),
    // Live pushes keep the holding list current; a return to the screen refetches anyway.
    staleTime: 5_000,
  });
}

export function figuresQuery() {
  return queryOptions({
    queryKey: tradingKeys.figures(),
    queryFn: ({ signal }): Promise<AccountFigures> => fetchForexDetail(signal),
    staleTime: 5_000,
  });
}

export function ledgerQuery() {
  return infiniteQueryOptions({
    queryKey: tradingKeys.ledger(),
    queryFn: ({ pageParam, signal }): Promise<ForexChangePage> => fetchLedger(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage<ForexChangePage>((p) => p.list),
    staleTime: 0,
  });
}

export function writeFigures(queryClient: QueryClient, figures: AccountFigures): void {
  const { balance, lock_balance, margin, profit, equity, risk_rate } = figures;
  queryClient.setQueryData<AccountFigures>(tradingKeys.figures(), {
    balance,
    lock_balance,
    margin,
    profit,
    equity,
    risk_rate,
  });
}

/**
 * The loaded pages as one list. Pages are newest first and offset-based, so an order placed while
 * scrolling shifts rows into the next page: the duplicates are dropped here.
 */
export function flattenDeals(data: { pages: readonly MyDealResponse[] } | undefined): Order[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Order[] = [];
  for (const page of data.pages) {
    for (const order of page.data) {
      if (seen.has(order.Id)) continue;
      seen.add(order.Id);
      out.push(order);
    }
  }
  return out;
}

/** The ledger's loaded lines, once each (a line pushed into the next page meanwhile is not doubled). */
export function flattenLedger(pages: readonly ForexChangePage[]): LedgerItem[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.list).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/** Rewrites the orders of a cached list; `map` returns null to drop an order. Totals follow the drops. */
export function mapCachedDeals(
  queryClient: QueryClient,
  status: OrderStatus,
  map: (order: Order) => Order | null,
): void {
  queryClient.setQueryData<DealPages>(tradingKeys.dealList(status), (data) => {
    if (!data) return data;
    let dropped = 0;
    let changed = false;
    const pages = data.pages.map((page) => {
      const orders: Order[] = [];
      for (const order of page.data) {
        const next = map(order);
        if (next !== order) changed = true;
        if (next) orders.push(next);
        else dropped += 1;
      }
      return { ...page, data: orders };
    });
    if (!changed) return data;
    return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - dropped) })) };
  });
}

export function findCachedOrder(
  queryClient: QueryClient,
  status: OrderStatus,
  id: number,
): Order | undefined {
  return flattenDeals(queryClient.getQueryData<DealPages>(tradingKeys.dealList(status))).find(
    (o) => o.Id === id,
  );
}
