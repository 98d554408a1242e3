import { type OptInState, type RankingList, routes } from '@meridian/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, queryClient } from '../../lib/services';

export const rankKeys = {
  all: ['rank'] as const,
  list: () => [...rankKeys.all, 'list'] as const,
  optIn: (userId: number) => [...rankKeys.all, 'opt_in', userId] as const,
};

/** The server refreshes the board every few minutes; reading it more often than a minute adds nothing. */
export function rankingQuery() {
  return queryOptions({
    queryKey: rankKeys.list(),
    queryFn: ({ signal }): Promise<RankingList> => api.call(routes.rankingList, {}, { signal }),
    staleTime: 60_000,
  });
}

/** Quiet: the user page must not toast when this small control cannot load. */
export function optInQuery(userId: number) {
  return queryOptions({
    queryKey: rankKeys.optIn(userId),
    queryFn: ({ signal }): Promise<OptInState> =>
      api.call(routes.optIn, {}, { signal, showErrorMessage: false, showNetworkError: false }),
  });
}

export async function setOptIn(userId: number, on: boolean): Promise<OptInState> {
  const state = await api.call(routes.setOptIn, { on: on ? 1 : 0 }, { loading: true });
  queryClient.setQueryData(rankKeys.optIn(userId), state);
  // Leaving takes effect on the board at once; joining from the next refresh.
  void queryClient.invalidateQueries({ queryKey: rankKeys.list() });
  return state;
}
