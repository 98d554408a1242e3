import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import { ENDPOINT_LIST } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi, type OpenApiDocument } from './openapi.js';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
const DOCS_ASSETS = '/docs/assets/';
/** The only files of swagger-ui-dist the page loads; nothing else of the package is served. */
const DOCS_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Meridian API reference</title>
<link rel="stylesheet" href="${DOCS_ASSETS}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS}swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the CSP allows scripts from 'self' only.
const INIT = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * `/openapi.json` (generated from the endpoint table once, at start) and a reference page at
 * `/docs` (Swagger UI, served from the installed package: no CDN).
 */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<OpenApiDocument> {
  const document = buildOpenApi(ENDPOINT_LIST, version);
  const body = JSON.stringify(document);
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
  app.get(DOCS_PATH, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE),
  );
  app.get(`${DOCS_PATH}/init.js`, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT),
  );
  const require = createRequire(import.meta.url);
  const root = (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
  await app.register(fastifyStatic, {
    root,
    prefix: DOCS_ASSETS,
    decorateReply: false,
    wildcard: true,
    allowedPath: (pathName) => DOCS_FILES.has(pathName.replace(/^\//, '')),
  });
  return document;
}
