import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test/harness.js';

describe('web app, built', () => {
  const dist = mkdtempSync(join(tmpdir(), 'meridian-web-'));
  let t: TestServer;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Meridian</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
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
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await fetch(`${t.baseUrl}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('answers a browser asking for an unknown page with the app, and API misses with envelopes', async () => {
    const page = await fetch(`${t.baseUrl}/some/page`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
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
