import type { FastifyInstance } from 'fastify';
import { isApiPath, isHashedSubresource } from './web-app.js';

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

/**
 * What a hashed script or stylesheet keeps. The rest of SECURITY_HEADERS governs documents (the
 * CSP, framing, COOP, HSTS, the legacy IE and Flash switches): on a script they are ignored, yet
 * they were about 600 of the 1,100 header bytes of each of the twenty files a phone loads for `/`.
 * `nosniff` makes the browser refuse a script or stylesheet of the wrong type; CORP keeps other
 * sites from embedding the files; the referrer policy holds for the requests a module makes.
 */
export const SUBRESOURCE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': SECURITY_HEADERS['cross-origin-resource-policy'] as string,
  'referrer-policy': SECURITY_HEADERS['referrer-policy'] as string,
  'x-content-type-options': SECURITY_HEADERS['x-content-type-options'] as string,
});

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // onRequest, so every answer carries them: API envelopes, errors, 404s, static files; the
  // hashed scripts and stylesheets only those that apply to them. By the route, which is known
  // here: a built file is a route of its own, and a missing one (the 404 envelope) has none, so
  // it gets the full set like any other failure.
  app.addHook('onRequest', (request, reply, done) => {
    const file = request.routeOptions.url;
    reply.headers(file !== undefined && isHashedSubresource(file) ? SUBRESOURCE_HEADERS : SECURITY_HEADERS);
    // API answers are account data (balances, orders, the ledger, pictures' links) or live prices:
    // no browser or proxy cache may keep them. A route that may be cached says so itself (a
    // picture: private, one hour), which replaces this.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
