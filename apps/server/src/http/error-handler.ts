import type { ErrorKey, ValidationIssue } from '@meridian/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Translator } from '../i18n/translator.js';
import { isAppError } from './app-error.js';
import { sendError } from './envelope.js';

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
