import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { protectedRoutes } from './auth.js';
import { PROTECTED_ROUTES, type ProtectedRouteCase } from './protected-routes.js';
import {
  demoLogin,
  get,
  post,
  type Registered,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';

let t: TestServer;
let revoked: string;
let demo: Registered;

beforeAll(async () => {
  t = await startTestServer({ overrides: withIdentity({ captchaText: () => '23456' }) });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
  revoked = (await registerUser(t.baseUrl, 'gone@example.com')).token;
  expect((await post(t.baseUrl, '/api/user/logout', {}, { token: revoked })).body.code).toBe(1);
  demo = await demoLogin(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

function send(route: ProtectedRouteCase, token: string) {
  return route.method === 'GET'
    ? get(t.baseUrl, route.url, route.payload ?? {}, { token })
    : post(t.baseUrl, route.url, route.payload ?? {}, { token });
}

/** The table, plus anything declared with defineProtectedRoute that the table forgot. */
function allRoutes(): ProtectedRouteCase[] {
  const listed = new Set(PROTECTED_ROUTES.map((r) => `${r.method} ${r.url}`));
  const declared = protectedRoutes(t.server.app)
    .filter((r) => !listed.has(`${r.method} ${r.url}`))
    .map((r) => ({ ...r, method: r.method as ProtectedRouteCase['method'] }));
  return [...PROTECTED_ROUTES, ...declared];
}

describe('roles on the server', () => {
  it('lists every route declared protected in PROTECTED_ROUTES, with the same access', () => {
    const table = new Map(PROTECTED_ROUTES.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const route of protectedRoutes(t.server.app)) {
      expect(table.get(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(route.access);
    }
  });

  it('answers 999 to a visitor on every protected route: no token, a forged one, a revoked one', async () => {
    const tokens = { none: '', forged: 'A'.repeat(43), garbage: 'not a token', revoked };
    for (const route of allRoutes()) {
      for (const [label, token] of Object.entries(tokens)) {
        const res = await send(route, token);
        expect(res.body.code, `${route.method} ${route.url} with ${label}`).toBe(999);
        expect(res.status).toBe(401);
      }
    }
  });

  it('answers only_real_account to a demo account on every real-only route', async () => {
    const realOnly = allRoutes().filter((r) => r.access === 'real');
    expect(realOnly.length).toBeGreaterThan(0);
    for (const route of realOnly) {
      const res = await send(route, demo.token);
      expect(res.body, `${route.method} ${route.url}`).toMatchObject({
        code: ERRORS.only_real_account.code,
        msg: 'Only a real account may use this feature.',
      });
      expect(res.status).toBe(403);
    }
  });

  it('lets a demo account through on every route open to all users', async () => {
    for (const route of allRoutes().filter((r) => r.access === 'user' && r.url !== '/api/user/logout')) {
      const res = await send(route, demo.token);
      expect(res.body.code, `${route.method} ${route.url}`).toBe(1);
    }
  });
});
