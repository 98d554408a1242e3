import { CODE_OK, type Envelope, ERRORS, type ErrorKey } from '@meridian/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageParams, Translator } from '../i18n/translator.js';

export function okEnvelope<T>(translator: Translator, request: FastifyRequest, data: T): Envelope<T> {
  return { code: CODE_OK, msg: translator.t(request.lang, 'ok'), data };
}

export function errorEnvelope(
  translator: Translator,
  request: FastifyRequest,
  key: ErrorKey,
  params?: MessageParams,
  data: unknown = null,
): Envelope {
  return { code: ERRORS[key].code, msg: translator.t(request.lang, key, params), data };
}

/** Sends a catalogue failure with its HTTP status; for hooks and handlers that answer directly. */
export function sendError(
  translator: Translator,
  request: FastifyRequest,
  reply: FastifyReply,
  key: ErrorKey,
  params?: MessageParams,
  data: unknown = null,
): FastifyReply {
  return reply.status(ERRORS[key].status).send(errorEnvelope(translator, request, key, params, data));
}
