import { ENDPOINT_LIST } from '@meridian/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { DOCS_PATH, OPENAPI_PATH } from './api-docs.js';
import { openApiPath } from './openapi.js';
import { everyRoute, registeredRoutes } from './route.js';

/**
 * Routes that are not REST calls of the product and so are not in the endpoint table: the API
 * reference itself, the metrics scrape, and the web app's static files.
 */
function isInfrastructure(url: string): boolean {
  return (
    url === OPENAPI_PATH ||
    url === DOCS_PATH ||
    url.startsWith(`${DOCS_PATH}/`) ||
    url === '/metrics' ||
    url === '/' ||
    url === '/*'
  );
}

describe('OpenAPI document', () => {
  let t: TestServer;
  let doc: { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };

  beforeAll(async () => {
    t = await startTestServer();
    const res = await fetch(`${t.baseUrl}${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as typeof doc;
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the server registers', () => {
    const missing: string[] = [];
    for (const { method, url } of everyRoute(t.server.app)) {
      if (isInfrastructure(url)) continue;
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
  });

  it('registers every endpoint of the table, and only from the table', () => {
    const registered = new Set(registeredRoutes(t.server.app).map((r) => r.endpoint.id));
    const notServed = ENDPOINT_LIST.filter((e) => !registered.has(e.id)).map((e) => e.id);
    expect(notServed).toEqual([]);
  });

  it('serves the reference page and its assets locally', async () => {
    const page = await fetch(`${t.baseUrl}${DOCS_PATH}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith('/')).toBe(true);
      const res = await fetch(`${t.baseUrl}${asset}`);
      expect(res.status, asset).toBe(200);
      // Read it all: an unread body keeps the connection busy and the server from closing.
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const outside = await fetch(`${t.baseUrl}${DOCS_PATH}/assets/package.json`);
    expect(outside.status).toBe(404);
    await outside.arrayBuffer();
  });
});
