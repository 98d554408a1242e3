import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineEndpoints, ERRORS, NoData, NoInput, visitorRoute } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Feature } from '../app-context.js';
import { DEFAULT_LOCALES_DIR } from '../i18n/translator.js';
import { call, startTestServer, type TestServer } from '../test/harness.js';
import { AppError } from './app-error.js';
import { defineRoute } from './route.js';
import { SECURITY_HEADERS } from './security.js';

const Echo = z.object({ name: z.string().min(1), lots: z.coerce.number<number>().positive() });
const EchoAnswer = z.object({ name: z.string(), lots: z.number() });
const Page = z.object({ page: z.coerce.number<number>().int().min(1) });
const PageAnswer = z.object({ page: z.number(), keys: z.array(z.string()) });
const probeRoutes = {
  echo: visitorRoute<typeof Echo, typeof EchoAnswer>('POST', '/api/test/echo'),
  query: visitorRoute<typeof Page, typeof PageAnswer>('GET', '/api/test/query'),
  appError: visitorRoute<typeof NoInput, typeof NoData>('GET', '/api/test/app-error'),
  boom: visitorRoute<typeof NoInput, typeof NoData>('GET', '/api/test/boom'),
};
const probeEndpoints = defineEndpoints('probes', probeRoutes, {
  echo: { request: Echo, response: EchoAnswer, errors: [], summary: 'echo' },
  query: { request: Page, response: PageAnswer, errors: [], summary: 'query' },
  appError: { request: NoInput, response: NoData, errors: ['lots_off_step'], summary: 'fails' },
  boom: { request: NoInput, response: NoData, errors: [], summary: 'crashes' },
});

/** Probe routes that exercise the envelope machinery the way features use it. */
const probes: Feature = {
  name: 'probes',
  register: (ctx) => {
    defineRoute(ctx, probeEndpoints.echo, ({ input }) => ({ name: input.name, lots: input.lots }));
    defineRoute(ctx, probeEndpoints.query, ({ input }) => ({ page: input.page, keys: Object.keys(input) }));
    defineRoute(ctx, probeEndpoints.appError, () => {
      throw new AppError('lots_off_step', { step: '0.01' }, { step: '0.01' });
    });
    defineRoute(ctx, probeEndpoints.boom, () => {
      throw new Error('secret internal detail at /etc/passwd');
    });
  },
};

let t: TestServer;
const localesDir = mkdtempSync(join(tmpdir(), 'meridian-http-locales-'));

