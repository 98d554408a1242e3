import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN_HEADER, type Auth } from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** A logged-in trader, as a verified session token names them. */
export interface AuthUser {
  userId: number;
  isDemo: boolean;
  sessionId: number;
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
    /** The operator token (ADMIN_TOKEN); undefined means the staff API does not exist. */
    adminToken: string | undefined;
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

/**
 * The operator's check: the x-admin-token header must equal ADMIN_TOKEN. A trader's session token
 * plays no part, so no trader can reach an operator decision. Without ADMIN_TOKEN the staff API
 * does not exist (not_found); a wrong or missing header is forbidden.
 */
export function requireOperator(request: FastifyRequest): void {
  const adminToken = request.server.adminToken;
  if (!adminToken) throw new AppError('not_found');
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const given = typeof header === 'string' ? header : '';
  if (!given || !timingSafeEqual(digest(given), digest(adminToken))) throw new AppError('forbidden');
}

/** What a handler of each auth level is told about its caller. */
export type CallerOf<A extends Auth> = A extends 'user' | 'real' ? AuthUser : undefined;

/** Checks the caller for an auth level, before anything of the request is read. */
export async function authorize<A extends Auth>(request: FastifyRequest, auth: A): Promise<CallerOf<A>> {
  switch (auth) {
    case 'user':
      return (await requireUser(request)) as CallerOf<A>;
    case 'real':
      return (await requireRealUser(request)) as CallerOf<A>;
    case 'staff':
      requireOperator(request);
      return undefined as CallerOf<A>;
    default:
      return undefined as CallerOf<A>;
  }
}
