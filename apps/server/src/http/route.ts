import type { Auth, Endpoint, Envelope, HttpMethod, RequestEncoding } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { failpoint } from '../failpoint.js';
import { fieldMessages } from '../i18n/field-messages.js';
import type { Translator } from '../i18n/translator.js';
import { AppError, isAppError } from './app-error.js';
import { type AuthUser, authorize, type CallerOf } from './auth.js';
import { errorEnvelope, okEnvelope } from './envelope.js';
import { validationParams, zodIssues } from './error-handler.js';
import { IdempotencyConflict, IdempotencyStore, idempotencyKeyOf } from './idempotency.js';

/** What a handler receives: the caller (per the endpoint's auth) and the parsed request. */
export interface HandlerInput<E extends Endpoint> {
  /** The query (GET) or body (POST) as the endpoint's request schema parsed it. */
  input: z.output<E['request']>;
  user: CallerOf<E['route']['auth']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returns the envelope's `data` (or, for a binary endpoint, the reply it sent); throw AppError to fail. */
export type Handler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<z.output<E['response']>> | z.output<E['response']>;

export interface RouteOptions {
  /**
   * Runs on the raw payload before the schema parses it, for calls whose empty fields get their own
   * prompts (login's "enter account") rather than a validation list.
   */
  precheck?: (raw: unknown) => void;
}

/** Where routes land and what they share; a FeatureContext is one. */
export interface RouteHost {
  app: FastifyInstance;
  translator: Translator;
}

export interface RegisteredRoute {
  method: HttpMethod;
  path: string;
  auth: Auth;
  endpoint: Endpoint;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered from the endpoint table on this app: role and OpenAPI tests walk them. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Check every success against the endpoint's response schema before sending (development and
     * tests), so a server change that drifts from the contract fails a test instead of the app.
     */
    validateResponses: boolean;
    /** Where the first answers to Idempotency-Keys are kept; null: keys are not honoured (tests of bare apps). */
    idempotency: IdempotencyStore | null;
  }
}

/** Every route Fastify registered on an app, whatever declared it (HEAD twins left out). */
const allRoutes = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

export function everyRoute(app: FastifyInstance): readonly { method: string; url: string }[] {
  return allRoutes.get(app) ?? [];
}

/** Called once by the app factory, before any route is declared. */
export function installRoutes(
  app: FastifyInstance,
  validateResponses: boolean,
  idempotency: IdempotencyStore | null = null,
): void {
  app.decorate('validateResponses', validateResponses);
  app.decorate('idempotency', idempotency);
  const list: { method: string; url: string }[] = [];
  allRoutes.set(app, list);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) if (method !== 'HEAD') list.push({ method, url: options.url });
  });
}

/**
 * Registers one endpoint of the contract's table. The caller is checked first (a visitor gets 999,
 * a demo account only_real_account, whatever they sent), then the query or body is parsed by the
 * endpoint's schema (a ZodError becomes `validation_failed` with the fields listed), then the
 * handler runs and its result goes out in the envelope.
 */
export function defineRoute<E extends Endpoint>(
  host: RouteHost,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  const { app, translator } = host;
  const { method, path, auth, encoding, answer } = endpoint.route;
  const list = registries.get(app) ?? [];
  registries.set(app, list);
  list.push({ method, path, auth, endpoint });

  app.route({
    method,
    url: path,
    handler: async (request, reply): Promise<Envelope<unknown> | FastifyReply> => {
      const user = (await authorize(request, endpoint.route)) as CallerOf<E['route']['auth']>;
      const raw = rawInput(request, encoding);
      const run = async (): Promise<Envelope<unknown> | FastifyReply> => {
        options.precheck?.(raw);
        const input = endpoint.request.parse(raw, { error: fieldMessages(request.lang) }) as z.output<
          E['request']
        >;
        const data = await handler({ input, user, request, reply });
        if (answer === 'binary') return reply;
        if (request.server.validateResponses) checkResponse(endpoint, data);
        return okEnvelope(translator, request, data);
      };
      const store = request.server.idempotency;
      const key = endpoint.route.idempotent && store ? idempotencyKeyOf(request) : undefined;
      const caller = auth === 'user' || auth === 'real' ? (user as AuthUser) : undefined;
      if (!store || key === undefined || caller === undefined) return run();
      return runOnce(
        store,
        caller.userId,
        key,
        IdempotencyStore.fingerprint(endpoint.id, withoutCacheBuster(raw)),
        run,
        {
          translator,
          request,
          reply,
        },
      );
    },
  });
}

