import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { defineRoute, type RouteInput } from '../../http/route.js';
import type { Translator } from '../../i18n/translator.js';
import { type AuthUser, type SessionStore, tokenFromHeader } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the identity feature; requireUser reads sessions through it. */
    identitySessions: SessionStore | null;
  }
  interface FastifyRequest {
    /** The caller once requireUser has resolved them (cached for the rest of the request). */
    authUser: AuthUser | null;
  }
}

export function decorateAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.decorate('identitySessions', sessions);
  app.decorateRequest('authUser', null);
}

/**
 * The logged-in caller, from the `authorization` header (raw token, "Bearer " optional). A missing,
 * malformed, expired or revoked token throws session_expired (code 999).
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  if (request.authUser) return request.authUser;
  const sessions = request.server.identitySessions;
  if (!sessions) throw new Error('requireUser needs the identity feature to be registered');
  const token = tokenFromHeader(request.headers.authorization);
  const user = token === undefined ? null : await sessions.resolve(token);
  if (!user) throw new AppError('session_expired');
  request.authUser = user;
  return user;
}

/** As requireUser, and refuses demo accounts with only_real_account. */
export async function requireRealUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.isDemo) throw new AppError('only_real_account');
  return user;
}

/** 'user': any logged-in account, demo included. 'real': real accounts only. */
export type Access = 'user' | 'real';

export interface ProtectedRouteInfo {
  method: string;
  url: string;
  access: Access;
}

const registries = new WeakMap<FastifyInstance, ProtectedRouteInfo[]>();

/** Every route declared with defineProtectedRoute on this app: the role tests walk all of them. */
export function protectedRoutes(app: FastifyInstance): readonly ProtectedRouteInfo[] {
  return registries.get(app) ?? [];
}

export interface ProtectedRouteSpec<Q extends z.ZodType, B extends z.ZodType, R> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  query?: Q;
  body?: B;
  handler: (input: RouteInput<z.output<Q>, z.output<B>> & { user: AuthUser }) => Promise<R> | R;
}

const NOTHING = z.unknown().transform(() => undefined);

/**
 * defineRoute behind a role check. The session is checked before the query and body are read, so
 * a visitor gets 999 and a demo account only_real_account whatever they sent.
 */
export function defineProtectedRoute<
  Q extends z.ZodType = typeof NOTHING,
  B extends z.ZodType = typeof NOTHING,
  R = unknown,
>(app: FastifyInstance, translator: Translator, spec: ProtectedRouteSpec<Q, B, R>): void {
  const list = registries.get(app) ?? [];
  registries.set(app, list);
  list.push({ method: spec.method, url: spec.url, access: spec.access });
  const querySchema = spec.query ?? NOTHING;
  const bodySchema = spec.body ?? NOTHING;
  defineRoute(app, translator, {
    method: spec.method,
    url: spec.url,
    query: z.unknown(),
    body: z.unknown(),
    handler: async ({ query, body, request, reply }) => {
      const user = spec.access === 'real' ? await requireRealUser(request) : await requireUser(request);
      return spec.handler({
        query: querySchema.parse(query ?? {}) as z.output<Q>,
        body: bodySchema.parse(body ?? {}) as z.output<B>,
        request,
        reply,
        user,
      });
    },
  });
}
