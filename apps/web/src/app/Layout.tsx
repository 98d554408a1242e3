import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useBlocker, useLocation, useMatches } from 'react-router';
import { marketKeys } from '../lib/query-keys';
import { AppTabBar } from './AppTabBar';
import { Footer } from './Footer';
import { decide, needsRealAccount } from './guards';
import { KeepAlivePanes } from './keep-alive';
import { PageLoading } from './PageLoading';
import { RouteDefContext } from './route-context';
import { keepAliveScreen, NOT_FOUND_ROUTE, type RouteDef } from './route-table';
import { socket } from './services';
import { TopNav } from './TopNav';
import { showMessage } from './toast';
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
  const { t } = useTranslation();

  // Spec: every route change starts at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation itself (its key) is the trigger
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  // Spec: the live socket is initialised on every navigation, and / and /trade refresh the trade list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation itself (its key) is the trigger
  useEffect(() => {
    socket.connect();
    if (location.pathname === '/' || location.pathname === '/trade') {
      queryClient.invalidateQueries({ queryKey: marketKeys.tradeList() }).catch(() => undefined);
    }
  }, [location.key, location.pathname, queryClient]);

  // A demo account following a link to a real-account page stays where it is, with the reason shown.
  const blocker = useBlocker(({ nextLocation }) => isDemo && needsRealAccount(nextLocation.pathname));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    showMessage('info', t('messages.only_real_account'));
    blocker.reset();
  }, [blocker, t]);

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

  return (
    <div className={`app-shell${def.chrome ? ' app-shell--chrome' : ''}`}>
      {showNav && <TopNav def={def} />}
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
                <Suspense fallback={<PageLoading />}>
                  <Screen />
                </Suspense>
              </RouteDefContext.Provider>
            );
          }}
        />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        {def.chrome && <Footer />}
      </main>
      {def.chrome && <AppTabBar />}
    </div>
  );
}
