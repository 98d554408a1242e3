import { Order, RankingList } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { postLedgerEntry } from '../accounts/index.js';
import {
  fixedCaptcha,
  get,
  post,
  type Registered,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../identity/testing/client.js';
import { ScriptedFeed, VirtualTime } from '../markets/index.js';
import { createRankingFeature } from './ranking.feature.js';

/**
 * The board built from trades made through the engine (the API, a scripted feed), refreshed by
 * the feature's own schedule rather than by a direct call.
 */

const TUESDAY = Date.parse('2026-01-13T10:00:00Z');

let t: TestServer;
let feed: ScriptedFeed;
let time: VirtualTime;
let trader: Registered;

const tick = (bid: string, ask: string) => {
  if (!feed.push({ code: 'EURUSD', bid, ask, timeMs: time.now() })) throw new Error('feed stopped');
};

beforeAll(async () => {
  time = new VirtualTime(TUESDAY);
  feed = new ScriptedFeed();
  const base = withIdentity({ captchaText: fixedCaptcha }, { markets: { clock: time, timers: time, feed } });
  // A short interval so the schedule, not the test, produces the board.
  const features = (base.features ?? []).map((f) =>
    f.name === 'ranking' ? createRankingFeature({ refreshMs: 150 }) : f,
  );
  t = await startTestServer({ overrides: { ...base, features } });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
  trader = await registerUser(t.baseUrl, 'leader@example.com');
  // A real account starts empty; credit it as an approved deposit would.
  await t.server.ctx.db.kysely.transaction().execute((trx) =>
    postLedgerEntry(trx, {
      userId: trader.user.id,
      kind: 'deposit',
      freeDelta: 50_000_000_000,
      frozenDelta: 0,
      memoKey: 'ledger_deposit_credit',
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

async function api(path: string, query: Record<string, string | number>) {
  const res = await get(t.baseUrl, path, query, { token: trader.token });
  expect(res.body.code, res.body.msg).toBe(1);
  return res.body.data;
}

/** Buys 1 lot of EURUSD at 1.10010 (ask) and sells it back at `closeBid`. */
async function roundTrip(leverage: number, closeBid: string): Promise<void> {
  tick('1.10000', '1.10010');
  const opened = Order.parse(
    await api('/v1/api/forex/submit', {
      type: 1,
      cont: '1',
      forex_id: eurusdId(),
      status: 1,
      multiple: leverage,
    }),
  );
  tick(closeBid, (Number(closeBid) + 0.0001).toFixed(5));
  await api('/v1/api/forex/close', { id: opened.Id });
}

const eurusdId = () => t.server.ctx.services.markets.requireInstrument('EURUSD').id;

async function waitForBoard(check: (b: RankingList) => boolean): Promise<RankingList> {
  for (let i = 0; i < 500; i++) {
    const res = await get(t.baseUrl, '/api/follow/list');
    const b = RankingList.parse(res.body.data);
    if (check(b)) return b;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the board never showed the expected state');
}

describe('the board from trades made in the app', () => {
  it('ranks a real trader who opted in, with the figures the engine booked', async () => {
    // Each trade: 1 lot × 100,000 EUR, bought at 1.10010; fee 7 USD per lot (trade_fee_type 1).
    //   lev 20: margin 110,010 / 20 = 5,500.50; lev 30: 110,010 / 30 = 3,667.00
    //   closed at 1.10200: pnl +190 → net +183 (win); at 1.09900: pnl −110 → net −117 (loss)
    await roundTrip(20, '1.10200'); // +183
    await roundTrip(20, '1.09900'); // −117
    await roundTrip(20, '1.10200'); // +183
    await roundTrip(20, '1.09900'); // −117
    await roundTrip(30, '1.10200'); // +183
    // A pending order cancelled before it fills is not a trade.
    tick('1.10000', '1.10010');
    const pending = Order.parse(
      await api('/v1/api/forex/submit', {
        type: 1,
        cont: '1',
        forex_id: eurusdId(),
        status: 0,
        target_price: '1.05000',
        multiple: 20,
      }),
    );
    await api('/v1/api/forex/cancel_trade', { id: pending.Id });

    const on = await post(t.baseUrl, '/api/follow/opt_in', { on: 1 }, { token: trader.token });
    expect(on.body.code).toBe(1);

    // net 3 × 183 − 2 × 117 = 315; margin 4 × 5,500.50 + 3,667 = 25,669
    //   rate 315 / 25,669 × 100 = 1.22716… → "1.23"; wins 3 / 5 → "60.00"; leverages 20 20 20 20 30 → 20
    const board = await waitForBoard((b) => b.list.length > 0);
    expect(board.list).toEqual([
      {
        rank: 1,
        user: 'l***@example.com',
        uid: trader.user.uid,
        multiple: 20,
        three_week_rate: '1.23',
        three_week_win: '60.00',
        three_week_profit: '315.000000',
        total_rate: '1.23',
        total_trade_num: 5,
        code: 'EURUSD',
      },
    ]);
    expect(board.updated_at).toBe(TUESDAY);
  });
});
