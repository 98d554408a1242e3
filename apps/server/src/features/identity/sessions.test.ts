import { ERRORS, LoginResponse } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ManualClock } from './clock.js';
import { hashToken, SESSION_TOUCH_INTERVAL_MS } from './sessions.js';
import {
  demoLogin,
  get,
  post,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';
import { codeOf, type Mailbox, startMailbox } from './testing/mailbox.js';

let t: TestServer;
let mailbox: Mailbox;
const clock = new ManualClock(Date.UTC(2030, 0, 7, 12));
const DAY = 24 * 3600_000;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestServer({
    env: { SMTP_URL: mailbox.url, SESSION_TTL_DAYS: '1' },
    overrides: withIdentity({ clock, captchaText: () => '23456' }),
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const info = (token: string, header = token) =>
  get(t.baseUrl, '/api/user/info', {}, { token: header.length > 0 ? header : token });

async function lastSeen(token: string): Promise<number> {
  const row = await t.server.ctx.db.kysely
    .selectFrom('sessions')
    .select('last_seen_at')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return Number(row.last_seen_at);
}

describe('sessions', () => {
  it('stores only the hash of the token, and accepts it with or without "Bearer "', async () => {
    const { token } = await registerUser(t.baseUrl, 'hal@example.com');
    const rows = await t.server.ctx.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect((await info(token)).body.code).toBe(1);
    expect((await info(token, `Bearer ${token}`)).body.code).toBe(1);
    expect((await info(token, `${token}x`)).body.code).toBe(999);
  });

  it('slides the expiry with use, writing at most once a minute, and expires when idle', async () => {
    const { token } = await registerUser(t.baseUrl, 'ida@example.com');
    const created = await lastSeen(token);
    clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
    expect((await info(token)).body.code).toBe(1);
    expect(await lastSeen(token)).toBe(created);
    clock.advance(SESSION_TOUCH_INTERVAL_MS / 2);
    expect((await info(token)).body.code).toBe(1);
    expect(await lastSeen(token)).toBe(clock.now());

    // Used every 23 hours, a one-day session lives on; left alone for a day, it expires.
    for (let i = 0; i < 3; i++) {
      clock.advance(DAY - 3600_000);
      expect((await info(token)).body.code).toBe(1);
    }
    clock.advance(DAY);
    const expired = await info(token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      code: 999,
      msg: 'Your session has expired. Please log in again.',
      data: null,
    });
  });

  it('logout revokes the token it was called with, and only that one', async () => {
    const first = await registerUser(t.baseUrl, 'jo@example.com');
    const second = LoginResponse.parse(
      (await post(t.baseUrl, '/api/user/loginForU', { account: 'jo@example.com', password: 'secret123' }))
        .body.data,
    );
    const out = await post(t.baseUrl, '/api/user/logout', {}, { token: first.token });
    expect(out.body).toEqual({ code: 1, msg: 'Success', data: null });
    expect((await info(first.token)).body.code).toBe(999);
    expect((await post(t.baseUrl, '/api/user/logout', {}, { token: first.token })).body.code).toBe(999);
    expect((await info(second.token)).body.code).toBe(1);
  });

  it('amend_password checks the current password and ends the other sessions, keeping this one', async () => {
    const other = await registerUser(t.baseUrl, 'kim@example.com');
    const here = LoginResponse.parse(
      (await post(t.baseUrl, '/api/user/loginForU', { account: 'kim@example.com', password: 'secret123' }))
        .body.data,
    );
    const amend = (form: Record<string, string | number>) =>
      post(t.baseUrl, '/api/user/amend_password', form, { token: here.token });
    expect(
      (await amend({ type: 1, auth_code: 'not-it-123', new_password: 'fresh789', re_password: 'fresh789' }))
        .body,
    ).toMatchObject({ code: ERRORS.old_password_wrong.code, msg: 'The current password is wrong.' });
    expect((await amend({ type: 1, auth_code: 'secret123', new_password: 'short1' })).body.code).toBe(
      ERRORS.weak_password.code,
    );
    expect(
      (await amend({ type: 1, auth_code: 'secret123', new_password: 'fresh789', re_password: 'fresh788' }))
        .body.code,
    ).toBe(ERRORS.password_mismatch.code);
    // Every refusal above left the other session alone.
    expect((await info(other.token)).body.code).toBe(1);

    const ok = await amend({
      type: 1,
      auth_code: 'secret123',
      new_password: 'fresh789',
      re_password: 'fresh789',
    });
    expect(ok.body).toEqual({ code: 1, msg: 'Success', data: null });
    expect((await info(other.token)).body.code).toBe(999);
    expect((await info(here.token)).body.code).toBe(1);
    const oldLogin = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'kim@example.com',
      password: 'secret123',
    });
    expect(oldLogin.body.code).toBe(ERRORS.login_failed.code);
    const newLogin = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'kim@example.com',
      password: 'fresh789',
    });
    expect(newLogin.body.code).toBe(1);
  });

  it('amend_password type 2 takes a reset code e-mailed to the account', async () => {
    const me = await registerUser(t.baseUrl, 'lee@example.com');
    await post(t.baseUrl, '/api/notify/send_email', { to: 'lee@example.com', type: 2 });
    const code = codeOf(await mailbox.next('lee@example.com'));
    const res = await post(
      t.baseUrl,
      '/api/user/amend_password',
      { type: 2, auth_code: code, new_password: 'by-code-42' },
      { token: me.token },
    );
    expect(res.body.code).toBe(1);
    const login = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'lee@example.com',
      password: 'by-code-42',
    });
    expect(login.body.code).toBe(1);
  });
});

