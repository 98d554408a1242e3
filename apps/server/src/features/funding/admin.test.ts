import { ERRORS, type Route, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { readBalance } from '../accounts/ledger.js';
import {
  ADMIN_TOKEN,
  admin,
  adminGet,
  get,
  post,
  type Registered,
  type Reply,
  registerTrader,
  startFundingServer,
  uploadPicture,
} from './testing/harness.js';

/**
 * Every operator route the automation token may call; each one decides money or identity, or
 * shows what traders sent.
 */
const DECISIONS = [
  '/api/admin/deposits/approve',
  '/api/admin/deposits/reject',
  '/api/admin/deposits/invalid',
  '/api/admin/withdrawals/approve',
  '/api/admin/withdrawals/paid',
  '/api/admin/withdrawals/reject',
  '/api/admin/kyc/approve',
  '/api/admin/kyc/reject',
];
const LISTS = ['/api/admin/deposits', '/api/admin/withdrawals', '/api/admin/kyc'];
/** The staff routes outside the automation token's scope (the console's own calls), from the contract. */
const CONSOLE_ONLY: readonly Route[] = Object.values(routes).filter(
  (r: Route) => r.auth === 'staff' && !r.automation,
);

let t: TestServer;
let trader: Registered;
let depositId: number;

async function wireDeposit(u: Registered, number = '1000'): Promise<number> {
  const proofImg = await uploadPicture(t.baseUrl, u.token);
  const res = await get(
    t.baseUrl,
    '/api/quickCharge/wire_submit',
    { number, proofImg, wire_id: 1 },
    { token: u.token },
  );
  expect(res.body.code, res.body.msg).toBe(1);
  return (res.body.data as { id: number }).id;
}

function expectRefused(res: Reply, key: 'forbidden' | 'staff_session_expired', label: string): void {
  expect(res.body.code, label).toBe(ERRORS[key].code);
  expect(res.status, label).toBe(ERRORS[key].status);
}

beforeAll(async () => {
  t = await startFundingServer();
  trader = await registerTrader(t.baseUrl);
  depositId = await wireDeposit(trader);
});
afterAll(async () => {
  await t?.close();
});

describe('the admin API', () => {
  it("refuses a trader's session token wherever they put it, and any wrong token", async () => {
    const form = { id: depositId, operator: 'me', reason: 'because', reference: 'TX-1' };
    for (const path of DECISIONS) {
      // No automation header: only a staff session counts, and a trader's token (or the automation
      // token itself) is none.
      const noSession = [
        post(t.baseUrl, path, form, { token: trader.token }),
        post(t.baseUrl, path, form, { headers: { 'x-staff-token': trader.token } }),
        post(t.baseUrl, path, form, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
        post(t.baseUrl, path, form, { headers: { 'x-staff-token': ADMIN_TOKEN } }),
        post(t.baseUrl, path, form, {}),
      ];
      for (const res of await Promise.all(noSession)) expectRefused(res, 'staff_session_expired', path);
      // The automation header with anything but the token: forbidden.
      const wrongToken = [
        post(t.baseUrl, path, form, { token: trader.token, headers: { 'x-admin-token': trader.token } }),
        post(t.baseUrl, path, form, { headers: { 'x-admin-token': `${ADMIN_TOKEN}x` } }),
        post(t.baseUrl, path, form, { headers: { 'x-admin-token': ADMIN_TOKEN.slice(0, -1) } }),
        post(t.baseUrl, path, form, { headers: { 'x-admin-token': '' } }),
      ];
      for (const res of await Promise.all(wrongToken)) expectRefused(res, 'forbidden', path);
    }
    for (const path of LISTS) {
      expectRefused(await get(t.baseUrl, path, {}, { token: trader.token }), 'staff_session_expired', path);
      expectRefused(
        await get(t.baseUrl, path, {}, { headers: { 'x-admin-token': trader.token } }),
        'forbidden',
        path,
      );
    }
    // Nothing moved: the deposit still waits and the balance is still zero.
    expect(await readBalance(t.server.ctx.db.kysely, trader.user.id)).toEqual({
      balanceMicros: 0,
      frozenMicros: 0,
    });
    const pending = await adminGet(t.baseUrl, '/api/admin/deposits', { status: 0 });
    expect((pending.body.data as { list: Array<{ id: number }> }).list.map((d) => d.id)).toContain(depositId);
  });

  it('checks the caller before reading the request, and records the operator the token names', async () => {
    // A refused caller learns nothing about the form: the caller is refused, not the fields.
    expectRefused(
      await post(t.baseUrl, '/api/admin/deposits/approve', { nonsense: 1 }, { token: trader.token }),
      'staff_session_expired',
      'trader',
    );
    expectRefused(
      await admin(t.baseUrl, '/api/admin/deposits/approve', { nonsense: 1 }, `${ADMIN_TOKEN}x`),
      'forbidden',
      'wrong token',
    );
    // The right token gets as far as the form.
    expect((await admin(t.baseUrl, '/api/admin/deposits/approve', { nonsense: 1 })).body.code).toBe(
      ERRORS.validation_failed.code,
    );

    // The operator is optional: unnamed, the decision is the token's.
    const unnamed = await admin(t.baseUrl, '/api/admin/deposits/approve', { id: depositId });
    expect(unnamed.body.code, unnamed.body.msg).toBe(1);
    expect(unnamed.body.data).toMatchObject({ id: depositId, status: 1, decided_by: 'automation:token' });

    const named = await admin(t.baseUrl, '/api/admin/deposits/approve', {
      id: await wireDeposit(trader),
      operator: 'ops',
    });
    expect(named.body.code, named.body.msg).toBe(1);
    expect(named.body.data).toMatchObject({ status: 1, decided_by: 'automation:ops' });

    // The longest operator name the form takes: what is recorded is cut to 64 characters.
    const longest = 'o'.repeat(64);
    const long = await admin(t.baseUrl, '/api/admin/deposits/approve', {
      id: await wireDeposit(trader),
      operator: longest,
    });
    expect(long.body.code, long.body.msg).toBe(1);
    expect((long.body.data as { decided_by: string }).decided_by).toBe(`automation:${longest}`.slice(0, 64));
    expect(
      (await admin(t.baseUrl, '/api/admin/deposits/approve', { id: depositId, operator: `${longest}o` })).body
        .code,
    ).toBe(ERRORS.validation_failed.code);

    expect(await readBalance(t.server.ctx.db.kysely, trader.user.id)).toEqual({
      balanceMicros: 3_000_000_000,
      frozenMicros: 0,
    });
  });

  it('opens nothing on a server without ADMIN_TOKEN, and never a route outside its scope', async () => {
    const bare = await startFundingServer(null);
    try {
      // The staff routes exist (for staff sessions); the automation header opens none of them.
      for (const path of DECISIONS) {
        const withToken = await post(
          bare.baseUrl,
          path,
          { id: 1, operator: 'x', reason: 'r', reference: 'TX-1' },
          { headers: { 'x-admin-token': ADMIN_TOKEN } },
        );
        expectRefused(withToken, 'forbidden', path);
        expectRefused(await post(bare.baseUrl, path, { id: 1 }), 'staff_session_expired', path);
      }
      for (const path of [...LISTS, `/api/admin/uploads/${'A'.repeat(43)}`]) {
        for (const token of ['', ADMIN_TOKEN]) {
          const res = await get(bare.baseUrl, path, {}, { headers: { 'x-admin-token': token } });
          expectRefused(res, 'forbidden', path);
        }
        expectRefused(await get(bare.baseUrl, path), 'staff_session_expired', path);
      }
    } finally {
      await bare.close();
    }

    // Where it is configured, the token still opens only the routes marked for automation.
    expect(CONSOLE_ONLY.map((r) => r.path)).toContain('/api/staff/members/create');
    for (const route of CONSOLE_ONLY) {
      const res =
        route.method === 'GET'
          ? await adminGet(t.baseUrl, route.path)
          : await admin(t.baseUrl, route.path, { id: trader.user.id });
      expectRefused(res, 'forbidden', `${route.method} ${route.path}`);
    }
  });
});
