import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test/harness.js';
import { rawGet } from '../test/raw-http.js';
import { SECURITY_HEADERS, SUBRESOURCE_HEADERS } from './security.js';

/** Big enough that precompressing it is worth it. */
const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
// The highest levels, as the build uses: the server compresses on the fly at lower ones, so the
// bytes tell the precompressed file from a fresh compression.
const BUNDLE_BR = brotliCompressSync(APP_JS);
const BUNDLE_GZ = gzipSync(APP_JS, { level: 9 });

describe('web app, built', () => {
  const dist = mkdtempSync(join(tmpdir(), 'meridian-web-'));
  let t: TestServer;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Meridian</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What apps/web/scripts/precompress.mjs writes beside each file at build.
    const bundle = join(dist, 'assets', 'vendor-def456.js');
    writeFileSync(bundle, APP_JS);
    writeFileSync(`${bundle}.br`, BUNDLE_BR);
    writeFileSync(`${bundle}.gz`, BUNDLE_GZ);
    t = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Meridian</title>');
    // Revalidated by its ETag alone: no Last-Modified (nor Accept-Ranges) on any file.
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(res.headers.get('last-modified')).toBeNull();
    expect(res.headers.get('accept-ranges')).toBeNull();
    // Raw: fetch() turns a request with If-None-Match into a reload (Cache-Control: no-cache).
    const again = await rawGet(`${t.baseUrl}/`, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await fetch(`${t.baseUrl}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('sends the precompressed file the browser accepts, with the original type and the long cache', async () => {
    const url = `${t.baseUrl}/assets/vendor-def456.js`;
    for (const [accept, encoding, file] of [
      ['gzip, deflate, br', 'br', BUNDLE_BR],
      ['gzip', 'gzip', BUNDLE_GZ],
    ] as const) {
      const res = await rawGet(url, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The file written at build, byte for byte: not compressed again on the fly.
      expect(res.body.equals(file)).toBe(true);
    }
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(APP_JS);
  });

  it('lets the page load its service worker and web manifest from here (CSP)', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('sends the page-level security headers with documents, and hashed scripts and styles only what applies to them', async () => {
    const documents = [
      await fetch(`${t.baseUrl}/`),
      await fetch(`${t.baseUrl}/some/page`, { headers: { accept: 'text/html' } }),
      // An SVG opened on its own is a document that can run script.
      await fetch(`${t.baseUrl}/favicon.svg`),
      // A missing asset is an envelope, as any failure.
      await fetch(`${t.baseUrl}/assets/missing.js`),
    ];
    for (const res of documents) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers.get(name), res.url).toBe(value);
    }
    for (const path of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/assets/vendor-def456.js']) {
      const res = await rawGet(`${t.baseUrl}${path}`, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      for (const [name, value] of Object.entries(SUBRESOURCE_HEADERS))
        expect(res.headers[name], path).toBe(value);
      for (const name of Object.keys(SECURITY_HEADERS)) {
        if (!(name in SUBRESOURCE_HEADERS)) expect(res.headers[name], `${path} ${name}`).toBeUndefined();
      }
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Never revalidated, never traced: no ETag, no request id.
      expect(res.headers.etag, path).toBeUndefined();
      expect(res.headers['x-request-id'], path).toBeUndefined();
    }
  });

  it('sends a browser asking for a page by its path to the app at that route, and API misses get envelopes', async () => {
    // The app routes on the hash: /login and /trade?lang=jp open /#/login and /#/trade?lang=jp.
    for (const path of ['/login', '/trade?lang=jp', '/some/page', '//elsewhere.example/x']) {
      const moved = await fetch(`${t.baseUrl}${path}`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect(moved.status, path).toBe(302);
      expect(moved.headers.get('location'), path).toBe(`/#${path}`);
      await moved.arrayBuffer();
    }
    const page = await fetch(`${t.baseUrl}/some/page`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(new URL(page.url).pathname).toBe('/');
    expect(await page.text()).toContain('<div id="root">');
    const api = await call(t.baseUrl, '/api/missing', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(ERRORS.not_found.code);
    const asset = await call(t.baseUrl, '/assets/missing.js');
    expect(asset.body.code).toBe(ERRORS.not_found.code);
  });
});

describe('web app, not built', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers / with an envelope that explains, and keeps the API running', async () => {
    const res = await call(t.baseUrl, '/');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.msg).toMatch(/not been built/);
    expect((await call(t.baseUrl, '/healthz')).body.code).toBe(1);
  });
});
