import { ERRORS, LoginResponse, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import type { OutgoingMail } from './messaging.js';
import {
  call,
  demoLogin,
  fixedCaptcha,
  type Registered,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';
import { enrolTwoFactor } from './testing/two-factor.js';

let t: TestServer;
const outbox: OutgoingMail[] = [];

beforeAll(async () => {
  t = await startTestServer({
    overrides: withIdentity({ captchaText: fixedCaptcha, mail: { send: async (m) => void outbox.push(m) } }),
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
});

/** The next reply, past the server's greeting (`hello`, the first frame of a connection). */
async function nextReply(socket: TestSocket): Promise<Record<string, unknown>> {
  const frame = await socket.nextJson();
  return frame.type === 'hello' ? socket.nextJson() : frame;
}

/** An account-figures push, told apart by its balance. */
const trade = (balance: string) => ({
  type: 'FOREX_TRADE' as const,
  code: 1 as const,
  data: {
    balance,
    lock_balance: '0.000000',
    margin: '0.000000',
    profit: '0.000000',
    equity: balance,
    risk_rate: null,
    orders: [],
  },
});

async function expectQuiet(socket: TestSocket): Promise<void> {
  socket.send('ping');
  expect(await socket.next()).toBe('pong');
}

describe('socket login with identity sessions', () => {
  it('binds a valid token to its user, refuses a bad one, and unbinds on logout', async () => {
    const demo = await demoLogin(t.baseUrl);
    const socket = await TestSocket.open(t.wsUrl);
    try {
      socket.sendJson({ type: 'login', token: 'A'.repeat(43) });
      const refused = await nextReply(socket);
      expect(refused.type).toBe('login_result');
      expect(refused.code).not.toBe(1);

      socket.sendJson({ type: 'login', token: demo.token });
      expect(await socket.nextJson()).toEqual({ type: 'login_result', code: 1 });
      t.server.gateway.sendToUser(demo.user.id, trade('1.000000'));
      expect(await socket.nextJson()).toEqual(trade('1.000000'));

      socket.sendJson({ type: 'logout' });
      expect(await socket.nextJson()).toEqual({ type: 'logout_result', code: 1 });
      t.server.gateway.sendToUser(demo.user.id, trade('2.000000'));
      await expectQuiet(socket);
    } finally {
      await socket.close();
    }
  });

  it('refuses a token that was revoked over REST', async () => {
    const demo = await demoLogin(t.baseUrl);
    expect((await call(t.baseUrl, routes.logout, {}, { token: demo.token })).body.code).toBe(1);
    const socket = await TestSocket.open(t.wsUrl);
    try {
      socket.sendJson({ type: 'login', token: demo.token });
      expect(await nextReply(socket)).toMatchObject({ type: 'login_result', code: 999 });
    } finally {
      await socket.close();
    }
  });
});

/** A socket logged in with `token` and subscribed to the account's private pushes. */
async function privateSocket(token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(t.wsUrl);
  socket.sendJson({ type: 'login', token });
  expect(await socket.nextJson()).toEqual({ type: 'login_result', code: 1 });
  socket.sendJson({ type: 'sub', topic: 'FOREX_TRADE' });
  expect(await socket.nextJson()).toMatchObject({ type: 'sub_result', code: 1 });
  // The topic's snapshot (the account figures) comes first.
  expect(await socket.nextJson()).toMatchObject({ type: 'FOREX_TRADE' });
  return socket;
}

const LOGGED_OUT = { type: 'logout_result', code: ERRORS.session_expired.code };

/**
 * A private push to the user after the revocation reaches the sockets still logged in and none of
 * the logged-out ones, which were told at once.
 */
async function expectAfterRevocation(
  userId: number,
  out: readonly TestSocket[],
  still: readonly TestSocket[],
): Promise<void> {
  for (const socket of out) expect(await socket.nextJson()).toMatchObject(LOGGED_OUT);
  t.server.gateway.sendToUser(userId, trade('9.000000'), 'FOREX_TRADE');
  for (const socket of still) expect(await socket.nextJson()).toEqual(trade('9.000000'));
  for (const socket of [...out, ...still]) await expectQuiet(socket);
}

async function logIn(email: string, password = 'secret123'): Promise<Registered> {
  const res = await call(t.baseUrl, routes.login, { account: email, password });
  expect(res.body.code, res.body.msg).toBe(1);
  return LoginResponse.parse(res.body.data);
}

describe('revoking a session logs its sockets out at once', () => {
  it('on logout: the socket of that session only', async () => {
    const a = await registerUser(t.baseUrl, 'sock-logout@example.com');
    const b = await logIn('sock-logout@example.com');
    const [sa, sb] = [await privateSocket(a.token), await privateSocket(b.token)];
    try {
      expect((await call(t.baseUrl, routes.logout, {}, { token: a.token })).body.code).toBe(1);
      await expectAfterRevocation(a.user.id, [sa], [sb]);
    } finally {
      await sa.close();
      await sb.close();
    }
  });

  it("on a password change: every other session's sockets, not the changer's", async () => {
    const a = await registerUser(t.baseUrl, 'sock-amend@example.com');
    const b = await logIn('sock-amend@example.com');
    const [sa, sb] = [await privateSocket(a.token), await privateSocket(b.token)];
    try {
      const form = { type: 1, auth_code: 'secret123', new_password: 'fresh789', re_password: 'fresh789' };
      expect((await call(t.baseUrl, routes.amendPassword, form, { token: a.token })).body.code).toBe(1);
      await expectAfterRevocation(a.user.id, [sb], [sa]);
    } finally {
      await sa.close();
      await sb.close();
    }
  });

  it('on a password reset: every socket of the account', async () => {
    const a = await registerUser(t.baseUrl, 'sock-reset@example.com');
    const b = await logIn('sock-reset@example.com');
    const [sa, sb] = [await privateSocket(a.token), await privateSocket(b.token)];
    try {
      expect(
        (await call(t.baseUrl, routes.sendEmailCode, { to: 'sock-reset@example.com', type: 2 })).body.code,
      ).toBe(1);
      const mail = await waitForMail('sock-reset@example.com');
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
      const reset = await call(t.baseUrl, routes.forgetPassword, {
        type: 1,
        account: 'sock-reset@example.com',
        new_password: 'fresh789',
        secondary_password: 'fresh789',
        auth_code: code,
      });
      expect(reset.body.code, reset.body.msg).toBe(1);
      await expectAfterRevocation(a.user.id, [sa, sb], []);
    } finally {
      await sa.close();
      await sb.close();
    }
  });

  it("on turning two-factor authentication on: every other session's sockets", async () => {
    const a = await registerUser(t.baseUrl, 'sock-2fa@example.com');
    const b = await logIn('sock-2fa@example.com');
    const [sa, sb] = [await privateSocket(a.token), await privateSocket(b.token)];
    try {
      await enrolTwoFactor(t.baseUrl, a.token);
      await expectAfterRevocation(a.user.id, [sb], [sa]);
    } finally {
      await sa.close();
      await sb.close();
    }
  });
});

async function waitForMail(to: string): Promise<OutgoingMail> {
  for (let i = 0; i < 500; i++) {
    const found = outbox.find((m) => m.to === to);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No mail to ${to}`);
}