/**
 * A call with an Idempotency-Key: the first runs and its answer is kept (a success, stored by its
 * booking in the same transaction; or a refusal the client caused, stored after it); a repeat gets
 * the kept answer, marked `idempotent-replayed`, and so does a duplicate that ran at the same time
 * and lost. A failure of the server's own (500) booked nothing and is not kept: the client may retry.
 */
async function runOnce(
  store: IdempotencyStore,
  userId: number,
  key: string,
  fingerprint: string,
  run: () => Promise<Envelope<unknown> | FastifyReply>,
  ctx: { translator: Translator; request: FastifyRequest; reply: FastifyReply },
): Promise<Envelope<unknown> | FastifyReply> {
  const replay = (statusCode: number, body: string) =>
    ctx.reply
      .status(statusCode)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(body);
  const claim = await store.claim(userId, key, fingerprint);
  if (claim.kind === 'replay') return replay(claim.statusCode, claim.body);
  const seal = (data: unknown) => JSON.stringify(okEnvelope(ctx.translator, ctx.request, data));
  try {
    const { value: envelope, recorded } = await store.run({ userId, key, fingerprint, seal }, run);
    if (recorded !== null) {
      failpoint('idempotency.answer-committed');
      // Sent exactly as stored with the booking, so a retry's replay is the same answer.
      return ctx.reply.status(200).type('application/json; charset=utf-8').send(recorded);
    }
    // Nothing was booked with it (a call whose handler books in no transaction of its own).
    if (!(await store.store(userId, key, fingerprint, 200, JSON.stringify(envelope)))) {
      const again = await store.claim(userId, key, fingerprint);
      if (again.kind === 'replay') return replay(again.statusCode, again.body);
    }
    return envelope;
  } catch (error) {
    if (error instanceof IdempotencyConflict) {
      const first = await store.claim(userId, key, fingerprint);
      if (first.kind === 'replay') return replay(first.statusCode, first.body);
      throw new Error('an Idempotency-Key conflicted with an answer that is not there');
    }
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const body = errorEnvelope(ctx.translator, ctx.request, refusal.key, refusal.params, refusal.data);
    if (!(await store.store(userId, key, fingerprint, refusal.status, JSON.stringify(body)))) {
      // A duplicate sent at the same time booked first: its answer is the one kept.
      const first = await store.claim(userId, key, fingerprint);
      if (first.kind === 'replay') return replay(first.statusCode, first.body);
    }
    throw error;
  }
}

/** The catalogue refusal an error stands for when the client caused it (kept for a replay), else null. */
function refusalOf(error: unknown): AppError | null {
  if (isAppError(error)) return error.status < 500 ? error : null;
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return new AppError('validation_failed', validationParams(issues), issues);
  }
  return null;
}

/**
 * The payload the request schema parses: the query (GET) or the body (form-encoded or JSON), with
 * path parameters (`:key`) merged in; a multipart call's file is read by its handler.
 */
function rawInput(request: FastifyRequest, encoding: RequestEncoding): unknown {
  const params = request.params as Record<string, string> | undefined;
  const source = encoding === 'query' ? request.query : encoding === 'form' ? request.body : undefined;
  if (!params || Object.keys(params).length === 0) return source ?? {};
  const base = typeof source === 'object' && source !== null ? source : {};
  return { ...base, ...params };
}

/** A drifted response is the server's bug: it fails loudly (500 and a log line naming the fields). */
function checkResponse(endpoint: Endpoint, data: unknown): void {
  const result = endpoint.response.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`response of ${endpoint.id} drifted from its schema: ${fields.join('; ')}`);
  }
}

export type { AuthUser };

/**
 * The request as a retry must repeat it: the web client adds `t` (a cache-buster, spec section 2)
 * to every GET, so a retried GET differs in it alone and must still be the same request.
 */
function withoutCacheBuster(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !('t' in raw)) return raw;
  const { t: _cacheBuster, ...rest } = raw as Record<string, unknown>;
  return rest;
}
