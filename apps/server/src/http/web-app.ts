import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Translator } from '../i18n/translator.js';

/** Paths that belong to the API: their unknown routes answer envelopes, never the web page. */
const API_PREFIXES = ['/api/', '/v1/', '/healthz', '/metrics'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * A hashed script or stylesheet of the web app or the console (Vite's `assets/` folder): a
 * subresource, never a document, so the page-level security headers do nothing for it.
 */
const HASHED_SUBRESOURCE = /^\/(?:admin\/)?assets\/[^?#]+\.(?:js|css)$/;

/** `path` is a route's path, without a query. */
export function isHashedSubresource(path: string): boolean {
  return HASHED_SUBRESOURCE.test(path);
}

export function webAppBuilt(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/**
 * A hashed file is cached for a year and never revalidated, so it needs neither an ETag nor the
 * request id (no one traces a request that is never repeated): about 90 bytes off each of the
 * files a phone loads at start. index.html, the worker and the manifest are revalidated (no-cache)
 * through their ETag.
 */
function setStaticHeaders(res: FastifyReply, path: string): void {
  if (path.includes(`${join('/', 'assets', '/')}`)) {
    res.header('cache-control', 'public, max-age=31536000, immutable');
    res.removeHeader('etag');
    res.removeHeader('x-request-id');
  } else {
    res.header('cache-control', 'no-cache');
  }
}

/**
 * Serves the built web app on the API's port. Vite's hashed files under assets/ never change, so
 * they are cached for a year; index.html, the service worker and the manifest must be revalidated
 * so a deploy is seen at once. The build writes `.br` and `.gz` beside every text file
 * (apps/web/scripts/precompress.mjs); `preCompressed` sends the one the browser accepts, with the
 * original's content type, `content-encoding` and `vary: accept-encoding` (the on-the-fly
 * compression of http/compression.ts then leaves it alone).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  translator: Translator,
): Promise<void> {
  if (!webAppBuilt(webDist)) {
    app.get('/', async (request) => ({
      code: 1,
      msg: translator.t(request.lang, 'web_not_built'),
      data: { web: 'not_built' },
    }));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: ['index.html'],
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // The ETag alone revalidates index.html and the worker; hashed files are never revalidated, and
    // no file is fetched in ranges. Each header left out is bytes off every file a phone loads.
    lastModified: false,
    acceptRanges: false,
    setHeaders: setStaticHeaders,
  });
}

/**
 * Serves the built operator console (apps/admin) at /admin/, with the same caching and precompressed
 * files as the web app. It is a static page: every call it makes is a staff call, checked as any other.
 */
export async function registerAdminConsole(app: FastifyInstance, adminDist: string): Promise<void> {
  if (!webAppBuilt(adminDist)) return;
  app.get('/admin', async (_request, reply) => reply.redirect('/admin/'));
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    index: ['index.html'],
    wildcard: false,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    // The ETag alone revalidates index.html and the worker; hashed files are never revalidated, and
    // no file is fetched in ranges. Each header left out is bytes off every file a phone loads.
    lastModified: false,
    acceptRanges: false,
    setHeaders: setStaticHeaders,
  });
}

/**
 * A browser asking for a page by its path (`/login`, `/trade?lang=jp`: a link typed or shared
 * without the `#`) is sent to the app at that route. The app routes on the hash (`/#/login`): served
 * the app at the path, it showed the home screen whatever the link said. The route keeps the path
 * and query as they came; an unknown one gets the app's own not-found page. The location always
 * starts with `/#`, so it never leaves this origin.
 */
export function webPageFallback(webDist: string) {
  const built = webAppBuilt(webDist);
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const wantsHtml = String(request.headers.accept ?? '').includes('text/html');
    if (!built || request.method !== 'GET' || !wantsHtml || isApiPath(request.url)) return undefined;
    return reply.header('cache-control', 'no-cache').redirect(`/#${request.url}`, 302);
  };
}
