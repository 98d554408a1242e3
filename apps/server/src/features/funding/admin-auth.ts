import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_TOKEN_HEADER } from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { defineRoute, type RouteInput } from '../../http/route.js';
import type { Translator } from '../../i18n/translator.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's check: the x-admin-token header must equal ADMIN_TOKEN. A trader's session token
 * (the authorization header) plays no part, so no trader can reach an operator decision. Without
 * ADMIN_TOKEN the admin API does not exist (not_found); a wrong or missing header is forbidden.
 */
export function requireOperator(request: FastifyRequest, adminToken: string | undefined): void {
  if (!adminToken) throw new AppError('not_found');
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const given = typeof header === 'string' ? header : '';
  // Digests have equal lengths, so the comparison takes the same time whatever was sent.
  if (!given || !timingSafeEqual(digest(given), digest(adminToken))) throw new AppError('forbidden');
}

export interface AdminRouteSpec<Q extends z.ZodType, B extends z.ZodType, R> {
  method: 'GET' | 'POST';
  url: string;
  query?: Q;
  body?: B;
  handler: (input: RouteInput<z.output<Q>, z.output<B>>) => Promise<R> | R;
}

const NOTHING = z.unknown().transform(() => undefined);

/** defineRoute behind the operator check, made before anything of the request is read. */
export function defineAdminRoute<
  Q extends z.ZodType = typeof NOTHING,
  B extends z.ZodType = typeof NOTHING,
  R = unknown,
>(
  app: FastifyInstance,
  translator: Translator,
  adminToken: string | undefined,
  spec: AdminRouteSpec<Q, B, R>,
): void {
  const querySchema = spec.query ?? NOTHING;
  const bodySchema = spec.body ?? NOTHING;
  defineRoute(app, translator, {
    method: spec.method,
    url: spec.url,
    query: z.unknown(),
    body: z.unknown(),
    handler: ({ query, body, request, reply }) => {
      requireOperator(request, adminToken);
      return spec.handler({
        query: querySchema.parse(query ?? {}) as z.output<Q>,
        body: bodySchema.parse(body ?? {}) as z.output<B>,
        request,
        reply,
      });
    },
  });
}
