import { ERRORS, LoginResponse, routes, TwoFactorSetup, TwoFactorStatus } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ManualClock } from './clock.js';
import {
  call,
  demoLogin,
  fixedCaptcha,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';
import { enrolTwoFactor } from './testing/two-factor.js';
import { FAILURE_WINDOW_MS } from './throttle.js';
import { TOTP_STEP_SECONDS, totpAt } from './totp.js';

let t: TestServer;
const clock = new ManualClock(Date.UTC(2030, 2, 4, 9));
const STEP_MS = TOTP_STEP_SECONDS * 1000;

beforeAll(async () => {
  t = await startTestServer({ overrides: withIdentity({ clock, captchaText: fixedCaptcha }) });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
});

/** The app's code now, after moving to a fresh time step (each step's code is accepted once). */
function nextCode(secret: string): string {
  clock.advance(STEP_MS);
  return totpAt(secret, clock.now());
}

const login = (account: string, extra: Record<string, string> = {}) =>
  call(t.baseUrl, routes.login, { account, password: 'secret123', ...extra });
const status = async (token: string) =>
  TwoFactorStatus.parse((await call(t.baseUrl, routes.twoFactorStatus, {}, { token })).body.data);

describe('enrolment', () => {
  it('asks for the password, shows the secret once as text and QR code, and is on only once confirmed', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'enrol@example.com');
    expect(await status(u.token)).toEqual({ enabled: 0, recovery_left: 0 });
    const noPassword = await call(t.baseUrl, routes.twoFactorSetup, {}, { token: u.token });
    expect(noPassword.body.code).toBe(ERRORS.password_required.code);
    const wrong = await call(
      t.baseUrl,
      routes.twoFactorSetup,
      { password: 'wrong-pass1' },
      { token: u.token },
    );
    expect(wrong.body.code).toBe(ERRORS.old_password_wrong.code);

    const setup = await call(t.baseUrl, routes.twoFactorSetup, { password: 'secret123' }, { token: u.token });
    const { secret, otpauth_url, qr } = TwoFactorSetup.parse(setup.body.data);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Meridian:enrol%40example.com?secret=${secret}&issuer=Meridian&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    // Stored sealed: the table never holds the secret itself.
    const row = await t.server.ctx.db.kysely
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    // Not in force until confirmed: login needs no code yet.
    expect((await login('enrol@example.com')).body.code).toBe(1);

    const bad = await call(t.baseUrl, routes.twoFactorEnable, { code: '000000' }, { token: u.token });
    expect(bad.body.code).toBe(ERRORS.two_factor_invalid.code);
    const enabled = await call(
      t.baseUrl,
      routes.twoFactorEnable,
      { code: nextCode(secret) },
      { token: u.token },
    );
    expect(enabled.body.code, enabled.body.msg).toBe(1);
    const codes = (enabled.body.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(u.token)).toEqual({ enabled: 1, recovery_left: 10 });
    // The secret is never sent again, and a second enrolment cannot replace it.
    const again = await call(t.baseUrl, routes.twoFactorSetup, { password: 'secret123' }, { token: u.token });
    expect(again.body.code).toBe(ERRORS.two_factor_already_enabled.code);
  });

  it('is for real accounts only: a demo account has no password to protect', async () => {
    const demo = await demoLogin(t.baseUrl);
    const res = await call(t.baseUrl, routes.twoFactorStatus, {}, { token: demo.token });
    expect(res.body.code).toBe(ERRORS.only_real_account.code);
  });

  it('confirming without a started enrolment says so', async () => {
    const u = await registerUser(t.baseUrl, 'no-setup@example.com');
    const res = await call(t.baseUrl, routes.twoFactorEnable, { code: '123456' }, { token: u.token });
    expect(res.body.code).toBe(ERRORS.two_factor_setup_missing.code);
  });
});

