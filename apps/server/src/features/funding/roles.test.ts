import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredRoute, registeredRoutes } from '../../http/route.js';
import type { TestServer } from '../../test/harness.js';
import { PROTECTED_ROUTES } from '../identity/protected-routes.js';
import { demoLogin } from '../identity/testing/client.js';
import { get, post, startFundingServer } from './testing/harness.js';

/** Every trader route of funding, kyc and uploads: all for real accounts only (spec section 6). */
const FUNDING_ROUTES = [
  'POST /api/common/image_upload',
  'POST /api/user_real/real_name',
  'GET /api/user_real/center',
  'GET /api/quickCharge/symbols',
  'GET /api/quickCharge/info',
  'GET /api/quickCharge/wire_info',
  'GET /api/quickCharge/submit',
  'POST /api/quickCharge/submit',
  'GET /api/quickCharge/wire_submit',
  'POST /api/quickCharge/wire_submit',
  'GET /api/quickCharge/quick_ist',
  'GET /api/account/draw_symbol_list',
  'POST /api/account/draw',
  'GET /api/account/draw_list',
  'GET /api/wallet/get_draw_method',
  'POST /api/wallet/bind_draw_method',
  'POST /api/wallet/del_draw_method',
];
/** The picture link: open, because an <img> cannot send a session (the handler checks the signature). */
const VISITOR_ROUTES = ['GET /api/common/image/:key'];
/**
 * The operator's review queues and pictures (the staff routes under /api/admin): a staff session
 * (x-staff-token) or the scoped automation token (x-admin-token), never a trader's session.
 */
const STAFF_ROUTES = [
  'GET /api/admin/deposits',
  'POST /api/admin/deposits/approve',
  'POST /api/admin/deposits/reject',
  'POST /api/admin/deposits/invalid',
  'GET /api/admin/withdrawals',
  'POST /api/admin/withdrawals/approve',
  'POST /api/admin/withdrawals/paid',
  'POST /api/admin/withdrawals/reject',
  'GET /api/admin/kyc',
  'POST /api/admin/kyc/approve',
  'POST /api/admin/kyc/reject',
  'GET /api/admin/uploads/:key',
];
/** The staff sign-in: open, as it is how a staff session begins. */
const STAFF_SIGN_IN = ['POST /api/staff/login', 'POST /api/staff/setup'];
const TAGS = ['funding', 'kyc', 'uploads', 'staff'];
/** The back office's own desks (/api/staff/...) grow apart from funding: they are checked by rule below. */
const isReviewQueue = (r: RegisteredRoute) => r.endpoint.tag !== 'staff' || r.path.startsWith('/api/admin/');
const describeRoute = (r: RegisteredRoute) =>
  `${r.method} ${r.path} ${r.auth}${r.endpoint.route.automation ? ' automation' : ''}`;

let t: TestServer;
beforeAll(async () => {
  t = await startFundingServer();
});
afterAll(async () => {
  await t?.close();
});

const send = (route: string, token: string) => {
  const [method = '', url = ''] = route.split(' ');
  return method === 'GET' ? get(t.baseUrl, url, {}, { token }) : post(t.baseUrl, url, {}, { token });
};

describe('funding routes and roles', () => {
  it('declares exactly these routes from the endpoint table: traders real-only, the operator staff', () => {
    const tagged = registeredRoutes(t.server.app).filter((r) => TAGS.includes(r.endpoint.tag));
    const declared = tagged.filter(isReviewQueue).map(describeRoute);
    expect(declared.sort()).toEqual(
      [
        ...FUNDING_ROUTES.map((r) => `${r} real`),
        ...VISITOR_ROUTES.map((r) => `${r} visitor`),
        ...STAFF_ROUTES.map((r) => `${r} staff automation`),
      ].sort(),
    );
    // The rest of the back office: staff sessions only (the automation token never), bar the sign-in.
    const desks = tagged.filter((r) => !isReviewQueue(r));
    expect(desks.map((r) => r.path)).toContain('/api/staff/members/create');
    for (const r of desks) {
      const route = `${r.method} ${r.path}`;
      expect(describeRoute(r), route).toBe(`${route} ${STAFF_SIGN_IN.includes(route) ? 'visitor' : 'staff'}`);
    }
    expect(STAFF_SIGN_IN.filter((route) => !desks.some((r) => `${r.method} ${r.path}` === route))).toEqual(
      [],
    );
  });

  it('lists them in the shared PROTECTED_ROUTES table, as real-only', () => {
    const table = new Map(PROTECTED_ROUTES.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const route of FUNDING_ROUTES) expect(table.get(route), route).toBe('real');
  });

  it('answers 999 to visitors and only_real_account to demo accounts', async () => {
    const demo = await demoLogin(t.baseUrl);
    for (const route of FUNDING_ROUTES) {
      for (const token of ['', 'A'.repeat(43)]) {
        const res = await send(route, token);
        expect(res.body.code, route).toBe(999);
        expect(res.status).toBe(401);
      }
      const res = await send(route, demo.token);
      expect(res.body.code, route).toBe(ERRORS.only_real_account.code);
      expect(res.status).toBe(403);
    }
  });
});
