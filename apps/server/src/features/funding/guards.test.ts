import { DrawCurrency, DrawMethod, ERRORS, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { call } from '../identity/testing/client.js';
import { enrolTwoFactor } from '../identity/testing/two-factor.js';
import { totpAt } from '../identity/totp.js';
import {
  admin,
  adminGet,
  type Registered,
  registerTrader,
  startFundingServer,
  TRADER_PASSWORD,
  uploadPicture,
} from './testing/harness.js';

// Money going out needs the owner, not just a session: the password (or, with two-factor
// authentication on, the app's code) to bind a payout method and to withdraw; and, with the
// default setting, an approved real-name review before any withdrawal.

const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
let t: TestServer;
let usdt: DrawCurrency;

beforeAll(async () => {
  t = await startFundingServer(undefined, { realNameGate: true });
  const probe = await registerTrader(t.baseUrl);
  const list = await call(t.baseUrl, routes.drawSymbols, { type: 1 }, { token: probe.token });
  const found = DrawCurrency.array()
    .parse(list.body.data)
    .find((c) => c.code === 'USDT' && c.protocol === 'TRC20');
  if (!found) throw new Error('no USDT/TRC20');
  usdt = found;
});
afterAll(async () => {
  await t?.close();
});

const bind = (u: Registered, proof: Record<string, string>) =>
  call(
    t.baseUrl,
    routes.bindDrawMethod,
    { type: 1, draw_id: usdt.id, dc_address: TRC20, ...proof },
    { token: u.token },
  );
const draw = (u: Registered, method: number, proof: Record<string, string>) =>
  call(
    t.baseUrl,
    routes.draw,
    { draw_currency_id: usdt.id, draw_method_id: method, number: '20', ...proof },
    { token: u.token },
  );

/** 100 USD credited the real way: a wire deposit the operator approves. */
async function fund(u: Registered): Promise<void> {
  const proofImg = await uploadPicture(t.baseUrl, u.token);
  const dep = await call(
    t.baseUrl,
    routes.wireSubmitPost,
    { number: '100', proofImg, wire_id: 1 },
    { token: u.token },
  );
  const id = (dep.body.data as { id: number }).id;
  expect((await admin(t.baseUrl, '/api/admin/deposits/approve', { id, operator: 'ops' })).body.code).toBe(1);
}

async function approveRealName(u: Registered): Promise<void> {
  const form = {
    name: 'Mei Ling Chan',
    card_id: 'K1234567',
    front_pic: await uploadPicture(t.baseUrl, u.token),
    reverse_pic: await uploadPicture(t.baseUrl, u.token),
  };
  expect((await call(t.baseUrl, routes.realName, form, { token: u.token })).body.code).toBe(1);
  const waiting = await adminGet(t.baseUrl, '/api/admin/kyc', { status: 1 });
  const id = (waiting.body.data as { list: Array<{ id: number; user_id?: number }> }).list[0]?.id ?? 0;
  expect((await admin(t.baseUrl, '/api/admin/kyc/approve', { id, operator: 'ops' })).body.code).toBe(1);
}

async function setGate(on: boolean): Promise<void> {
  await t.server.ctx.db.kysely
    .updateTable('settings')
    .set({ value: on ? '1' : '0' })
    .where('key', '=', 'withdraw_requires_real_name')
    .execute();
}

describe('binding a payout method and withdrawing need the owner', () => {
  it('take the password when two-factor authentication is off', async () => {
    const u = await registerTrader(t.baseUrl);
    expect((await bind(u, {})).body.code).toBe(ERRORS.password_required.code);
    expect((await bind(u, { password: 'wrong-pass1' })).body.code).toBe(ERRORS.old_password_wrong.code);
    const bound = await bind(u, { password: TRADER_PASSWORD });
    expect(bound.body.code, bound.body.msg).toBe(1);
    const method = DrawMethod.parse(bound.body.data);

    await fund(u);
    await approveRealName(u);
    expect((await draw(u, method.id, {})).body.code).toBe(ERRORS.password_required.code);
    expect((await draw(u, method.id, { password: 'wrong-pass1' })).body.code).toBe(
      ERRORS.old_password_wrong.code,
    );
    const paid = await draw(u, method.id, { password: TRADER_PASSWORD });
    expect(paid.body.code, paid.body.msg).toBe(1);
  });

  it('take the app code, not the password, when two-factor authentication is on', async () => {
    const u = await registerTrader(t.baseUrl);
    await fund(u);
    await approveRealName(u);
    const { secret } = await enrolTwoFactor(t.baseUrl, u.token, TRADER_PASSWORD);
    expect((await bind(u, { password: TRADER_PASSWORD })).body.code).toBe(ERRORS.two_factor_required.code);
    expect((await bind(u, { otp_code: '000000' })).body.code).toBe(ERRORS.two_factor_invalid.code);
    // The enrolment used the code of this time step; the next step's code is the app's next one.
    const code = totpAt(secret, Date.now() + 30_000);
    const bound = await bind(u, { otp_code: code });
    expect(bound.body.code, bound.body.msg).toBe(1);
    const method = DrawMethod.parse(bound.body.data);
    expect((await draw(u, method.id, { password: TRADER_PASSWORD })).body.code).toBe(
      ERRORS.two_factor_required.code,
    );
    // A code is good once: the one the bind used cannot withdraw.
    expect((await draw(u, method.id, { otp_code: code })).body.code).toBe(ERRORS.two_factor_invalid.code);
  });
});

describe('the real-name gate (withdraw_requires_real_name, on by default)', () => {
  it('refuses a withdrawal until the review is approved, before anything else is checked', async () => {
    const u = await registerTrader(t.baseUrl);
    const method = DrawMethod.parse((await bind(u, { password: TRADER_PASSWORD })).body.data);
    await fund(u);
    const refused = await draw(u, method.id, { password: TRADER_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: ERRORS.real_name_required.code,
      msg: 'Withdrawals open once your real-name verification is approved.',
      data: null,
    });
    await approveRealName(u);
    expect((await draw(u, method.id, { password: TRADER_PASSWORD })).body.code).toBe(1);
  });

  it('lets an operator turn it off', async () => {
    const u = await registerTrader(t.baseUrl);
    const method = DrawMethod.parse((await bind(u, { password: TRADER_PASSWORD })).body.data);
    await fund(u);
    await setGate(false);
    try {
      expect((await draw(u, method.id, { password: TRADER_PASSWORD })).body.code).toBe(1);
    } finally {
      await setGate(true);
    }
    const setting = await call(t.baseUrl, routes.publicSetting, { key: 'withdraw_requires_real_name' });
    expect(setting.body.data).toEqual({ key: 'withdraw_requires_real_name', value: '1' });
  });
});
