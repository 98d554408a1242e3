import { routes } from '@meridian/contract';
import { api, queryClient, socket } from './services';
import { type SessionUser, useSession } from './stores/session';

/** After login or demo creation: keep the token and user, and log the live channel in too. */
export function signIn(token: string, user: SessionUser): void {
  useSession.getState().setToken(token);
  useSession.getState().setUser(user);
  socket.login(token);
}

/**
 * Logout (spec section 4): go home, reset the user, close the live connection after telling it.
 * Home comes first: clearing the session while a protected page is current would make its guard
 * send the user to /login instead.
 */
export async function signOut(goHome: () => void | Promise<void>): Promise<void> {
  await goHome();
  socket.logout();
  socket.close();
  useSession.getState().clear();
  queryClient.clear();
}

/**
 * Reads the balance into the session; failures are quiet because the screen shows the last value.
 * The start-up check keeps an expired session quiet too; screens pass `redirectOnExpiry` to go to /login.
 */
export async function refreshBalance({
  redirectOnExpiry = false,
}: {
  redirectOnExpiry?: boolean;
} = {}): Promise<void> {
  const { balance } = await api.call(
    routes.balance,
    {},
    {
      showErrorMessage: false,
      showNetworkError: false,
      redirectOnExpiry,
    },
  );
  useSession.getState().setBalance(balance);
}