beforeAll(async () => {
  // Fixed message files: the real translations are written by others and change under us.
  cpSync(join(DEFAULT_LOCALES_DIR, 'en.json'), join(localesDir, 'en.json'));
  writeFileSync(join(localesDir, 'fr.json'), JSON.stringify({ ok: 'Succès', not_found: 'Introuvable.' }));
  writeFileSync(join(localesDir, 'hk.json'), JSON.stringify({ ok: '成功', not_found: '找不到資源。' }));
  writeFileSync(
    join(localesDir, 'de.json'),
    JSON.stringify({ ok: 'Erfolg', lots_off_step: 'Die Lotgröße muss ein Vielfaches von {{step}} sein.' }),
  );
  t = await startTestServer({
    env: { BODY_LIMIT_BYTES: '2048' },
    overrides: { extraFeatures: [probes], localesDir },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(localesDir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('envelope', () => {
  it('wraps success as code 1 with a translated "ok"', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', json({ name: 'Ann', lots: 0.5 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, msg: 'Success', data: { name: 'Ann', lots: 0.5 } });
  });

  it('accepts form-encoded bodies as well as JSON', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Bob&lots=2',
    });
    expect(res.body).toEqual({ code: 1, msg: 'Success', data: { name: 'Bob', lots: 2 } });
  });

  it('answers unknown API routes with not_found', async () => {
    const res = await call(t.baseUrl, '/api/nothing/here?t=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: ERRORS.not_found.code,
      msg: 'The requested resource was not found.',
      data: null,
    });
  });

  it('answers malformed JSON with bad_request', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ann",',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.bad_request.code);
    expect(res.body.data).toBeNull();
  });

  it('answers an oversized body with payload_too_large', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', json({ name: 'x'.repeat(5000), lots: 1 }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ERRORS.payload_too_large.code);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(ERRORS.unsupported_media_type.code);
  });

  it('lists the offending fields of a validation failure', async () => {
    const res = await call(t.baseUrl, '/api/test/echo', json({ name: '', lots: 'many' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.validation_failed.code);
    expect(res.body.msg).toBe('Some fields are missing or invalid: name, lots');
    const fields = (res.body.data as Array<{ field: string; message: string }>).map((i) => i.field);
    expect(fields).toEqual(['name', 'lots']);
  });

  it("words each field's problem in the caller's language, as it does the message", async () => {
    const bad = { name: '', lots: 'many' };
    const en = await call(t.baseUrl, '/api/test/echo', json(bad));
    const de = await call(t.baseUrl, '/api/test/echo', json(bad, { lang: 'de' }));
    const ar = await call(t.baseUrl, '/api/test/echo', json(bad, { lang: 'ar' }));
    const messages = (body: { data: unknown }) =>
      (body.data as Array<{ field: string; message: string }>).map((i) => i.message);
    expect(messages(en.body)).toEqual([
      'Too small: expected string to have >=1 characters',
      expect.any(String),
    ]);
    expect([de.body.code, ar.body.code]).toEqual([
      ERRORS.validation_failed.code,
      ERRORS.validation_failed.code,
    ]);
    // zod's German and Arabic wording, not its English.
    expect(messages(de.body)[0]).toMatch(/^Zu klein/);
    expect(messages(ar.body)[0]).toMatch(/[\u0600-\u06FF]/);
    for (const message of [...messages(de.body), ...messages(ar.body)])
      expect(message).not.toMatch(/expected/);
  });

  it('validates query parameters and ignores the t cache-buster', async () => {
    const ok = await call(t.baseUrl, '/api/test/query?page=3&t=1712345678901');
    expect(ok.body).toEqual({ code: 1, msg: 'Success', data: { page: 3, keys: ['page'] } });
    const bad = await call(t.baseUrl, '/api/test/query?page=zero&t=1');
    expect(bad.body.code).toBe(ERRORS.validation_failed.code);
  });

  it('answers a typed AppError with its catalogue code, status, params and data', async () => {
    const res = await call(t.baseUrl, '/api/test/app-error');
    expect(res.status).toBe(ERRORS.lots_off_step.status);
    expect(res.body).toEqual({
      code: ERRORS.lots_off_step.code,
      msg: 'The lot size must be a multiple of 0.01.',
      data: { step: '0.01' },
    });
  });

  it('hides unexpected failures behind internal, with no stack or detail', async () => {
    const res = await call(t.baseUrl, '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe(ERRORS.internal.code);
    expect(JSON.stringify(res.body)).not.toMatch(/passwd|secret|at /);
  });
});

describe('translation', () => {
  const get = (path: string, lang: string) => call(t.baseUrl, path, { headers: { lang } });

  it('translates msg by the lang header', async () => {
    expect((await get('/api/default/setting?key=kefu_link', 'fr')).body.msg).toBe('Succès');
    expect((await get('/api/nope', 'fr')).body.msg).toBe('Introuvable.');
    expect((await get('/api/test/app-error', 'de')).body.msg).toBe(
      'Die Lotgröße muss ein Vielfaches von 0.01 sein.',
    );
  });

  it('serves tw as hk', async () => {
    expect((await get('/api/nope', 'tw')).body.msg).toBe('找不到資源。');
    expect((await get('/api/nope', 'HK')).body.msg).toBe('找不到資源。');
  });

  it('falls back to English for a missing key, a missing file and an unknown language', async () => {
    expect((await get('/api/test/app-error', 'fr')).body.msg).toBe(
      'The lot size must be a multiple of 0.01.',
    );
    expect((await get('/api/nope', 'jp')).body.msg).toBe('The requested resource was not found.');
    expect((await get('/api/nope', 'klingon')).body.msg).toBe('The requested resource was not found.');
  });
});

describe('request metadata', () => {
  it('echoes a given x-request-id and makes one up otherwise', async () => {
    const given = await fetch(`${t.baseUrl}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await fetch(`${t.baseUrl}/healthz`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await fetch(`${t.baseUrl}/healthz`, {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(forged.headers.get('x-request-id')).not.toBe('bad id\twith spaces');
  });

  it('keeps the request id on errors too', async () => {
    const res = await fetch(`${t.baseUrl}/api/nope`, { headers: { 'x-request-id': 'err-1' } });
    expect(res.headers.get('x-request-id')).toBe('err-1');
  });

  it('sends security headers with a CSP fit for the app', async () => {
    const res = await fetch(`${t.baseUrl}/api/default/area_list`);
    // Read to the end: an unread body keeps its connection busy (the client cannot reuse it).
    await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('sends the whole security header set on failures too (404, malformed body)', async () => {
    const notFound = await fetch(`${t.baseUrl}/api/nope`);
    const malformed = await fetch(`${t.baseUrl}/api/default/area_list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    for (const res of [notFound, malformed]) {
      await res.text();
      expect(res.status).toBeGreaterThanOrEqual(400);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
    }
  });
});
