import { LoginResponse } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { hashToken, SessionStore } from './sessions.js';
import {
  demoLogin,
  fixedCaptcha,
  get,
  post,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';

let t: TestServer;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await startTestServer({ overrides: withIdentity({ captchaText: fixedCaptcha }) });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
});

const info = (token: string) => get(t.baseUrl, '/api/user/info', {}, { token });

/** What another node does when its user logs out: the row changes, this node is not told. */
async function revokeElsewhere(token: string): Promise<void> {
  await t.server.ctx.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

describe('the session cache', () => {
  it("serves a session it read from memory, and sees another node's revocation within its lifetime", async () => {
    const { token } = await demoLogin(t.baseUrl);
    // Three seconds of cache: long enough that a loaded machine (CI runs browsers beside this
    // suite) still reads twice within it, short enough to wait out below.
    const store = new SessionStore(t.server.ctx.db.kysely, DAY, undefined, 3_000);
    const user = await store.resolve(token);
    expect(user).not.toBeNull();
    await revokeElsewhere(token);
    // Within the cache lifetime this node still trusts what it read…
    expect(await store.resolve(token)).toEqual(user);
    // …and once it has passed, it reads the row again and refuses.
    let seen = user;
    for (let i = 0; i < 1_000 && seen !== null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await store.resolve(token);
    }
    expect(seen).toBeNull();
  });

  it('logout ends the session at once for every store of the node, the live socket included', async () => {
    const { token } = await demoLogin(t.baseUrl);
    const socketSide = new SessionStore(t.server.ctx.db.kysely, DAY);
    expect((await info(token)).body.code).toBe(1);
    expect(await socketSide.verifier().verify(token)).not.toBeNull();
    expect((await post(t.baseUrl, '/api/user/logout', {}, { token })).body.code).toBe(1);
    expect(await socketSide.verifier().verify(token)).toBeNull();
    expect((await info(token)).body.code).toBe(999);
  });

  it('a password change ends the other sessions at once and keeps this one uncached for a while', async () => {
    const other = await registerUser(t.baseUrl, 'cache@example.com');
    const here = LoginResponse.parse(
      (await post(t.baseUrl, '/api/user/loginForU', { account: 'cache@example.com', password: 'secret123' }))
        .body.data,
    );
    expect((await info(other.token)).body.code).toBe(1);
    expect((await info(here.token)).body.code).toBe(1);
    const amended = await post(
      t.baseUrl,
      '/api/user/amend_password',
      { type: 1, auth_code: 'secret123', new_password: 'fresh789', re_password: 'fresh789' },
      { token: here.token },
    );
    expect(amended.body.code).toBe(1);
    expect((await info(other.token)).body.code).toBe(999);
    expect((await info(here.token)).body.code).toBe(1);
    // The revocation ran inside a transaction, so this user's sessions are read from the database
    // for a while: a revocation by another node right after is seen at once.
    await revokeElsewhere(here.token);
    expect((await info(here.token)).body.code).toBe(999);
  });

  it('with a lifetime of 0 it reads the database every time', async () => {
    const { token } = await demoLogin(t.baseUrl);
    const store = new SessionStore(t.server.ctx.db.kysely, DAY, undefined, 0);
    expect(await store.resolve(token)).not.toBeNull();
    await revokeElsewhere(token);
    expect(await store.resolve(token)).toBeNull();
  });
});
