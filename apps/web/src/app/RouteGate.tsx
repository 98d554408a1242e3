import { Navigate, useLocation } from 'react-router';
import { decide } from '../lib/guards';
import { RouteDefContext } from '../lib/route-context';
import { RealAccount, type RouteDef } from './route-table';
import { useGuardSession } from './use-guard-session';

/**
 * Applies the login and demo guards to the route being entered, whether by an in-app link, a typed
 * URL or a reload. A demo account on a real-account page sees what the feature does and the way to
 * open a real account, in place of the page (the top bar keeps its title and the way back).
 */
export function RouteGate({ def }: { def: RouteDef }) {
  const location = useLocation();
  const session = useGuardSession();
  const decision = decide(location.pathname, location.search, session);

  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'real-only') return <RealAccount />;
  // Kept-alive screens are rendered by the layout's panes, not here.
  if (def.keepAlive) return null;
  const Screen = def.screen;
  return (
    <RouteDefContext.Provider value={def}>
      <Screen />
    </RouteDefContext.Provider>
  );
}
