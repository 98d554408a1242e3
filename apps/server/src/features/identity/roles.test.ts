import { ERRORS, routes, TradeList } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../http/route.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type MidOf, PROTECTED_ROUTES, type ProtectedRouteCase } from './protected-routes.js';
import {
  call,
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
  expect((await call(t.baseUrl, routes.logout, {}, { token: revoked })).body.code).toBe(1);
  demo = await demoLogin(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

/** Mid prices from the public trade list, read at each call: pending prices must track the market. */
async function midPrices(): Promise<MidOf> {
  const res = await call(t.baseUrl, routes.tradeList);
  const list = TradeList.parse(res.body.data);
  return (code) => {
    const inst = list.find((i) => i.Code === code);
    if (!inst) throw new Error(`${code} is not in trade_list`);
    return (Number(inst.Bid) + Number(inst.Ask)) / 2;
  };
}

async function send(route: ProtectedRouteCase, token: string) {
  const payload =
    typeof route.payload === 'function' ? route.payload(await midPrices()) : (route.payload ?? {});
  return route.method === 'GET'
    ? get(t.baseUrl, route.url, payload, { token })
    : post(t.baseUrl, route.url, payload, { token });
}

const keyOf = (r: ProtectedRouteCase) => `${r.method} ${r.url}`;

/** Every route registered from the endpoint table that needs a session (user or real). */
function registeredProtected(): ProtectedRouteCase[] {
  return registeredRoutes(t.server.app).flatMap((r) =>
    r.auth === 'user' || r.auth === 'real' ? [{ method: r.method, url: r.path, access: r.auth }] : [],
  );
}

/** The table, plus anything registered that the table forgot (so it is exercised even then). */
function allRoutes(): ProtectedRouteCase[] {
  const listed = new Set(PROTECTED_ROUTES.map(keyOf));
  return [...PROTECTED_ROUTES, ...registeredProtected().filter((r) => !listed.has(keyOf(r)))];
}

describe('roles on the server', () => {
  it('lists every registered route needing a login in PROTECTED_ROUTES, with the same access', () => {
    const table = new Map(PROTECTED_ROUTES.map((r) => [keyOf(r), r.access]));
    const registered = registeredProtected();
    expect(registered.length).toBeGreaterThan(0);
    for (const route of registered) expect(table.get(keyOf(route)), keyOf(route)).toBe(route.access);
  });

  it('lists no route in PROTECTED_ROUTES that the server does not register', () => {
    const registered = new Set(registeredProtected().map(keyOf));
    const stale = PROTECTED_ROUTES.map(keyOf).filter((key) => !registered.has(key));
    expect(stale).toEqual([]);
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
    for (const route of allRoutes().filter((r) => r.access === 'user' && r.url !== routes.logout.path)) {
      const res = await send(route, demo.token);
      const expected = route.demoAnswer ? ERRORS[route.demoAnswer].code : 1;
      expect(res.body.code, `${route.method} ${route.url}`).toBe(expected);
    }
  });
});
