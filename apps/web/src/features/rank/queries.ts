import { OptInState, RankingList } from '@meridian/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, queryClient } from '../../app/services';

export const RANK_PATHS = { list: '/api/follow/list', optIn: '/api/follow/opt_in' } as const;

export const rankKeys = {
  all: ['rank'] as const,
  list: () => [...rankKeys.all, 'list'] as const,
  optIn: (userId: number) => [...rankKeys.all, 'opt_in', userId] as const,
};

/** The server refreshes the board every few minutes; reading it more often than a minute adds nothing. */
export function rankingQuery() {
  return queryOptions({
    queryKey: rankKeys.list(),
    queryFn: async ({ signal }): Promise<RankingList> =>
      RankingList.parse((await api.get(RANK_PATHS.list, undefined, { signal })).data),
    staleTime: 60_000,
  });
}

/** Quiet: the user page must not toast when this small control cannot load. */
export function optInQuery(userId: number) {
  return queryOptions({
    queryKey: rankKeys.optIn(userId),
    queryFn: async ({ signal }): Promise<OptInState> =>
      OptInState.parse(
        (
          await api.get(RANK_PATHS.optIn, undefined, {
            signal,
            showErrorMessage: false,
            showNetworkError: false,
          })
        ).data,
      ),
  });
}

export async function setOptIn(userId: number, on: boolean): Promise<OptInState> {
  const res = await api.post(RANK_PATHS.optIn, { on: on ? 1 : 0 }, { loading: true });
  const state = OptInState.parse(res.data);
  queryClient.setQueryData(rankKeys.optIn(userId), state);
  // Leaving takes effect on the board at once; joining from the next refresh.
  void queryClient.invalidateQueries({ queryKey: rankKeys.list() });
  return state;
}
