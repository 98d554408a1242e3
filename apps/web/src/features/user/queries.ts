import type { InviteInfo, LoginResponse, User } from '@meridian/contract';
import { queryOptions } from '@tanstack/react-query';
import { refreshBalance, signOut } from '../../app/auth-actions';
import { api, queryClient } from '../../app/services';
import { useSession } from '../../app/stores/session';
import { userKeys } from '../../lib/query-keys';
import { tradingKeys } from '../trading/queries';

export const inviteQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'invite'] as const,
    queryFn: async () => (await api.get<InviteInfo>('/api/user/invite')).data,
  });

/**
 * The account card's data, read on every visit: the user (credit score may change) and the balance.
 * Both are quiet on failure, but an expired session still sends the user to /login.
 */
export async function refreshAccount(): Promise<void> {
  const quiet = { showErrorMessage: false, showNetworkError: false } as const;
  const [info] = await Promise.allSettled([
    api.get<User>('/api/user/info', undefined, quiet),
    // The info call already sends an expired session to /login; once is enough.
    refreshBalance(),
  ]);
  // A late answer must not resurrect a session that was ended meanwhile.
  if (info.status === 'fulfilled' && useSession.getState().token)
    useSession.getState().setUser(info.value.data);
}

/** Demo only: the server closes every position and restores the starting balance. */
export async function resetDemoAccount(): Promise<void> {
  await api.get('/v1/api/main/user/resetForexDemoAccount', undefined, { loading: true });
  // Every order is gone and the ledger has a new line: the trading screens must read again.
  void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
  await refreshBalance({ redirectOnExpiry: true });
}

/** type 1: the current password proves it is the owner; the server ends the user's other sessions. */
export async function changePassword(current: string, next: string, repeat: string): Promise<void> {
  const { data } = await api.post<Partial<LoginResponse> | null>(
    '/api/user/amend_password',
    { type: 1, auth_code: current, new_password: next, re_password: repeat },
    { loading: true },
  );
  // Should the server rotate this session's token too, keep the new one.
  if (data && typeof data.token === 'string' && data.token) useSession.getState().setToken(data.token);
}

/** Revokes the token on the server first (so a copy of it is dead too), then ends the session here. */
export async function logOut(goHome: () => void | Promise<void>): Promise<void> {
  await api
    .post('/api/user/logout', undefined, {
      loading: true,
      showErrorMessage: false,
      showNetworkError: false,
      redirectOnExpiry: false,
    })
    // Already expired or offline: the local session ends all the same.
    .catch(() => undefined);
  await signOut(goHome);
}
