import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ConnectionBanner } from '../lib/ConnectionBanner';
import { decide } from '../lib/guards';
import { PATHS } from '../lib/paths';
import { marketKeys } from '../lib/query-keys';
import { RouteDefContext } from '../lib/route-context';
import { socket } from '../lib/services';
import { downReason, useConnection } from '../lib/stores/connection';
import { AppTabBar } from './AppTabBar';
import { Footer } from './Footer';
import { tradeListNeedsRefresh } from './first-screen';
import { KeepAlivePanes } from './keep-alive';
import { PageLoading } from './PageLoading';
import { keepAliveScreen, NOT_FOUND_ROUTE, type RouteDef } from './route-table';
import { ScreenBoundary } from './ScreenError';
import { TopNav } from './TopNav';
import { useGuardSession } from './use-guard-session';

function useCurrentRoute(): RouteDef {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteDef | undefined;
  return handle ?? NOT_FOUND_ROUTE;
}

export function Layout() {
  const location = useLocation();
  const def = useCurrentRoute();
  const session = useGuardSession();
  const { isLogin, isDemo } = session;
  const queryClient = useQueryClient();
  const firstScreen = useRef(true);

  // Spec: every route change starts at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation itself (its key) is the trigger
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  // Spec: the live socket is initialised on every navigation, and / and /trade refresh the trade list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation itself (its key) is the trigger
  useEffect(() => {
    socket.connect();
    const first = firstScreen.current;
    firstScreen.current = false;
    if (location.pathname !== PATHS.home && location.pathname !== PATHS.trade) return;
    const state = queryClient.getQueryState(marketKeys.tradeList());
    if (tradeListNeedsRefresh(state, first, performance.timeOrigin)) {
      queryClient.invalidateQueries({ queryKey: marketKeys.tradeList() }).catch(() => undefined);
    }
  }, [location.key, location.pathname, queryClient]);

  const isAllowed = useCallback(
    (key: string) => {
      const screen = keepAliveScreen(key);
      return !!screen && decide(screen.path, '', { isLogin, isDemo }).kind === 'allow';
    },
    [isLogin, isDemo],
  );

  const activeKey =
    def.keepAlive && decide(location.pathname, location.search, session).kind === 'allow'
      ? def.keepAlive
      : null;
  const showNav = !def.chrome;
  // Prices on screen are greyed while they are not live (lib/connection.css).
  const pricesDown = useConnection(downReason) !== null;

  return (
    <div
      className={`app-shell${def.chrome ? ' app-shell--chrome' : ''}${pricesDown ? ' app-shell--prices-down' : ''}`}
    >
      {/* One sticky block, so the banner and the top bar never slide over each other. */}
      <div className="app-top">
        <ConnectionBanner />
        {showNav && <TopNav def={def} />}
      </div>
      <main className="app-main">
        <KeepAlivePanes
          activeKey={activeKey}
          isAllowed={isAllowed}
          render={(key) => {
            const pane = keepAliveScreen(key);
            if (!pane) return null;
            const Screen = pane.screen;
            return (
              <RouteDefContext.Provider value={pane}>
                <ScreenBoundary>
                  <Suspense fallback={<PageLoading />}>
                    <Screen />
                  </Suspense>
                </ScreenBoundary>
              </RouteDefContext.Provider>
            );
          }}
        />
        {/* Keyed by the route: leaving a screen that failed leaves its error behind. */}
        <ScreenBoundary key={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ScreenBoundary>
        {def.chrome && <Footer />}
      </main>
      {def.chrome && <AppTabBar />}
    </div>
  );
}
