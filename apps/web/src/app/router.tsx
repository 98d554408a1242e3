import { createHashRouter } from 'react-router';
import { loginRedirect } from '../lib/guards';
import { PATHS } from '../lib/paths';
import { setLoginRedirect } from '../lib/services';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { RouteGate } from './RouteGate';
import { NOT_FOUND_ROUTE, ROUTES } from './route-table';

/**
 * The app's router. Created by main.tsx in a task of its own, not while the modules evaluate:
 * matching the route table and reading the history took 15 ms of a phone-sized page's start,
 * which as part of the modules' evaluation made one long task of it.
 */
export function createAppRouter() {
  const router = createHashRouter([
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [...ROUTES, NOT_FOUND_ROUTE].map((def) => ({
        path: def.path,
        handle: def,
        element: <RouteGate def={def} />,
      })),
    },
  ]);
  setLoginRedirect(() => {
    const { pathname, search } = router.state.location;
    if (pathname === PATHS.login) return;
    router.navigate(loginRedirect(pathname, search)).catch(() => undefined);
  });
  return router;
}
