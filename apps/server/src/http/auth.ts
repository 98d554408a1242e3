import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN_HEADER, type Auth, type Route, type StaffRole } from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** A logged-in trader, as a verified session token names them. */
export interface AuthUser {
  userId: number;
  isDemo: boolean;
  sessionId: number;
}

/**
 * A back-office caller: a member signed in to the console, or the scoped automation token
 * (ADMIN_TOKEN) on the calls that allow it. `actor` is what the audit log and decisions record.
 */
export type StaffCaller =
  | { kind: 'staff'; staffId: number; email: string; role: StaffRole; sessionId: number; actor: string }
  | { kind: 'automation'; staffId: null; actor: string };

/** Checks a staff call (allow-list, session, role); the staff feature supplies it. */
export interface StaffAuthorizer {
  authorize(request: FastifyRequest, route: Route): Promise<StaffCaller>;
}

/** How an `authorization` header becomes a caller; the identity feature supplies it. */
export interface SessionResolver {
  /** The caller of a valid, live session token ("Bearer " optional), or null. */
  fromHeader(header: string | string[] | undefined): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the identity feature; requireUser reads sessions through it. */
    identitySessions: SessionResolver | null;
    /** The scoped automation token (ADMIN_TOKEN); undefined: automation calls do not exist. */
    adminToken: string | undefined;
    /** Set by the staff feature; staff routes are checked through it. */
    staffAuth: StaffAuthorizer | null;
  }
  interface FastifyRequest {
    /** The caller once requireUser has resolved them (cached for the rest of the request). */
    authUser: AuthUser | null;
  }
}

/** Called once by the app factory, before any feature registers. */
export function installAuth(app: FastifyInstance, adminToken: string | undefined): void {
  app.decorate('identitySessions', null);
  app.decorate('adminToken', adminToken);
  app.decorate('staffAuth', null);
  app.decorateRequest('authUser', null);
}

/**
 * The logged-in caller, from the `authorization` header. A missing, malformed, expired or revoked
 * token throws session_expired (code 999).
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await optionalUser(request);
  if (!user) throw new AppError('session_expired');
  return user;
}

/** The logged-in caller, or null for a visitor (no, or no valid, session token). */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const sessions = request.server.identitySessions;
  if (!sessions) throw new Error('requireUser needs the identity feature to be registered');
  const user = await sessions.fromHeader(request.headers.authorization);
  request.authUser = user;
  return user;
}

/** As requireUser, and refuses demo accounts with only_real_account. */
export async function requireRealUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.isDemo) throw new AppError('only_real_account');
  return user;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the automation header at all (then no staff session is looked for). */
export function hasAutomationHeader(request: FastifyRequest): boolean {
  return request.headers[ADMIN_TOKEN_HEADER] !== undefined;
}

/**
 * The automation token's check: the x-admin-token header must equal ADMIN_TOKEN, on a route that
 * allows automation. A trader's session token plays no part. Without ADMIN_TOKEN, or on a route
 * without automation, the header opens nothing (forbidden).
 */
export function requireAutomation(request: FastifyRequest, route: Route): void {
  const adminToken = request.server.adminToken;
  if (!adminToken || !route.automation) throw new AppError('forbidden');
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const given = typeof header === 'string' ? header : '';
  if (!given || !timingSafeEqual(digest(given), digest(adminToken))) throw new AppError('forbidden');
}

/** What a handler of each auth level is told about its caller. */
export type CallerOf<A extends Auth> = A extends 'user' | 'real'
  ? AuthUser
  : A extends 'staff'
    ? StaffCaller
    : undefined;

/** Checks the caller for an auth level, before anything of the request is read. */
export async function authorize<A extends Auth>(request: FastifyRequest, route: Route): Promise<CallerOf<A>> {
  switch (route.auth) {
    case 'user':
      return (await requireUser(request)) as CallerOf<A>;
    case 'real':
      return (await requireRealUser(request)) as CallerOf<A>;
    case 'staff': {
      const staff = request.server.staffAuth;
      if (!staff) throw new Error('staff routes need the staff feature to be registered');
      return (await staff.authorize(request, route)) as CallerOf<A>;
    }
    default:
      return undefined as CallerOf<A>;
  }
}
