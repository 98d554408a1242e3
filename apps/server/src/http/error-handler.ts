import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LANG, ERRORS, type ErrorKey, normalizeLang, type ValidationIssue } from '@meridian/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Translator } from '../i18n/translator.js';
import { isAppError } from './app-error.js';
import { sendError } from './envelope.js';
import { SECURITY_HEADERS } from './security.js';

/** Framework errors carry an HTTP status; these are the ones a client can cause. */
const CLIENT_STATUS_KEYS: Record<number, ErrorKey> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function zodIssues(error: ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

export function validationParams(issues: ValidationIssue[]): { fields: string } {
  return { fields: [...new Set(issues.map((i) => i.field))].join(', ') };
}

/** Every failure leaves in the envelope; nothing but the catalogue's words reaches the client. */
export interface ErrorHandlingOptions {
  /** Answers an unknown route some other way (the web page); returns undefined to decline. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

export function registerErrorHandling(
  app: FastifyInstance,
  translator: Translator,
  options: ErrorHandlingOptions = {},
): void {
  app.setNotFoundHandler(
    (request, reply) =>
      options.notFoundFallback?.(request, reply) ?? sendError(translator, request, reply, 'not_found'),
  );

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, 'server failure');
      return sendError(translator, request, reply, error.key, error.params, error.data);
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error);
      return sendError(translator, request, reply, 'validation_failed', validationParams(issues), issues);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const issues = fastifyError.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)',
        message: v.message ?? 'invalid',
      }));
      return sendError(translator, request, reply, 'validation_failed', validationParams(issues), issues);
    }
    const status = fastifyError.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(translator, request, reply, CLIENT_STATUS_KEYS[status] ?? 'bad_request');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(translator, request, reply, 'internal');
  });
}

/**
 * Fastify's `frameworkErrors`: failures its router meets before any route or hook runs (a path
 * that is not valid percent-encoding, a path parameter past its length limit). They get the same
 * envelope, language and headers as everything else instead of Fastify's own JSON.
 */
export function frameworkErrorHandler(translator: Translator) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // The onRequest hooks have not run: set what they would have.
    request.lang = normalizeLang(request.headers.lang);
    reply.headers(SECURITY_HEADERS).header('x-request-id', request.id).header('cache-control', 'no-store');
    request.log.info({ err: error }, 'malformed request');
    return sendError(translator, request, reply, 'bad_request');
  };
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request before Fastify saw it (a
 * header block past the limit, a malformed request line, a timeout). Answered on the raw socket,
 * in the envelope (in English: the headers that name the language could not be read), then closed.
 */
export function clientErrorHandler(translator: Translator) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    // A reset connection is gone; there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const key: ErrorKey = error.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : 'bad_request';
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : ERRORS[key].status;
    const body = JSON.stringify({ code: ERRORS[key].code, msg: translator.t(DEFAULT_LANG, key), data: null });
    if (socket.writable) {
      const headers = {
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'cache-control': 'no-store',
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body}`);
    }
    socket.destroy();
  };
}
