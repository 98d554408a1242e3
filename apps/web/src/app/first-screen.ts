import type { QueryState } from '@tanstack/react-query';
import { categoriesQuery, tradeListQuery } from '../features/markets/queries';
import { PATHS } from '../lib/paths';
import { queryClient } from '../lib/services';
import { useSettings } from '../lib/stores/settings';
import { findRoute } from './route-table';

/** The in-app path the page opened on, from the hash router's part of the URL ("#/trade?x=1" → "/trade"). */
export function initialPath(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' ? PATHS.home : path;
}

/**
 * Starts, before React's first render, what the first screen will ask for, so it travels beside the
 * language file instead of after it: the screen's code and, for / and /trade, the trade list (a
 * `<link rel=preload>` cannot do that one: the call carries a `t` parameter and the session's headers,
 * which the API client adds). The query cache keeps the answer for the screen; a failure is left for
 * the screen's own query to show. Resolves once the screen's code is in (or failed to come).
 */
export function startFirstScreen(hash: string = window.location.hash): Promise<void> {
  const path = initialPath(hash);
  if (path === PATHS.home || path === PATHS.trade) {
    // prefetchQuery never rejects: a failed fetch simply leaves the query to try again when used.
    void queryClient.prefetchQuery(tradeListQuery());
  }
  if (path === PATHS.home) void queryClient.prefetchQuery(categoriesQuery(useSettings.getState().lang));
  // /trade's chart (the chart library) is not fetched here: the screen asks for it once it has painted.
  const route = findRoute(path);
  if (!route) return Promise.resolve();
  return route.screen.preload().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Whether arriving at / or /trade should refetch the trade list (the spec refreshes it on each visit).
 * Not for the screen the page opened on when this page load has fetched the list already or is
 * fetching it (startFirstScreen's request): that answer is the refresh, and a second one a second
 * later only re-rendered every row. A list from the session copy (saved before this page started)
 * is still refreshed.
 */
export function tradeListNeedsRefresh(
  state: Pick<QueryState, 'dataUpdatedAt' | 'fetchStatus' | 'isInvalidated'> | undefined,
  firstScreen: boolean,
  pageStart: number,
): boolean {
  if (!firstScreen || !state) return true;
  if (state.fetchStatus === 'fetching') return false;
  return state.isInvalidated || state.dataUpdatedAt < pageStart;
}
