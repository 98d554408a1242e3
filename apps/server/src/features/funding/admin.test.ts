import { ERRORS } from '@meridian/contract';
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
  registerTrader,
  startFundingServer,
  uploadPicture,
} from './testing/harness.js';

/** Every operator route; each one decides money or identity, or shows what traders sent. */
const DECISIONS = [
  '/api/admin/deposits/approve',
  '/api/admin/deposits/reject',
  '/api/admin/deposits/invalid',
  '/api/admin/withdrawals/approve',
  '/api/admin/withdrawals/reject',
  '/api/admin/kyc/approve',
  '/api/admin/kyc/reject',
];
const LISTS = ['/api/admin/deposits', '/api/admin/withdrawals', '/api/admin/kyc'];

let t: TestServer;
let trader: Registered;
let depositId: number;

beforeAll(async () => {
  t = await startFundingServer();
  trader = await registerTrader(t.baseUrl);
  const proofImg = await uploadPicture(t.baseUrl, trader.token);
  const res = await get(
    t.baseUrl,
    '/api/quickCharge/wire_submit',
    { number: '1000', proofImg, wire_id: 1 },
    { token: trader.token },
  );
  depositId = (res.body.data as { id: number }).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the admin API', () => {
  it("refuses a trader's session token wherever they put it, and any wrong token", async () => {
    const form = { id: depositId, operator: 'me', reason: 'because' };
    for (const path of DECISIONS) {
      const attempts = [
        post(t.baseUrl, path, form, { token: trader.token }),
        post(t.baseUrl, path, form, { token: trader.token, headers: { 'x-admin-token': trader.token } }),
        post(t.baseUrl, path, form, { headers: { 'x-admin-token': `${ADMIN_TOKEN}x` } }),
        post(t.baseUrl, path, form, { headers: { 'x-admin-token': ADMIN_TOKEN.slice(0, -1) } }),
        post(t.baseUrl, path, form, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.body.code, path).toBe(ERRORS.forbidden.code);
        expect(res.status).toBe(403);
      }
    }
    for (const path of LISTS) {
      const res = await get(t.baseUrl, path, {}, { token: trader.token });
      expect(res.body.code, path).toBe(ERRORS.forbidden.code);
    }
    // Nothing moved: the deposit still waits and the balance is still zero.
    expect(await readBalance(t.server.ctx.db.kysely, trader.user.id)).toEqual({
      balanceMicros: 0,
      frozenMicros: 0,
    });
    const pending = await adminGet(t.baseUrl, '/api/admin/deposits', { status: 0 });
    expect((pending.body.data as { list: Array<{ id: number }> }).list.map((d) => d.id)).toContain(depositId);
  });

  it('checks the operator before reading the request, and wants an operator name', async () => {
    const res = await post(
      t.baseUrl,
      '/api/admin/deposits/approve',
      { nonsense: 1 },
      { token: trader.token },
    );
    expect(res.body.code).toBe(ERRORS.forbidden.code);
    const unnamed = await admin(t.baseUrl, '/api/admin/deposits/approve', { id: depositId });
    expect(unnamed.body.code).toBe(ERRORS.validation_failed.code);
    expect(
      (await admin(t.baseUrl, '/api/admin/deposits/approve', { id: depositId, operator: 'ops' })).body.code,
    ).toBe(1);
  });

  it('does not exist on a server without ADMIN_TOKEN', async () => {
    const bare = await startFundingServer(null);
    try {
      for (const path of DECISIONS) {
        const res = await post(
          bare.baseUrl,
          path,
          { id: 1, operator: 'x' },
          { headers: { 'x-admin-token': ADMIN_TOKEN } },
        );
        expect(res.body.code, path).toBe(ERRORS.not_found.code);
        expect(res.status).toBe(404);
      }
      for (const path of [...LISTS, `/api/admin/uploads/${'A'.repeat(43)}`]) {
        const res = await get(bare.baseUrl, path, {}, { headers: { 'x-admin-token': '' } });
        expect(res.body.code, path).toBe(ERRORS.not_found.code);
      }
    } finally {
      await bare.close();
    }
  });
});
