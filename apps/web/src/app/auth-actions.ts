import { api, queryClient, socket } from './services';
import { type SessionUser, useSession } from './stores/session';

/** After login or demo creation: keep the token and user, and log the live channel in too. */
export function signIn(token: string, user: SessionUser): void {
  useSession.getState().setToken(token);
  useSession.getState().setUser(user);
  socket.login(token);
}

/** Logout (spec section 4): reset the user, close the live connection after telling it, go home. */
export function signOut(goHome: () => void): void {
  socket.logout();
  socket.close();
  useSession.getState().clear();
  queryClient.clear();
  goHome();
}

/** Reads the balance into the session; failures are quiet because the screen shows the last value. */
export async function refreshBalance(): Promise<void> {
  const res = await api.get<{ balance?: number | string } | number | string>(
    '/v1/api/main/wallet/getBalance',
    undefined,
    { showErrorMessage: false, showNetworkError: false, redirectOnExpiry: false },
  );
  const data = res.data;
  const balance = typeof data === 'object' && data !== null ? (data.balance ?? null) : data;
  useSession.getState().setBalance(balance);
}