describe('demo accounts', () => {
  it('opens one account per device with the demo balance, and a new session each time', async () => {
    const device = '6f1c2f5e-8a0b-4c1d-9e2f-3a4b5c6d7e8f';
    const first = await demoLogin(t.baseUrl, device);
    expect(first.user).toMatchObject({ is_demo: 1, email: '', invite_code: '', mobile: '' });
    const again = await demoLogin(t.baseUrl, device.toUpperCase());
    expect(again.user).toEqual(first.user);
    expect(again.token).not.toBe(first.token);
    expect((await info(first.token)).body.code).toBe(1);

    const balance = await get(t.baseUrl, '/v1/api/main/wallet/getBalance', {}, { token: again.token });
    expect(balance.body.data).toEqual({ balance: '100000.000000', lock_balance: '0.000000' });
    const ledger = await get(
      t.baseUrl,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
      { token: again.token, lang: 'fr' },
    );
    expect(ledger.body.data).toEqual({
      list: [
        {
          id: expect.any(Number),
          kind: 'opening_grant',
          number: '100000.000000',
          lock_number: '0.000000',
          balance: '100000.000000',
          lock_balance: '0.000000',
          memo: "Solde d'ouverture du compte démo",
          created_at: first.user.created_at,
        },
      ],
      total: 1,
      page: 1,
    });

    const other = await demoLogin(t.baseUrl);
    expect(other.user.id).not.toBe(first.user.id);
    expect(other.user.uid).not.toBe(first.user.uid);
  });

  it('takes the starting balance from the demo_start_balance_micros setting', async () => {
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: '2500500000' })
      .where('key', '=', 'demo_start_balance_micros')
      .execute();
    const demo = await demoLogin(t.baseUrl);
    const balance = await get(t.baseUrl, '/v1/api/main/wallet/getBalance', {}, { token: demo.token });
    expect(balance.body.data).toEqual({ balance: '2500.500000', lock_balance: '0.000000' });
  });

  it('refuses a device id that is not a UUID', async () => {
    for (const demoId of ['', 'abc', '6f1c2f5e-8a0b-4c1d-9e2f-3a4b5c6d7e8', "x' or 1=1"]) {
      const res = await get(t.baseUrl, '/api/user/createAccountDemoForU', { demo_id: demoId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: ERRORS.demo_id_invalid.code,
        msg: 'The device identifier is invalid.',
      });
    }
    const missing = await get(t.baseUrl, '/api/user/createAccountDemoForU');
    expect(missing.body.code).toBe(ERRORS.demo_id_invalid.code);
  });
});
