import { TOPIC_FEED_STATUS } from '@meridian/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { SocketClient } from './socket';
import { type ConnectionState, downReason, useConnection } from './stores/connection';

export interface ConnectionSyncDeps {
  socket: Pick<SocketClient, 'on' | 'onMessage'>;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** Extra work after a resync (the session's balance lives outside the query cache). */
  afterResync?: () => void;
  /** The browser's online state and its events; absent outside a browser. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: { onLine: boolean } };
  now?: () => number;
}

/**
 * Everything to refetch after an outage: every query a screen is showing (quotes, the open chart's
 * candles including the ones missed, orders, balances) refetches, and the others are marked stale so
 * they refetch when next shown. Nothing reloads the page.
 */
export function resync(deps: Pick<ConnectionSyncDeps, 'queryClient' | 'afterResync'>): void {
  deps.queryClient.invalidateQueries().catch(() => undefined);
  deps.afterResync?.();
}

/** True when this change ends an outage the screens saw (the socket is back, or the feed caught up). */
export function outageEnded(prev: ConnectionState, next: ConnectionState): boolean {
  const reconnected = next.socket === 'open' && prev.socket !== 'open' && prev.everOpen;
  const feedBack = prev.feedStale && !next.feedStale;
  const online = !prev.browserOnline && next.browserOnline && next.socket === 'open';
  return reconnected || feedBack || (online && downReason(next) === null);
}

/**
 * Feeds the connection store (lib/stores/connection) from the socket and the browser, and resyncs
 * the screens' data when an outage ends. The socket's open/closed state comes in through its
 * `onStateChange` (lib/services). Returns a stop function (tests).
 */
export function startConnectionSync(deps: ConnectionSyncDeps): () => void {
  const store = useConnection;
  const now = deps.now ?? Date.now;
  const stops: (() => void)[] = [];

  // FEED_STATUS comes on subscribe and on every change; the subscription lives as long as the app.
  stops.push(
    deps.socket.on(TOPIC_FEED_STATUS, (message) => {
      if (message.type === 'FEED_STATUS')
        store.getState().feedChanged(message.data.Stale, message.data.AgeMs, now());
    }),
  );
  stops.push(
    deps.socket.onMessage((message) => {
      if (message.type === 'DAY_MARKET') store.getState().pricesArrived(now());
    }),
  );

  const win = deps.window;
  if (win) {
    store.getState().browserChanged(win.navigator.onLine);
    const online = () => store.getState().browserChanged(true);
    const offline = () => store.getState().browserChanged(false);
    win.addEventListener('online', online);
    win.addEventListener('offline', offline);
    stops.push(() => {
      win.removeEventListener('online', online);
      win.removeEventListener('offline', offline);
    });
  }

  stops.push(
    store.subscribe((next, prev) => {
      if (outageEnded(prev, next)) resync(deps);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
