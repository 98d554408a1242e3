import { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { ApiError, createApiClient } from './api';
import { WebSocket as BrowserWebSocket } from './browser-websocket';
import { apiBaseUrl, apiHostRuleFrom, socketUrl } from './endpoints';
import { SocketClient } from './socket';
import { parseLiteMessage } from './socket-lite';
import { useConnection } from './stores/connection';
import { useSession } from './stores/session';
import { useSettings } from './stores/settings';
import { hideLoading, showLoading, showMessage } from './toast';

const hostRule = apiHostRuleFrom(import.meta.env.VITE_API_HOST_RULE);

/** Set by the router once it exists: the API layer must be able to send an expired session to /login. */
let redirectToLogin: (() => void) | null = null;
/** A session that expired before the router existed (the first requests go out before it is made). */
let redirectOwed = false;
export function setLoginRedirect(fn: () => void): void {
  redirectToLogin = fn;
  if (redirectOwed) {
    redirectOwed = false;
    fn();
  }
}

export const socket = new SocketClient({
  url: () => socketUrl(window.location, hostRule),
  WebSocket: BrowserWebSocket,
  // The frames every screen gets, and /trade's candles, are checked without zod; the contract's full
  // parser (and zod with it) loads with the first frame of another kind: a signed-in trader's order pushes.
  parser: parseLiteMessage,
  fullParser: () => import('./socket-protocol').then((m) => m.parseServerMessage),
  onStateChange: (state) => useConnection.getState().socketChanged(state),
});

/** Code 999: forget the session; the start-up check does it quietly, everything else goes to /login. */
export function expireSession(redirect: boolean): void {
  useSession.getState().clear();
  if (socket.loggedIn) socket.logout();
  queryClient.removeQueries({ queryKey: ['user'] });
  if (!redirect) return;
  if (redirectToLogin) redirectToLogin();
  else redirectOwed = true;
}

export const api = createApiClient({
  baseUrl: apiBaseUrl(window.location, hostRule),
  getToken: () => useSession.getState().token,
  getLang: () => useSettings.getState().lang,
  onSessionExpired: ({ redirect }) => expireSession(redirect),
  showMessage: (kind, text) => showMessage(kind, text),
  showLoading,
  hideLoading,
  networkErrorText: (code) =>
    code === 'ETIMEDOUT' ? i18n.t('errors.timeout', { code }) : i18n.t('errors.network', { code }),
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (an envelope with an error code) will be refused again; only transport failures retry.
      retry: (count, error) => !(error instanceof ApiError && error.kind !== 'network') && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});
