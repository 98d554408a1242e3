import type { Envelope } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Translator } from '../i18n/translator.js';
import { okEnvelope } from './envelope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: query and body already parsed by the route's zod schemas. */
export interface RouteInput<Q, B> {
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, R> {
  method: Method;
  url: string;
  /** Unknown keys (such as the cache-busting `t`) are dropped, so GET and DELETE may always carry it. */
  query?: Q;
  /** Form-encoded and JSON bodies arrive as the same object; use z.coerce for numbers and booleans. */
  body?: B;
  /** Returns the envelope's `data`; throw AppError for failures. */
  handler: (input: RouteInput<z.output<Q>, z.output<B>>) => Promise<R> | R;
}

const NOTHING = z.unknown().transform(() => undefined);

/**
 * Declares a JSON API route. Validation failures throw ZodError, which the error handler turns
 * into `validation_failed` with the offending fields listed in `data`.
 */
export function defineRoute<
  Q extends z.ZodType = typeof NOTHING,
  B extends z.ZodType = typeof NOTHING,
  R = unknown,
>(app: FastifyInstance, translator: Translator, spec: RouteSpec<Q, B, R>): void {
  const querySchema = spec.query ?? NOTHING;
  const bodySchema = spec.body ?? NOTHING;
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply): Promise<Envelope<R>> => {
      const query = querySchema.parse(request.query ?? {}) as z.output<Q>;
      const body = bodySchema.parse(request.body ?? {}) as z.output<B>;
      const data = await spec.handler({ query, body, request, reply });
      return okEnvelope(translator, request, data);
    },
  });
}
