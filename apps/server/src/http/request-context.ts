import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANG, type Lang, normalizeLang } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language from the `lang` header (`tw` → hk, unknown → en). */
    lang: Lang;
  }
}

/** A caller's id is kept only when it is short and plain, so it cannot forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Language and request id, set before anything else can fail so even errors are translated. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = normalizeLang(request.headers.lang);
    reply.header('x-request-id', request.id);
  });
}
