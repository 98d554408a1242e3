import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { decide } from './guards';
import { RouteDefContext } from './route-context';
import type { RouteDef } from './route-table';
import { showMessage } from './toast';
import { useGuardSession } from './use-guard-session';

/**
 * Applies the login and demo guards to the route being entered. In-app links to a real-account page
 * are stopped earlier by the layout's blocker (the user stays put); this handles typed or reloaded URLs.
 */
export function RouteGate({ def }: { def: RouteDef }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const session = useGuardSession();
  const decision = decide(location.pathname, location.search, session);

  useEffect(() => {
    if (decision.kind !== 'real-only') return;
    showMessage('info', t('messages.only_real_account'));
    void navigate('/user', { replace: true });
  }, [decision.kind, navigate, t]);

  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'real-only') return null;
  // Kept-alive screens are rendered by the layout's panes, not here.
  if (def.keepAlive) return null;
  const Screen = def.screen;
  return (
    <RouteDefContext.Provider value={def}>
      <Screen />
    </RouteDefContext.Provider>
  );
}
