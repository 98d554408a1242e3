import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Query parameters that work as credentials and so never reach a log: `demo_id` logs a demo
 * account in (whoever reads it can open that account), `sig` opens a picture for an hour, and a
 * `token` or `password` should never be in a URL but would be worse in a log if a client put one there.
 */
const SECRET_PARAMS = ['demo_id', 'token', 'password', 'sig'];

export const REDACTED = '[redacted]';

/** A character as written or percent-encoded any number of times (`%3D`, `%253D`, ...). */
const encoded = (hex: string) => `%(?:25)*${hex}`;
/** The name, however its underscore is written (`demo_id`, `demo%5Fid`). */
const NAME = SECRET_PARAMS.map((n) => n.replaceAll('_', `(?:_|${encoded('5F')})`)).join('|');
/** What may stand before a parameter: the start, `?`, `&`, `;`, `#`, a space or a quote, plain or encoded. */
const BEFORE = `(^|[?&;#\\s"'(,]|${['3F', '26', '23', '20', '22'].map(encoded).join('|')})`;
/** A value runs to the next `&`, `#`, space, quote or bracket, plain or encoded. */
const VALUE = `(?:(?!${['26', '23', '20', '22', '27'].map(encoded).join('|')})[^&#\\s"'<>\\\\])+`;
const SECRET = new RegExp(`${BEFORE}(${NAME})(=|${encoded('3D')})${VALUE}`, 'gi');

/**
 * `text` with the value of every secret parameter replaced by `[redacted]`, wherever it stands: in
 * a URL's query, in a URL carried inside another parameter (`proofImg=/api/common/image/k%3Fexp%3D1%26sig%3D…`,
 * encoded once or more), in an error message or a logged header or body.
 */
export function redactSecrets(text: string): string {
  return text.replace(
    SECRET,
    (_match, before: string, name: string, equals: string) => `${before}${name}${equals}${REDACTED}`,
  );
}

/** The URL with the value of every secret query parameter (nested ones included) redacted. */
export function redactUrl(url: string): string {
  return redactSecrets(url);
}

/** The access log's `req`: Fastify's default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer, with the message and stack redacted (a bad URL's error quotes the URL). */
export function serializeError(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  return {
    ...serialized,
    message: redactSecrets(serialized.message),
    stack: redactSecrets(serialized.stack),
  };
}

/**
 * The log's destination, redacting every line before it is written: the serializers cover the
 * request and errors, and this covers whatever else a feature logs (a header, a body, a message
 * with a URL in it). A JSON line keeps its shape: the marker holds no character JSON escapes.
 */
export function redactingStream(
  destination: { write(line: string): unknown } = pino.destination({ dest: 1, sync: true }),
): { write(line: string): void } {
  return {
    write(line: string) {
      destination.write(redactSecrets(line));
    },
  };
}
