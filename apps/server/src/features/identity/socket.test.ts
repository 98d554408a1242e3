import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/ws-client.js';
import { demoLogin, post, withIdentity } from './testing/client.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ overrides: withIdentity({}) });
});
afterAll(async () => {
  await t?.close();
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
      const refused = await socket.nextJson();
      expect(refused.type).toBe('login_result');
      expect(refused.code).not.toBe(1);

      socket.sendJson({ type: 'login', token: demo.token });
      expect(await socket.nextJson()).toEqual({ type: 'login_result', code: 1 });
      t.server.gateway.sendToUser(demo.user.id, { type: 'FOREX_TRADE', code: 1, n: 1 });
      expect(await socket.nextJson()).toEqual({ type: 'FOREX_TRADE', code: 1, n: 1 });

      socket.sendJson({ type: 'logout' });
      expect(await socket.nextJson()).toEqual({ type: 'logout_result', code: 1 });
      t.server.gateway.sendToUser(demo.user.id, { type: 'FOREX_TRADE', code: 1, n: 2 });
      await expectQuiet(socket);
    } finally {
      await socket.close();
    }
  });

  it('refuses a token that was revoked over REST', async () => {
    const demo = await demoLogin(t.baseUrl);
    expect((await post(t.baseUrl, '/api/user/logout', {}, { token: demo.token })).body.code).toBe(1);
    const socket = await TestSocket.open(t.wsUrl);
    try {
      socket.sendJson({ type: 'login', token: demo.token });
      expect(await socket.nextJson()).toMatchObject({ type: 'login_result', code: 999 });
    } finally {
      await socket.close();
    }
  });
});
