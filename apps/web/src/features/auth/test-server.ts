import type { Route } from '@meridian/contract';

/** What the stubbed server saw: method, path, the decoded payload and the session header. */
export interface Seen {
  method: string;
  path: string;
  params: URLSearchParams;
  token: string;
  /** The Idempotency-Key header, when the call carried one. */
  idempotencyKey: string | null;
  /** The body as sent (a FormData for a multipart call). */
  body: unknown;
}

export type Reply = { code: number; msg?: string; data?: unknown };

/** The key a reply is kept under in `routes`: "METHOD /path" of a route of the contract's table. */
export const routeKey = (route: Route): string => `${route.method} ${route.path}`;

/**
 * A fake server at the fetch boundary for screen tests: the API client, stores and screens above it
 * are the real ones. Replies are kept in `routes` under `routeKey(route)` ("METHOD /path"); anything
 * else answers not_found.
 */
export function createFakeServer() {
  const routes: Record<string, (seen: Seen) => Reply | Promise<Reply>> = {};
  const seen: Seen[] = [];
  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    const params = method === 'GET' ? url.searchParams : new URLSearchParams(String(init?.body ?? ''));
    const headers = new Headers(init?.headers);
    const entry = {
      method,
      path: url.pathname,
      params,
      token: headers.get('authorization') ?? '',
      idempotencyKey: headers.get('idempotency-key'),
      body: init?.body ?? null,
    };
    seen.push(entry);
    const handler = routes[`${method} ${url.pathname}`];
    const reply = handler ? await handler(entry) : { code: 1004, msg: 'not found' };
    return new Response(JSON.stringify({ msg: '', data: null, ...reply }), {
      headers: { 'content-type': 'application/json' },
    });
  }
  return {
    routes,
    seen,
    fetch,
    reset() {
      seen.length = 0;
      for (const key of Object.keys(routes)) delete routes[key];
    },
    /** What reached one route (or one path), in order. */
    calls: (target: Route | string) =>
      typeof target === 'string'
        ? seen.filter((s) => s.path === target)
        : seen.filter((s) => s.path === target.path && s.method === target.method),
  };
}

export const sampleUser = {
  id: 7,
  uid: '10000007',
  email: 'ann@example.test',
  mobile: '',
  global_code: '',
  is_demo: 0 as 0 | 1,
  credit_score: 0,
  invite_code: 'ANN7',
  created_at: 0,
};
