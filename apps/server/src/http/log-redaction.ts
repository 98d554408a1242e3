import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that work as credentials and so never reach a log: `demo_id` logs a demo
 * account in (whoever reads it can open that account), `sig` opens a picture for an hour, and a
 * `token` or `password` should never be in a URL but would be worse in a log if a client put one there.
 */
const SECRET_PARAMS = new Set(['demo_id', 'token', 'password', 'sig']);

function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = (eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=')[0]}=[redacted]` : pair))
    .join('&');
  return `${url.slice(0, q)}?${query}`;
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
