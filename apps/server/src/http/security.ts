import type { FastifyInstance } from 'fastify';
import { isApiPath } from './web-app.js';

/**
 * CSP for an app served from its own origin: scripts only from here; inline styles because
 * antd-mobile writes style attributes; data:/blob: images for avatars, uploads and captchas;
 * `'self'` in connect-src also covers ws:/wss: to this host in current browsers; frames may load
 * https pages because the customer-service chat embeds the operator's support link.
 * `upgrade-insecure-requests` is left out so a plain-http LAN install keeps working.
 */
const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The web app's service worker (sw.js) and web manifest, both served from here.
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join(';');

/**
 * The headers @fastify/helmet sends by default (less Cross-Origin-Embedder-Policy, which would block
 * the embedded support chat), with our CSP. They never vary per request, so they are built once:
 * helmet rebuilt them and re-parsed the CSP on every request, a tenth of the server's CPU under
 * order load.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // onRequest, so every answer carries them: API envelopes, errors, 404s, static files.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // API answers are account data (balances, orders, the ledger, pictures' links) or live prices:
    // no browser or proxy cache may keep them. A route that may be cached says so itself (a
    // picture: private, one hour), which replaces this.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
