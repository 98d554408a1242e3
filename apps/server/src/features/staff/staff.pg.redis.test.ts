import { randomUUID } from 'node:crypto';
import { ERRORS, type StaffInstrumentList } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../cluster/testing/nodes.js';
import { createTestStorage, startTestServer, type TestServer, type TestStorage } from '../../test/harness.js';
import {
  fixedCaptcha,
  get,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../identity/testing/client.js';
import {
  member,
  ok,
  type SignedIn,
  signInOwner,
  staffBootstrapEnv,
  staffGet,
  staffPost,
} from './testing/staff-client.js';

// Runs only with DATABASE_URL and REDIS_URL (see vitest.config.ts): two nodes of one deployment.
// A dealing change or a compliance hold made through node A applies on node B without a restart.

let storage: TestStorage;
let a: TestServer;
let b: TestServer;
let owner: SignedIn;

beforeAll(async () => {
  storage = await createTestStorage();
  const env = { REDIS_PREFIX: `test-${randomUUID()}:`, MARKET_FEED: 'off', ...staffBootstrapEnv() };
  const overrides = withIdentity({ captchaText: fixedCaptcha });
  a = await startTestServer({ storage, env, overrides });
  b = await startTestServer({ storage, env, overrides });
  await useCaptchaRegistration(a.server.ctx.db.kysely);
  owner = await signInOwner(a.baseUrl);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await storage?.dispose();
});

describe('back office across nodes', () => {
  it('applies an instrument change made on one node on the other at once', async () => {
    const dealing = await member(a.baseUrl, owner.token, 'dealing');
    const list = ok<StaffInstrumentList>(await staffGet(a.baseUrl, '/api/staff/instruments', dealing.token));
    const eurusd = list.list.find((i) => i.code === 'EURUSD');
    if (!eurusd) throw new Error('no EURUSD');
    ok(
      await staffPost(a.baseUrl, '/api/staff/instruments/update', dealing.token, {
        id: eurusd.id,
        spread: '0.00040',
        enabled: 0,
      }),
    );
    await waitFor(
      () =>
        b.server.ctx.services.markets.instrument(eurusd.id)?.dealerSpread === '0.00040' ? true : undefined,
      'node B to reload EURUSD',
    );
    expect(b.server.ctx.services.markets.instrument(eurusd.id)?.enabled).toBe(false);
    // The session made on node A works on node B: staff sessions live in the database.
    expect((await staffGet(b.baseUrl, '/api/staff/me', dealing.token)).body.code).toBe(1);
    ok(
      await staffPost(b.baseUrl, '/api/staff/instruments/update', dealing.token, {
        id: eurusd.id,
        spread: '',
        enabled: 1,
      }),
    );
    await waitFor(
      () => (a.server.ctx.services.markets.instrument(eurusd.id)?.enabled === true ? true : undefined),
      'node A to reload EURUSD',
    );
  });

  it('freezes trading on every node', async () => {
    const compliance = await member(a.baseUrl, owner.token, 'compliance');
    const u = await registerUser(a.baseUrl, `frozen-${Date.now()}@example.com`);
    ok(
      await staffPost(a.baseUrl, '/api/staff/users/restrict', compliance.token, {
        id: u.user.id,
        trading_frozen: 1,
        reason: 'review',
      }),
    );
    const submitOn = (node: TestServer) =>
      get(
        node.baseUrl,
        '/v1/api/forex/submit',
        { type: 1, cont: '0.01', forex_id: 1, status: 1, multiple: 30 },
        { token: u.token },
      );
    await waitFor(
      async () => ((await submitOn(b)).body.code === ERRORS.trading_frozen.code ? true : undefined),
      'node B to hold the account',
    );
    expect((await submitOn(a)).body.code).toBe(ERRORS.trading_frozen.code);
  });
});
