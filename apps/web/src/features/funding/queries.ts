import { routes } from '@meridian/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiBaseUrl, apiHostRuleFrom } from '../../lib/endpoints';
import { userKeys } from '../../lib/query-keys';
import { api, queryClient } from '../../lib/services';
import { deleteMethod as deleteMethodCall } from './api';

export const fundingKeys = {
  all: ['funding'] as const,
  symbols: () => [...fundingKeys.all, 'symbols'] as const,
  addresses: () => [...fundingKeys.all, 'addresses'] as const,
  banks: () => [...fundingKeys.all, 'banks'] as const,
  charges: () => [...fundingKeys.all, 'charges'] as const,
  chargeList: (type: number) => [...fundingKeys.charges(), type] as const,
  currencies: (type: number) => [...fundingKeys.all, 'currencies', type] as const,
  methods: () => [...fundingKeys.all, 'methods'] as const,
  methodList: (type: number) => [...fundingKeys.methods(), type] as const,
  draws: () => [...fundingKeys.all, 'draws'] as const,
  drawList: (type: number | null) => [...fundingKeys.draws(), type ?? 'all'] as const,
  account: () => [...userKeys.all, 'account'] as const,
};

const PAGE_SIZE = 20;

function nextPage<T>(pages: Array<{ list: T[]; total: number; page: number }>): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  const last = pages[pages.length - 1];
  if (!last || loaded >= last.total || last.list.length < PAGE_SIZE) return undefined;
  return last.page + 1;
}

export const symbolsQuery = () =>
  queryOptions({
    queryKey: fundingKeys.symbols(),
    queryFn: () => api.call(routes.chargeSymbols),
  });

export const addressesQuery = () =>
  queryOptions({
    queryKey: fundingKeys.addresses(),
    queryFn: () => api.call(routes.chargeAddresses),
  });

export const banksQuery = () =>
  queryOptions({
    queryKey: fundingKeys.banks(),
    queryFn: () => api.call(routes.wireBanks),
  });

/** type 0 coin, 1 bank. */
export const chargeRecordsQuery = (type: number) =>
  infiniteQueryOptions({
    queryKey: fundingKeys.chargeList(type),
    queryFn: ({ pageParam, signal }) => api.call(routes.chargeList, { type, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

/** type 1 coin, 2 bank. */
export const drawCurrenciesQuery = (type: number) =>
  queryOptions({
    queryKey: fundingKeys.currencies(type),
    queryFn: () => api.call(routes.drawSymbols, { type }),
  });

export const drawMethodsQuery = (type: number) =>
  queryOptions({
    queryKey: fundingKeys.methodList(type),
    queryFn: () => api.call(routes.drawMethods, { draw_type: type }),
  });

export const drawRecordsQuery = (type: number | null) =>
  infiniteQueryOptions({
    queryKey: fundingKeys.drawList(type),
    queryFn: ({ pageParam, signal }) =>
      api.call(routes.drawList, { type: type ?? undefined, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });

/** Free and frozen balance, read fresh: the withdraw page shows both. */
export const accountQuery = () =>
  queryOptions({
    queryKey: fundingKeys.account(),
    queryFn: () => api.call(routes.balance),
    staleTime: 0,
  });

/** Removes a payout method; the lists showing it reload. */
export async function deleteMethod(id: number): Promise<void> {
  await deleteMethodCall(id);
  await queryClient.invalidateQueries({ queryKey: fundingKeys.methods() });
}

const apiBase = apiBaseUrl(window.location, apiHostRuleFrom(import.meta.env.VITE_API_HOST_RULE));

/** The server answers picture links relative to the API host; the <img> needs them against it. */
export function pictureUrl(url: string): string {
  return url.startsWith('/') ? `${apiBase}${url}` : url;
}
