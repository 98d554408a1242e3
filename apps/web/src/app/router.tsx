import { createHashRouter } from 'react-router';
import { loginRedirect } from '../lib/guards';
import { PATHS } from '../lib/paths';
import { setLoginRedirect } from '../lib/services';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { RouteGate } from './RouteGate';
import { NOT_FOUND_ROUTE, ROUTES } from './route-table';

export const router = createHashRouter([
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
