import type { z } from 'zod';
import type { ErrorKey } from '../errors.js';
import type { Auth, Route } from './route.js';

/**
 * A route with everything the server and the OpenAPI document need: the schemas that parse the
 * request and describe the envelope's `data`, and the error keys the call itself may answer with
 * (the ones every call of its `auth` level shares are added by `commonErrors`).
 */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  /** The key in the table, e.g. `submitOrder`; the OpenAPI operationId. */
  readonly id: string;
  /** The group in the reference (markets, trading, identity, ...). */
  readonly tag: string;
  readonly route: Route<Req, Res, A>;
  readonly request: Req;
  readonly response: Res;
  readonly errors: readonly ErrorKey[];
  /** One line for the reference page. */
  readonly summary: string;
}

type RequestSchemaOf<R> = R extends Route<infer Q, z.ZodType, Auth> ? Q : never;
type ResponseSchemaOf<R> = R extends Route<z.ZodType, infer S, Auth> ? S : never;
type AuthOf<R> = R extends Route<z.ZodType, z.ZodType, infer A> ? A : never;

/** What a domain's table gives for each of its routes. */
export type EndpointSpecs<Routes extends Record<string, Route>> = {
  readonly [K in keyof Routes]: {
    readonly request: RequestSchemaOf<Routes[K]>;
    readonly response: ResponseSchemaOf<Routes[K]>;
    readonly errors: readonly ErrorKey[];
    readonly summary: string;
  };
};

export type EndpointsOf<Routes extends Record<string, Route>> = {
  readonly [K in keyof Routes]: Endpoint<
    RequestSchemaOf<Routes[K]>,
    ResponseSchemaOf<Routes[K]>,
    AuthOf<Routes[K]>
  >;
};

/**
 * Pairs every route of a domain with its schemas. The mapped type makes a missing route, an extra
 * one, or a schema other than the one the route names a compile error, so the zod-free route list
 * the web app uses and the schemas the server parses with cannot drift apart.
 */
export function defineEndpoints<Routes extends Record<string, Route>>(
  tag: string,
  routes: Routes,
  specs: EndpointSpecs<Routes>,
): EndpointsOf<Routes> {
  const out: Record<string, Endpoint> = {};
  for (const id of Object.keys(routes)) {
    const spec = specs[id as keyof Routes];
    out[id] = { id, tag, route: routes[id] as Route, ...spec } as Endpoint;
  }
  return out as EndpointsOf<Routes>;
}

/** The failures any call at this auth level may answer with, besides its own. */
export function commonErrors(auth: Auth): readonly ErrorKey[] {
  const base: ErrorKey[] = ['validation_failed', 'rate_limited', 'internal'];
  if (auth === 'user') return [...base, 'session_expired'];
  if (auth === 'real') return [...base, 'session_expired', 'only_real_account'];
  if (auth === 'staff')
    return [...base, 'forbidden', 'not_found', 'staff_session_expired', 'staff_address_refused'];
  return base;
}
