import { routes } from '@meridian/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { refreshBalance, signOut } from '../../lib/auth-actions';
import { userKeys } from '../../lib/query-keys';
import { api, queryClient } from '../../lib/services';
import { useSession } from '../../lib/stores/session';
import { tradingKeys } from '../trading/queries';

export const inviteQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'invite'] as const,
    queryFn: () => api.call(routes.invite),
  });

/**
 * The account card's data, read on every visit: the user (credit score may change) and the balance.
 * Both are quiet on failure, but an expired session still sends the user to /login.
 */
export async function refreshAccount(): Promise<void> {
  const quiet = { showErrorMessage: false, showNetworkError: false } as const;
  const [info] = await Promise.allSettled([
    api.call(routes.userInfo, {}, quiet),
    // The info call already sends an expired session to /login; once is enough.
    refreshBalance(),
  ]);
  // A late answer must not resurrect a session that was ended meanwhile.
  if (info.status === 'fulfilled' && useSession.getState().token) useSession.getState().setUser(info.value);
}

/** Demo only: the server closes every position and restores the starting balance. */
export async function resetDemoAccount(): Promise<void> {
  await api.call(routes.resetDemo, {}, { loading: true });
  // Every order is gone and the ledger has a new line: the trading screens must read again.
  void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
  await refreshBalance({ redirectOnExpiry: true });
}

export interface PasswordChange {
  current: string;
  next: string;
  repeat: string;
  /** The authenticator code, needed as well when two-factor authentication is on. */
  otpCode?: string;
}

/** type 1: the current password proves it is the owner; the server ends the user's other sessions. */
export async function changePassword({ current, next, repeat, otpCode }: PasswordChange): Promise<void> {
  await api.call(
    routes.amendPassword,
    {
      type: 1,
      auth_code: current,
      new_password: next,
      re_password: repeat,
      otp_code: otpCode?.trim() || undefined,
    },
    { loading: true },
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** Revokes the token on the server first (so a copy of it is dead too), then ends the session here. */
export async function logOut(goHome: () => void | Promise<void>): Promise<void> {
  await api
    .call(
      routes.logout,
      {},
      {
        loading: true,
        showErrorMessage: false,
        showNetworkError: false,
        redirectOnExpiry: false,
      },
    )
    // Already expired or offline: the local session ends all the same.
    .catch(() => undefined);
  await signOut(goHome);
}
