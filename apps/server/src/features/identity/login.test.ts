import { ERRORS, LoginResponse } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ManualClock } from './clock.js';
import {
  FIXED_CAPTCHA,
  get,
  post,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';
import { codeOf, type Mailbox, startMailbox } from './testing/mailbox.js';
import { ADDRESS_CAPTCHA_AFTER, FAILURE_WINDOW_MS } from './throttle.js';

let t: TestServer;
let mailbox: Mailbox;
const clock = new ManualClock(Date.UTC(2030, 0, 7, 12));

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestServer({
    // Behind a trusted proxy, so tests can speak from several client addresses (x-forwarded-for).
    env: { SMTP_URL: mailbox.url, TRUST_PROXY: 'true' },
    overrides: withIdentity({ clock, captchaText: () => '23456' }),
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** Addresses as the server sees them behind a trusted proxy (TRUST_PROXY): the owner's and another. */
const OWNER = '10.1.0.1';
const ELSEWHERE = '10.2.0.1';

function login(
  account: string,
  password: string,
  extra: Record<string, string | number> = {},
  from?: string,
) {
  return post(
    t.baseUrl,
    '/api/user/loginForU',
    { account, password, login_type: 1, ...extra },
    from ? { headers: { 'x-forwarded-for': from } } : {},
  );
}

/** A fresh captcha's id with its answer (every captcha of this server reads FIXED_CAPTCHA). */
async function solvedCaptcha(from = '127.0.0.1'): Promise<{ key: string; captcha: string }> {
  const res = await get(t.baseUrl, '/api/user/captcha', {}, { headers: { 'x-forwarded-for': from } });
  return { key: (res.body.data as { id: string }).id, captcha: FIXED_CAPTCHA };
}

/** Starts each scenario with every earlier failure forgotten (the failure window has passed). */
function quietSpell(): void {
  clock.advance(FAILURE_WINDOW_MS + 1);
}

describe('login', () => {
  it('logs in with the right password, any case of the address, with or without login_type', async () => {
    quietSpell();
    const reg = await registerUser(t.baseUrl, 'bob@example.com');
    const res = await login(' BOB@example.com', 'secret123');
    expect(res.body.code).toBe(1);
    const body = LoginResponse.parse(res.body.data);
    expect(body.user).toEqual(reg.user);
    expect(body.token).not.toBe(reg.token);
    const inferred = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'bob@example.com',
      password: 'secret123',
    });
    expect(inferred.body.code).toBe(1);
  });

  it('asks for the account and the password with the spec prompts', async () => {
    const noAccount = await post(t.baseUrl, '/api/user/loginForU', { account: ' ', password: 'x' });
    expect(noAccount.body).toMatchObject({ code: ERRORS.account_required.code });
    const noPassword = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'bob@example.com',
      password: '',
    });
    expect(noPassword.body).toMatchObject({ code: ERRORS.password_required.code });
  });

  it('gives the same answer for a wrong password, an unknown account and a demo account', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'carol@example.com');
    const wrong = await login('carol@example.com', 'wrong-pass1');
    const unknown = await login('nobody@example.com', 'wrong-pass1');
    const mobile = await post(t.baseUrl, '/api/user/loginForU', {
      account: '7700900999',
      password: 'x1',
      login_type: 2,
    });
    for (const res of [wrong, unknown, mobile]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: ERRORS.login_failed.code,
        msg: 'The account or password is wrong.',
        data: null,
      });
    }
  });

  it('slows one account down at one address, then asks for a captcha, the same for an unknown account', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'dave@example.com');
    const replies: Record<string, unknown[]> = { known: [], unknown: [] };
    for (const [label, account] of [
      ['known', 'dave@example.com'],
      ['unknown', 'ghost@example.com'],
    ] as const) {
      const seen = replies[label] ?? [];
      // Two free tries, and a third answered as such; the 4th must wait 1 s, the 5th 2 s.
      for (let i = 1; i <= 3; i++)
        expect((await login(account, 'bad-guess1')).body.code).toBe(ERRORS.login_failed.code);
      for (const waitMs of [1000, 2000]) {
        const early = await login(account, 'secret123');
        expect(early.status).toBe(429);
        seen.push(early.body);
        clock.advance(waitMs);
        expect((await login(account, 'bad-guess1')).body.code).toBe(ERRORS.login_failed.code);
      }
      // Five failures on the account: from now on every try needs a solved captcha, wherever it comes from.
      clock.advance(4000);
      seen.push((await login(account, 'secret123')).body);
      seen.push((await login(account, 'secret123', await solvedCaptcha(), ELSEWHERE)).body.code);
      seen.push(
        (await login(account, 'secret123', { key: 'no-such-captcha', captcha: '23456' }, ELSEWHERE)).body,
      );
    }
    expect(replies.known?.slice(0, 3)).toEqual(replies.unknown?.slice(0, 3));
    expect(replies.known).toEqual([
      {
        code: ERRORS.login_slow_down.code,
        msg: 'Too many failed attempts. Please wait 1 seconds and try again.',
        data: null,
      },
      {
        code: ERRORS.login_slow_down.code,
        msg: 'Too many failed attempts. Please wait 2 seconds and try again.',
        data: null,
      },
      { code: ERRORS.captcha_required.code, msg: expect.any(String), data: null },
      // The owner, with the password and a captcha, gets in from another address.
      1,
      { code: ERRORS.captcha_invalid.code, msg: expect.any(String), data: null },
    ]);
    expect(replies.unknown?.[3]).toBe(ERRORS.login_failed.code);
  }, 30_000);

  it('never locks the owner out: a flood of wrong passwords from elsewhere costs them a captcha at most', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'hal@example.com');
    // Many addresses, each guessing a little (with captchas once they are asked for)…
    for (let i = 0; i < 42; i++) {
      const from = `10.7.${Math.floor(i / 3)}.1`;
      const res = await login('hal@example.com', `guess-${i}x`, await solvedCaptcha(from), from);
      expect(res.body.code).toBe(ERRORS.login_failed.code);
    }
    // …and one address guessing hard: it only slows itself down.
    for (let i = 0; i < 12; i++) {
      clock.advance(60_000);
      await login('hal@example.com', `hammer-${i}x`, await solvedCaptcha('10.8.0.1'), '10.8.0.1');
    }
    expect(
      (await login('hal@example.com', 'secret123', await solvedCaptcha('10.8.0.1'), '10.8.0.1')).status,
    ).toBe(429);
    // The owner, at their own address, with the password: a captcha, and in.
    expect((await login('hal@example.com', 'secret123', {}, OWNER)).body.code).toBe(
      ERRORS.captcha_required.code,
    );
    expect((await login('hal@example.com', 'secret123', await solvedCaptcha(OWNER), OWNER)).body.code).toBe(
      1,
    );
  }, 60_000);

  it('asks an address that fails across many accounts for a captcha, without locking it', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'ivy@example.com');
    const from = '10.9.0.1';
    for (let i = 0; i < ADDRESS_CAPTCHA_AFTER; i++) {
      expect((await login(`stuffing${i}@example.com`, 'guess-123', {}, from)).body.code).toBe(
        ERRORS.login_failed.code,
      );
    }
    expect((await login('ivy@example.com', 'secret123', {}, from)).body.code).toBe(
      ERRORS.captcha_required.code,
    );
    expect((await login('ivy@example.com', 'secret123', await solvedCaptcha(from), from)).body.code).toBe(1);
    // Other addresses are not concerned.
    expect((await login('ivy@example.com', 'secret123', {}, OWNER)).body.code).toBe(1);
  }, 30_000);

  it("a successful login forgets that address's slow-down", async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'erin@example.com');
    for (let i = 0; i < 3; i++) await login('erin@example.com', 'nope-nope1');
    expect((await login('erin@example.com', 'secret123')).body.code).toBe(ERRORS.login_slow_down.code);
    clock.advance(1000);
    expect((await login('erin@example.com', 'secret123')).body.code).toBe(1);
    // Counted afresh from this address: no wait (the account's own count stays, below the captcha).
    expect((await login('erin@example.com', 'nope-nope1')).body.code).toBe(ERRORS.login_failed.code);
    expect((await login('erin@example.com', 'secret123')).body.code).toBe(1);
  });

  it('a password reset by e-mail lifts the slow-down and the captcha, and ends every session', async () => {
    quietSpell();
    const reg = await registerUser(t.baseUrl, 'fay@example.com');
    for (let i = 0; i < 6; i++) {
      clock.advance(20_000);
      await login('fay@example.com', 'nope-nope1', await solvedCaptcha());
    }
    expect((await login('fay@example.com', 'secret123')).body.code).toBe(ERRORS.login_slow_down.code);

    await post(t.baseUrl, '/api/notify/send_email', { to: 'fay@example.com', type: 2 });
    const code = codeOf(await mailbox.next('fay@example.com'));
    const form = {
      type: 1,
      account: 'fay@example.com',
      new_password: 'newpass456',
      secondary_password: 'newpass456',
    };
    const mismatch = await post(t.baseUrl, '/api/user/forget_password', {
      ...form,
      secondary_password: 'other456x',
      auth_code: code,
    });
    expect(mismatch.body.code).toBe(ERRORS.password_mismatch.code);
    const wrong = await post(t.baseUrl, '/api/user/forget_password', {
      ...form,
      auth_code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.body.code).toBe(ERRORS.code_invalid.code);
    const ok = await post(t.baseUrl, '/api/user/forget_password', { ...form, auth_code: code });
    expect(ok.body).toEqual({ code: 1, msg: 'Success', data: null });
    const again = await post(t.baseUrl, '/api/user/forget_password', { ...form, auth_code: code });
    expect(again.body.code).toBe(ERRORS.code_invalid.code);

    expect((await get(t.baseUrl, '/api/user/info', {}, { token: reg.token })).body.code).toBe(999);
    expect((await login('fay@example.com', 'secret123')).body.code).toBe(ERRORS.login_failed.code);
    expect((await login('fay@example.com', 'newpass456')).body.code).toBe(1);
  }, 30_000);

  it('sends no reset code to an unknown address, with the same answer as for a known one', async () => {
    clock.advance(3600_000);
    await registerUser(t.baseUrl, 'gus@example.com');
    const known = await post(t.baseUrl, '/api/notify/send_email', { to: 'gus@example.com', type: 2 });
    const unknown = await post(t.baseUrl, '/api/notify/send_email', {
      to: 'nobody-here@example.com',
      type: 2,
    });
    expect(unknown).toEqual(known);
    await mailbox.next('gus@example.com');
    // Mail to the known address arrives; nothing is queued for the unknown one.
    await t.server.close();
    expect(mailbox.messages.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
  });
});
