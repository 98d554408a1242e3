import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ScreenError } from './ScreenError';

/**
 * The router's last resort, for an error outside any screen (the layout itself). A screen's own
 * failure, its code not loading included, stays inside the layout (ScreenBoundary).
 */
export function RouteError() {
  const error = useRouteError();
  return <ScreenError error={error} code={isRouteErrorResponse(error) ? String(error.status) : 'APP'} />;
}
