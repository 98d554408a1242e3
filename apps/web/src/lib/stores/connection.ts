import { create } from 'zustand';
import type { SocketState } from '../socket';

/**
 * Why prices are not live: the phone has no network, the live socket is down and reconnecting, or
 * the server says its price feed is behind (FEED_STATUS Stale). Null: prices are live.
 */
export type PricesDownReason = 'offline' | 'reconnecting' | 'stale';

export interface ConnectionState {
  socket: SocketState;
  /** The socket has been open since the app started: a later 'connecting' is a reconnect. */
  everOpen: boolean;
  /** What the browser says (`navigator.onLine` and its online/offline events). */
  browserOnline: boolean;
  /** FEED_STATUS from the server the socket is connected to. */
  feedStale: boolean;
  /** How old the feed's latest price was when the server last said so, and when it said it. */
  feedAgeMs: number | null;
  feedAgeAt: number;
  /** When the last live prices arrived (a DAY_MARKET push), for the age shown while they are not. */
  lastPricesAt: number | null;
}

interface ConnectionActions {
  socketChanged(state: SocketState): void;
  browserChanged(online: boolean): void;
  feedChanged(stale: boolean, ageMs: number | null, at: number): void;
  pricesArrived(at: number): void;
}

export const INITIAL_CONNECTION: ConnectionState = {
  socket: 'idle',
  everOpen: false,
  browserOnline: true,
  feedStale: false,
  feedAgeMs: null,
  feedAgeAt: 0,
  lastPricesAt: null,
};

/** The line to the server as the screens see it; lib/connection-sync feeds it, nothing else writes it. */
export const useConnection = create<ConnectionState & ConnectionActions>()((set) => ({
  ...INITIAL_CONNECTION,
  socketChanged: (socket) => set((s) => ({ socket, everOpen: s.everOpen || socket === 'open' })),
  browserChanged: (browserOnline) => set({ browserOnline }),
  feedChanged: (feedStale, feedAgeMs, feedAgeAt) => set({ feedStale, feedAgeMs, feedAgeAt }),
  pricesArrived: (lastPricesAt) => set({ lastPricesAt }),
}));

/**
 * The first reason that holds, in the order a trader can act on: no network at all, then the socket,
 * then the feed behind it. Before the first connection attempt fails nothing is reported, so a normal
 * start shows no banner (and a test rendering a screen without a socket sees live prices).
 */
export function downReason(s: ConnectionState): PricesDownReason | null {
  if (!s.browserOnline) return 'offline';
  if (s.socket === 'waiting' || (s.socket === 'connecting' && s.everOpen)) return 'reconnecting';
  if (s.feedStale) return 'stale';
  return null;
}

/** How old the prices on screen are, in ms, when that is known. */
export function pricesAgeMs(s: ConnectionState, now: number): number | null {
  if (downReason(s) === 'stale' && s.feedAgeMs !== null) return s.feedAgeMs + Math.max(0, now - s.feedAgeAt);
  return s.lastPricesAt === null ? null : Math.max(0, now - s.lastPricesAt);
}

export interface PricesLive {
  /** Prices on screen are current: orders at market may be placed. */
  live: boolean;
  reason: PricesDownReason | null;
  /** The prices' age when they are not live (ms), as of this render; null when unknown or live. */
  ageMs: number | null;
}

/**
 * For screens that act on prices: Buy/Sell and close disable themselves while `live` is false.
 * Re-renders only when the reason changes, not with every price.
 */
export function usePricesLive(): PricesLive {
  const reason = useConnection(downReason);
  const ageMs = reason === null ? null : pricesAgeMs(useConnection.getState(), Date.now());
  return { live: reason === null, reason, ageMs };
}
