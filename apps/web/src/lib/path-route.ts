/**
 * The app routes on the URL's hash (`/#/login`). A page opened by its path instead (`/login`,
 * `/trade?lang=jp`: a link typed or shared without the `#`) is served the app by the server's
 * fallback, or by the service worker's offline copy, and showed the home screen whatever the link
 * said. Imported before the router is created (main.tsx), this moves such a path into the hash, so
 * the router opens the route the link names; an unknown one gets the not-found screen.
 */

/** Where the app should be for a page opened at this URL, or null when it already is there. */
export function hashRouteFor(pathname: string, search: string, hash: string): string | null {
  if (hash !== '' || pathname === '/' || pathname === '/index.html') return null;
  return `/#${pathname}${search}`;
}

const moved = hashRouteFor(window.location.pathname, window.location.search, window.location.hash);
if (moved !== null) window.history.replaceState(window.history.state, '', moved);
