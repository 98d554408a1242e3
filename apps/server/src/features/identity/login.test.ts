import { ERRORS, LoginResponse } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ManualClock } from './clock.js';
import { get, post, registerUser, useCaptchaRegistration, withIdentity } from './testing/client.js';
import { codeOf, type Mailbox, startMailbox } from './testing/mailbox.js';
import { FAILURE_WINDOW_MS, IP_LOCK_AFTER, IP_LOCK_MS } from './throttle.js';

let t: TestServer;
let mailbox: Mailbox;
const clock = new ManualClock(Date.UTC(2030, 0, 7, 12));

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestServer({
    env: { SMTP_URL: mailbox.url },
    overrides: withIdentity({ clock, captchaText: () => '23456' }),
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

function login(account: string, password: string, extra: Record<string, string | number> = {}) {
  return post(t.baseUrl, '/api/user/loginForU', { account, password, login_type: 1, ...extra });
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

  it('slows down after five failures and locks for 15 minutes after ten, the same for unknown accounts', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'dave@example.com');
    const replies: Record<string, unknown[]> = { known: [], unknown: [] };
    for (const [label, account] of [
      ['known', 'dave@example.com'],
      ['unknown', 'ghost@example.com'],
    ] as const) {
      for (let i = 1; i <= 4; i++) {
        expect((await login(account, 'bad-guess1')).body.code).toBe(ERRORS.login_failed.code);
      }
      // The 5th failure is answered as such, then the account must wait 1 s, 2 s, 4 s, 8 s, 16 s.
      expect((await login(account, 'bad-guess1')).body.code).toBe(ERRORS.login_failed.code);
      for (const waitMs of [1000, 2000, 4000, 8000, 16_000]) {
        const early = await login(account, 'secret123');
        expect(early.status).toBe(429);
        replies[label]?.push(early.body);
        clock.advance(waitMs);
        expect((await login(account, 'bad-guess1')).body.code).toBe(ERRORS.login_failed.code);
      }
      // The 10th failure (above) locks for 15 minutes: even the right password is refused.
      const locked = await login(account, 'secret123');
      expect(locked.status).toBe(429);
      replies[label]?.push(locked.body);
      clock.advance(14 * 60_000);
      replies[label]?.push((await login(account, 'secret123')).body);
    }
    expect(replies.known).toEqual(replies.unknown);
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
      {
        code: ERRORS.login_slow_down.code,
        msg: 'Too many failed attempts. Please wait 4 seconds and try again.',
        data: null,
      },
      {
        code: ERRORS.login_slow_down.code,
        msg: 'Too many failed attempts. Please wait 8 seconds and try again.',
        data: null,
      },
      {
        code: ERRORS.login_slow_down.code,
        msg: 'Too many failed attempts. Please wait 16 seconds and try again.',
        data: null,
      },
      {
        code: ERRORS.account_locked.code,
        msg: 'Too many failed attempts. Please try again in 15 minutes.',
        data: null,
      },
      {
        code: ERRORS.account_locked.code,
        msg: 'Too many failed attempts. Please try again in 1 minutes.',
        data: null,
      },
    ]);
    // Once the lock is served the right password works again.
    clock.advance(60_000);
    expect((await login('dave@example.com', 'secret123')).body.code).toBe(1);
  }, 30_000);

  it('a successful login forgets earlier failures', async () => {
    quietSpell();
    await registerUser(t.baseUrl, 'erin@example.com');
    for (let i = 0; i < 4; i++) await login('erin@example.com', 'nope-nope1');
    expect((await login('erin@example.com', 'secret123')).body.code).toBe(1);
    for (let i = 0; i < 4; i++) {
      expect((await login('erin@example.com', 'nope-nope1')).body.code).toBe(ERRORS.login_failed.code);
    }
    expect((await login('erin@example.com', 'secret123')).body.code).toBe(1);
  });

  it('a password reset by e-mail lifts a lock and ends every session', async () => {
    quietSpell();
    const reg = await registerUser(t.baseUrl, 'fay@example.com');
    for (let i = 0; i < 10; i++) {
      clock.advance(20_000);
      await login('fay@example.com', 'nope-nope1');
    }
    expect((await login('fay@example.com', 'secret123')).body.code).toBe(ERRORS.account_locked.code);

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

  it('stops one address that fails across many accounts', async () => {
    quietSpell();
    const reg = await registerUser(t.baseUrl, 'ivy@example.com');
    for (let i = 0; i < IP_LOCK_AFTER; i++) {
      expect((await login(`stuffing${i}@example.com`, 'guess-123')).body.code).toBe(ERRORS.login_failed.code);
    }
    const blocked = await login('ivy@example.com', 'secret123');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(ERRORS.rate_limited.code);
    // Sessions already open are not affected; the address is let in again after the lock.
    expect((await get(t.baseUrl, '/api/user/info', {}, { token: reg.token })).body.code).toBe(1);
    clock.advance(IP_LOCK_MS);
    expect((await login('ivy@example.com', 'secret123')).body.code).toBe(1);
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
