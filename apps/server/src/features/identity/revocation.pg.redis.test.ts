import { randomUUID } from 'node:crypto';
import { ERRORS, LoginResponse, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, startTestServer, type TestServer, type TestStorage } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import {
  call,
  fixedCaptcha,
  type Registered,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';

// Runs only with DATABASE_URL and REDIS_URL (see vitest.config.ts): two nodes of one deployment
// (one PostgreSQL schema, one Redis prefix). A session ended through node A must end at once on
// node B too: its sockets there are logged out, and its cached copy there is forgotten.

let storage: TestStorage;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  storage = await createTestStorage();
  const env = { REDIS_PREFIX: `test-${randomUUID()}:`, MARKET_FEED: 'off' };
  const overrides = withIdentity({ captchaText: fixedCaptcha });
  a = await startTestServer({ storage, env, overrides });
  b = await startTestServer({ storage, env, overrides });
  await useCaptchaRegistration(a.server.ctx.db.kysely);
});

afterAll(async () => {
  for (const s of sockets) if (s.isOpen) await s.close();
  await b?.close();
  await a?.close();
  await storage?.dispose();
});

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

/** A socket on `node`, logged in with `token`; its greeting and login answer are read. */
async function loggedIn(node: TestServer, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(node.wsUrl);
  sockets.push(socket);
  socket.sendJson({ type: 'login', token });
  expect(await socket.nextJson()).toEqual({ type: 'login_result', code: 1 });
  return socket;
}

async function expectQuiet(socket: TestSocket): Promise<void> {
  socket.send('ping');
  expect(await socket.next()).toBe('pong');
}

async function logIn(node: TestServer, email: string): Promise<Registered> {
  const res = await call(node.baseUrl, routes.login, { account: email, password: 'secret123' });
  expect(res.body.code, res.body.msg).toBe(1);
  return LoginResponse.parse(res.body.data);
}

const info = (node: TestServer, token: string) => call(node.baseUrl, routes.userInfo, {}, { token });

describe('revocation across nodes', () => {
  it("a logout on node A logs the session's socket on node B out at once, and B's cache forgets it", async () => {
    const user = await registerUser(a.baseUrl, `two-nodes-${randomUUID()}@example.com`);
    const onB = await loggedIn(b, user.token);
    // Node B has read (and cached) the session: without the announcement it would trust it for 5 s.
    expect((await info(b, user.token)).body.code).toBe(1);

    expect((await call(a.baseUrl, routes.logout, {}, { token: user.token })).body.code).toBe(1);
    expect(await onB.nextJson()).toMatchObject({ type: 'logout_result', code: ERRORS.session_expired.code });
    expect((await info(b, user.token)).body.code).toBe(ERRORS.session_expired.code);
    a.server.gateway.sendToUser(user.user.id, trade('1.000000'));
    await expectQuiet(onB);
  });

  it("a password change on node A logs out the account's other sessions on node B, not the changer's", async () => {
    const email = `two-nodes-${randomUUID()}@example.com`;
    const here = await registerUser(a.baseUrl, email);
    const other = await logIn(b, email);
    const otherOnB = await loggedIn(b, other.token);
    const hereOnB = await loggedIn(b, here.token);
    expect((await info(b, other.token)).body.code).toBe(1);

    const form = { type: 1, auth_code: 'secret123', new_password: 'fresh789', re_password: 'fresh789' };
    expect((await call(a.baseUrl, routes.amendPassword, form, { token: here.token })).body.code).toBe(1);
    expect(await otherOnB.nextJson()).toMatchObject({
      type: 'logout_result',
      code: ERRORS.session_expired.code,
    });
    expect((await info(b, other.token)).body.code).toBe(ERRORS.session_expired.code);
    a.server.gateway.sendToUser(here.user.id, trade('2.000000'));
    expect(await hereOnB.nextJson()).toEqual(trade('2.000000'));
    await expectQuiet(otherOnB);
  });
});
