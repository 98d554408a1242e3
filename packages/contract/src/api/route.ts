import type { z } from 'zod';
import type { STAFF_ROLES } from '../backoffice-constants.js';

type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call an endpoint.
 * - `visitor`: anyone, no session needed.
 * - `user`: any logged-in account, demo included (no session: code 999).
 * - `real`: real accounts only (a demo session: `only_real_account`).
 * - `staff`: a back-office member whose role the route lists (`owner` always may), by a staff
 *   session in `x-staff-token`; a trader's session never counts. Routes marked `automation` also take
 *   the scoped automation token (`x-admin-token`, ADMIN_TOKEN).
 */
export type Auth = 'visitor' | 'user' | 'real' | 'staff';

export type HttpMethod = 'GET' | 'POST';

/**
 * How the request travels: `query` parameters (GET; the spec's `t` rides along and is ignored),
 * a `form` body (form-encoded or JSON, the same object), or `multipart` (one file under `file`).
 */
export type RequestEncoding = 'query' | 'form' | 'multipart';

/**
 * How the answer travels: the `{code,msg,data}` envelope (almost every call), or raw bytes
 * (pictures) that only an envelope-carried failure wraps.
 */
export type ResponseEncoding = 'envelope' | 'binary';

/**
 * One REST call as both sides know it: where it lives and who may call it. This module is free of
 * zod at run time (the schema types ride along as phantom type parameters), so the web app can
 * name a call on its first screen without loading any schema. `endpoints.ts` pairs every route with
 * its schemas and error keys; a type test there proves the pairs match.
 */
export interface Route<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  readonly method: HttpMethod;
  /** Exactly the specification's path; `:name` marks a path parameter. */
  readonly path: string;
  readonly auth: A;
  readonly encoding: RequestEncoding;
  readonly answer: ResponseEncoding;
  /**
   * The call books money, so a client sends an `Idempotency-Key` header (one key per tap) and a
   * repeat with the same key returns the first answer instead of booking again.
   */
  readonly idempotent: boolean;
  /** Staff routes: the roles besides `owner` that may call it (empty: the owner only). */
  readonly roles: readonly StaffRole[];
  /** Staff routes: the automation token (ADMIN_TOKEN) may call it too. */
  readonly automation: boolean;
  /** Never set at run time: carries the request and response schema types for the typed client. */
  readonly __schemas?: { readonly req: Req; readonly res: Res };
}

/** What a client sends: the request schema's input (numbers may go as numbers or as text). */
export type RequestOf<R> = R extends Route<infer Q, z.ZodType, Auth> ? z.input<Q> : never;
/** What the server's handler receives once the request schema has parsed it. */
export type ParsedRequestOf<R> = R extends Route<infer Q, z.ZodType, Auth> ? z.output<Q> : never;
/** The envelope's `data` of a success. */
export type ResponseOf<R> = R extends Route<z.ZodType, infer S, Auth> ? z.output<S> : never;

interface RouteOptions {
  readonly encoding?: RequestEncoding;
  readonly answer?: ResponseEncoding;
  readonly idempotent?: boolean;
  readonly roles?: readonly StaffRole[];
  readonly automation?: boolean;
}

/** The header of a retry-safe call (lower case, as Node hands headers over). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

function declare<A extends Auth>(auth: A) {
  return <Req extends z.ZodType, Res extends z.ZodType>(
    method: HttpMethod,
    path: string,
    options: RouteOptions = {},
  ): Route<Req, Res, A> => ({
    method,
    path,
    auth,
    encoding: options.encoding ?? (method === 'GET' ? 'query' : 'form'),
    answer: options.answer ?? 'envelope',
    idempotent: options.idempotent ?? false,
    roles: options.roles ?? [],
    automation: options.automation ?? false,
  });
}

/**
 * Declare a route by who may call it: `userRoute<typeof SubmitOrderQuery, typeof Order>('GET',
 * '/v1/api/forex/submit')`. GET carries its payload in the query, POST in a form body, unless
 * `options` say otherwise.
 */
export const visitorRoute = declare('visitor');
export const userRoute = declare('user');
export const realRoute = declare('real');
export const staffRoute = declare('staff');
