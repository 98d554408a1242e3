import { SOCKET_PATH } from '@meridian/contract';

/** The parts of `window.location` the endpoint rules need; a plain object in tests. */
export interface LocationLike {
  protocol: string;
  host: string;
  hostname: string;
}

/**
 * How the REST and socket host is derived from the page's host (spec section 7).
 * - `same-origin` (default): the server that serves the app also answers /api and /v1, as `npm start`
 *   and the Vite dev proxy do. Nothing to configure.
 * - `api-subdomain`: production deployments that put the API on `api.<site>`: the page at
 *   `www.example.com` or `example.com` talks to `api.example.com`.
 * Chosen at build time with `VITE_API_HOST_RULE`.
 */
export type ApiHostRule = 'same-origin' | 'api-subdomain';

export function apiHostRuleFrom(value: unknown): ApiHostRule {
  return value === 'api-subdomain' ? 'api-subdomain' : 'same-origin';
}

function apiHost(loc: LocationLike, rule: ApiHostRule): string {
  if (rule === 'same-origin') return loc.host;
  const port = loc.host.slice(loc.hostname.length);
  const bare = loc.hostname.replace(/^www\./, '');
  return `api.${bare}${port}`;
}

/** Base URL that REST paths (`/api/...`, `/v1/api/...`) are appended to; '' means relative. */
export function apiBaseUrl(loc: LocationLike, rule: ApiHostRule): string {
  return rule === 'same-origin' ? '' : `${loc.protocol}//${apiHost(loc, rule)}`;
}

/** `ws://` next to http pages, `wss://` next to https ones, always at /v1/ws. */
export function socketUrl(loc: LocationLike, rule: ApiHostRule): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${apiHost(loc, rule)}${SOCKET_PATH}`;
}