describe('login with two-factor authentication on', () => {
  it('asks for the code after the right password, takes each code once, and takes a recovery code once', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'second-step@example.com');
    const { secret, recoveryCodes } = await enrolTwoFactor(t.baseUrl, u.token, 'secret123', () =>
      clock.now(),
    );

    const first = await login('second-step@example.com');
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: ERRORS.two_factor_required.code, data: null });
    // A wrong password still reads as a wrong password: the second step is offered only after the first.
    const wrongPassword = await call(t.baseUrl, routes.login, {
      account: 'second-step@example.com',
      password: 'wrong-pass1',
      otp_code: totpAt(secret, clock.now()),
    });
    expect(wrongPassword.body.code).toBe(ERRORS.login_failed.code);
    expect((await login('second-step@example.com', { otp_code: '000000' })).body.code).toBe(
      ERRORS.two_factor_invalid.code,
    );

    const code = nextCode(secret);
    const ok = await login('second-step@example.com', { otp_code: code });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect(LoginResponse.parse(ok.body.data).user.id).toBe(u.user.id);
    // The same code a second time (a replay, or a shoulder-surfer) is refused within its step.
    clock.advance(1000);
    expect((await login('second-step@example.com', { otp_code: code })).body.code).toBe(
      ERRORS.two_factor_invalid.code,
    );

    clock.advance(5000);
    const recovery = recoveryCodes[0] ?? '';
    expect((await login('second-step@example.com', { otp_code: recovery.toUpperCase() })).body.code).toBe(1);
    clock.advance(5000);
    expect((await login('second-step@example.com', { otp_code: recovery })).body.code).toBe(
      ERRORS.two_factor_invalid.code,
    );
    expect(await status(u.token)).toEqual({ enabled: 1, recovery_left: 9 });
  });

  it('slows down guessed codes like guessed passwords, even when password-only requests come between', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'code-guess@example.com');
    const { secret } = await enrolTwoFactor(t.baseUrl, u.token, 'secret123', () => clock.now());
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await login('code-guess@example.com')).body.code);
      answers.push((await login('code-guess@example.com', { otp_code: '000000' })).body.code);
    }
    expect(answers.slice(0, 2)).toEqual([ERRORS.two_factor_required.code, ERRORS.two_factor_invalid.code]);
    expect(answers.slice(2)).toContain(ERRORS.login_slow_down.code);
    clock.advance(MINUTES_10);
    expect((await login('code-guess@example.com', { otp_code: totpAt(secret, clock.now()) })).body.code).toBe(
      1,
    );
  });

  it('turns off with a recovery code (or an app code), and login asks for nothing more', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'turn-off@example.com');
    const { recoveryCodes } = await enrolTwoFactor(t.baseUrl, u.token, 'secret123', () => clock.now());
    const wrong = await call(t.baseUrl, routes.twoFactorDisable, { code: 'aaaaa-aaaaa' }, { token: u.token });
    expect(wrong.body.code).toBe(ERRORS.two_factor_invalid.code);
    const off = await call(
      t.baseUrl,
      routes.twoFactorDisable,
      { code: recoveryCodes[3] ?? '' },
      { token: u.token },
    );
    expect(off.body.code, off.body.msg).toBe(1);
    expect(await status(u.token)).toEqual({ enabled: 0, recovery_left: 0 });
    expect((await login('turn-off@example.com')).body.code).toBe(1);
    const twice = await call(t.baseUrl, routes.twoFactorDisable, { code: '123456' }, { token: u.token });
    expect(twice.body.code).toBe(ERRORS.two_factor_not_enabled.code);
  });
});

const MINUTES_10 = 10 * 60_000;

describe('changing the password', () => {
  const amend = (token: string, extra: Record<string, string | number>) =>
    call(
      t.baseUrl,
      routes.amendPassword,
      { type: 1, new_password: 'fresh789', re_password: 'fresh789', ...extra },
      { token },
    );

  it('shares the login throttle: a session cannot guess the current password faster than a login', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'amend-guess@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await amend(u.token, { auth_code: `guess-${i}x` })).body.code);
    expect(answers.slice(0, 3)).toEqual(Array(3).fill(ERRORS.old_password_wrong.code));
    expect(answers.slice(3)).toEqual(Array(3).fill(ERRORS.login_slow_down.code));
    // The same count as logins from this address: a login must wait too.
    expect((await login('amend-guess@example.com')).body.code).toBe(ERRORS.login_slow_down.code);
    clock.advance(1000);
    expect((await amend(u.token, { auth_code: 'secret123' })).body.code).toBe(1);
  });

  it('needs the code as well when two-factor authentication is on', async () => {
    clock.advance(FAILURE_WINDOW_MS);
    const u = await registerUser(t.baseUrl, 'amend-2fa@example.com');
    const { secret } = await enrolTwoFactor(t.baseUrl, u.token, 'secret123', () => clock.now());
    expect((await amend(u.token, { auth_code: 'secret123' })).body.code).toBe(
      ERRORS.two_factor_required.code,
    );
    expect((await amend(u.token, { auth_code: 'secret123', otp_code: '000000' })).body.code).toBe(
      ERRORS.two_factor_invalid.code,
    );
    const ok = await amend(u.token, { auth_code: 'secret123', otp_code: nextCode(secret) });
    expect(ok.body.code, ok.body.msg).toBe(1);
  });
});
