import { ERRORS, RankingList } from '@meridian/contract';
import { toMicros } from '@meridian/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  demoLogin,
  fixedCaptcha,
  get,
  post,
  type Registered,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../identity/testing/client.js';
import { instrumentByCode, ScriptedFeed, VirtualTime } from '../markets/index.js';
import type { RankingService } from './ranking.service.js';

/**
 * The board against a history worked out by hand. Trades are written straight into the orders
 * table (as the engine leaves them once closed), so every amount is exact and chosen; the engine
 * path is covered by ranking.engine.test.ts.
 */

const NOW = Date.parse('2026-01-13T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const WINDOW_START = NOW - 21 * DAY;

let t: TestServer;
let time: VirtualTime;
let ranking: RankingService;
let frank: Registered;

const db = () => t.server.ctx.db.kysely;
const usd = (amount: string) => toMicros(amount);

let nextUid = 50_000_000;
async function insertUser(email: string, isDemo = false): Promise<number> {
  const row = await db()
    .insertInto('users')
    .values({
      uid: String(nextUid++),
      email: isDemo ? null : email,
      mobile: null,
      area_id: null,
      password_hash: null,
      is_demo: isDemo ? 1 : 0,
      demo_device_id: isDemo ? email : null,
      invite_code: null,
      invited_by: null,
      created_at: NOW - 60 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function optIn(userId: number): Promise<void> {
  await db()
    .insertInto('ranking_opt_ins')
    .values({ user_id: userId, opted_in: 1, updated_at: NOW })
    .execute();
}

interface TradeSpec {
  code: string;
  leverage: number;
  margin: string;
  fee: string;
  pnl: string;
  closedAt: number;
  /** A pending order cancelled before it filled. */
  cancelled?: boolean;
  /** Still open (status 1). */
  holding?: boolean;
}

async function insertTrade(userId: number, s: TradeSpec): Promise<void> {
  const instrument = instrumentByCode(s.code);
  if (!instrument) throw new Error(`unknown ${s.code}`);
  const filled = !s.cancelled;
  await db()
    .insertInto('orders')
    .values({
      user_id: userId,
      instrument_id: instrument.id,
      side: 1,
      status: s.holding ? 1 : 3,
      lots: '0.01',
      leverage: s.leverage,
      open_price: filled ? '1' : null,
      target_price: filled ? null : '1',
      fill_direction: filled ? null : 'at_or_below',
      tp: null,
      sl: null,
      margin_micros: usd(s.margin),
      fee_micros: usd(s.fee),
      close_price: s.holding || !filled ? null : '1',
      pnl_micros: usd(s.pnl),
      close_reason: s.holding ? null : filled ? 'manual' : 'cancelled',
      created_at: s.closedAt - DAY,
      filled_at: filled ? s.closedAt - DAY : null,
      closed_at: s.holding ? null : s.closedAt,
    })
    .execute();
}

/** `n` identical trades closed a day ago. */
async function insertMany(userId: number, n: number, s: Omit<TradeSpec, 'closedAt'>, closedAt = NOW - DAY) {
  for (let i = 0; i < n; i++) await insertTrade(userId, { ...s, closedAt });
}

async function board(): Promise<RankingList> {
  const res = await get(t.baseUrl, '/api/follow/list');
  expect(res.body.code).toBe(1);
  return RankingList.parse(res.body.data);
}

const names = async () => (await board()).list.map((e) => e.user);

beforeAll(async () => {
  time = new VirtualTime(NOW);
  t = await startTestServer({
    overrides: withIdentity(
      { captchaText: fixedCaptcha },
      { markets: { clock: time, timers: time, feed: new ScriptedFeed() } },
    ),
  });
  await useCaptchaRegistration(db());
  const service = t.server.ctx.services.ranking;
  if (!service) throw new Error('the ranking feature is not registered');
  ranking = service;
  frank = await registerUser(t.baseUrl, 'frank@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('the leaders board', () => {
  it('is empty before anyone trades, and stays a snapshot between refreshes', async () => {
    await ranking.refresh();
    const empty = await board();
    expect(empty.list).toEqual([]);
    expect(empty.updated_at).toBe(NOW);
  });

  it('computes every figure from closed trades as worked out by hand', async () => {
    // ---- alice: the worked example -----------------------------------------------------------
    //  #  closed            code    lev  margin   fee    pnl      net (pnl − fee)  win?
    //  1  1 day ago         EURUSD  30   100.00   0.50   +20.00   +19.50           yes
    //  2  2 days ago        EURUSD  30   200.00   1.00   −11.00   −12.00           no
    //  3  3 days ago        BTCUSD   2   500.00   2.50   +40.00   +37.50           yes
    //  4  4 days ago        BTCUSD   2   300.00   1.50    +1.50     0.00           no (net must be > 0)
    //  5  5 days ago        XAUUSD  20   150.00   0.75   +10.00    +9.25           yes
    //  6  6 days ago        GBPUSD  10    50.00   0.25    −5.00    −5.25           no
    //  7  exactly 21 d ago  XAUUSD  20   100.00   0.50    −2.50    −3.00           no  (in: the window includes its start)
    //  8  21 d + 1 s ago    BTCUSD   5  1000.00   5.00  +205.00  +200.00           (out of the window; in the totals)
    //  9  cancelled pending order, margin 400, fee 2: never filled, counts nowhere
    // 10  still holding: not closed, counts nowhere
    //
    // window (1–7): net = 19.5 − 12 + 37.5 + 0 + 9.25 − 5.25 − 3 = 46.00; margin = 1400.00
    //   three_week_rate   = 46 / 1400 × 100 = 3.285714… → "3.29"
    //   three_week_win    = 3 / 7 × 100     = 42.857142… → "42.86"
    //   three_week_profit = "46.000000"
    //   code: EURUSD 2 trades (margin 300), BTCUSD 2 (800), XAUUSD 2 (250), GBPUSD 1 → tie on count,
    //         BTCUSD has the largest margin → "BTCUSD"
    //   multiple: leverages sorted 2 2 10 20 20 30 30 → median (4th of 7) = 20
    // history (1–8): net = 46 + 200 = 246; margin = 1400 + 1000 = 2400
    //   total_rate = 246 / 2400 × 100 = 10.25 → "10.25"; total_trade_num = 8
    const alice = await insertUser('alice@example.com');
    await optIn(alice);
    await insertTrade(alice, {
      code: 'EURUSD',
      leverage: 30,
      margin: '100',
      fee: '0.5',
      pnl: '20',
      closedAt: NOW - DAY,
    });
    await insertTrade(alice, {
      code: 'EURUSD',
      leverage: 30,
      margin: '200',
      fee: '1',
      pnl: '-11',
      closedAt: NOW - 2 * DAY,
    });
    await insertTrade(alice, {
      code: 'BTCUSD',
      leverage: 2,
      margin: '500',
      fee: '2.5',
      pnl: '40',
      closedAt: NOW - 3 * DAY,
    });
    await insertTrade(alice, {
      code: 'BTCUSD',
      leverage: 2,
      margin: '300',
      fee: '1.5',
      pnl: '1.5',
      closedAt: NOW - 4 * DAY,
    });
    await insertTrade(alice, {
      code: 'XAUUSD',
      leverage: 20,
      margin: '150',
      fee: '0.75',
      pnl: '10',
      closedAt: NOW - 5 * DAY,
    });
    await insertTrade(alice, {
      code: 'GBPUSD',
      leverage: 10,
      margin: '50',
      fee: '0.25',
      pnl: '-5',
      closedAt: NOW - 6 * DAY,
    });
    await insertTrade(alice, {
      code: 'XAUUSD',
      leverage: 20,
      margin: '100',
      fee: '0.5',
      pnl: '-2.5',
      closedAt: WINDOW_START,
    });
    await insertTrade(alice, {
      code: 'BTCUSD',
      leverage: 5,
      margin: '1000',
      fee: '5',
      pnl: '205',
      closedAt: WINDOW_START - 1000,
    });
    await insertTrade(alice, {
      code: 'EURUSD',
      leverage: 30,
      margin: '400',
      fee: '2',
      pnl: '0',
      closedAt: NOW - DAY,
      cancelled: true,
    });
    await insertTrade(alice, {
      code: 'EURUSD',
      leverage: 30,
      margin: '400',
      fee: '2',
      pnl: '0',
      closedAt: NOW,
      holding: true,
    });

    // ---- bob: exactly the minimum of 5 trades, 5 × (margin 100, net +10) → 10.00 %, profit 50 ----
    const bob = await insertUser('bob@example.com');
    await optIn(bob);
    await insertMany(bob, 5, { code: 'EURUSD', leverage: 50, margin: '100', fee: '0.1', pnl: '10.1' });
    // ---- gina: the same 10.00 % as bob on twice the money (profit 100) → ranked above him --------
    const gina = await insertUser('gina@example.com');
    await optIn(gina);
    await insertMany(gina, 5, { code: 'GBPUSD', leverage: 30, margin: '200', fee: '0.2', pnl: '20.2' });
    // ---- carol: 4 brilliant trades in the window (below the minimum) + 3 older ones → not ranked --
    const carol = await insertUser('carol@example.com');
    await optIn(carol);
    await insertMany(carol, 4, { code: 'EURUSD', leverage: 30, margin: '10', fee: '0', pnl: '100' });
    await insertMany(
      carol,
      3,
      { code: 'EURUSD', leverage: 30, margin: '10', fee: '0', pnl: '100' },
      NOW - 30 * DAY,
    );
    // ---- dan: a demo account with a (forged) opt-in row and great trades → never listed ---------
    const dan = await insertUser('dan-device', true);
    await optIn(dan);
    await insertMany(dan, 6, { code: 'EURUSD', leverage: 30, margin: '10', fee: '0', pnl: '100' });
    // ---- erin: a real trader who never opted in → not listed ------------------------------------
    const erin = await insertUser('erin@example.com');
    await insertMany(erin, 6, { code: 'EURUSD', leverage: 30, margin: '10', fee: '0', pnl: '100' });
    // ---- frank (registered through the API, opts in through it): 5 × (margin 10, net −1) --------
    //   (pnl −0.99, fee 0.01 → net −1.00) rate −5 / 50 = −10.00 %, win 0.00 %, profit "-5.000000", multiple 100, code USDJPY
    await insertMany(frank.user.id, 5, {
      code: 'USDJPY',
      leverage: 100,
      margin: '10',
      fee: '0.01',
      pnl: '-0.99',
    });
    const on = await post(t.baseUrl, '/api/follow/opt_in', { on: 1 }, { token: frank.token });
    expect(on.body).toMatchObject({ code: 1, data: { on: 1, user: 'f***@example.com' } });

    // Not computed per request: the board still shows the last refresh.
    expect((await board()).list).toEqual([]);

    const { ranked } = await ranking.refresh();
    expect(ranked).toBe(4);
    const list = (await board()).list;
    expect(list).toEqual([
      {
        rank: 1,
        user: 'g***@example.com',
        uid: expect.any(String),
        multiple: 30,
        three_week_rate: '10.00',
        three_week_win: '100.00',
        three_week_profit: '100.000000',
        total_rate: '10.00',
        total_trade_num: 5,
        code: 'GBPUSD',
      },
      {
        rank: 2,
        user: 'b***@example.com',
        uid: expect.any(String),
        multiple: 50,
        three_week_rate: '10.00',
        three_week_win: '100.00',
        three_week_profit: '50.000000',
        total_rate: '10.00',
        total_trade_num: 5,
        code: 'EURUSD',
      },
      {
        rank: 3,
        user: 'a***@example.com',
        uid: expect.any(String),
        multiple: 20,
        three_week_rate: '3.29',
        three_week_win: '42.86',
        three_week_profit: '46.000000',
        total_rate: '10.25',
        total_trade_num: 8,
        code: 'BTCUSD',
      },
      {
        rank: 4,
        user: 'f***@example.com',
        uid: frank.user.uid,
        multiple: 100,
        three_week_rate: '-10.00',
        three_week_win: '0.00',
        three_week_profit: '-5.000000',
        total_rate: '-10.00',
        total_trade_num: 5,
        code: 'USDJPY',
      },
    ]);
    // The full address is never on the board.
    expect(JSON.stringify(list)).not.toContain('alice@');
  });

  it('drops a trade from the window one second after it turns 21 days old', async () => {
    // Trade 7 (closed exactly 21 days ago) leaves alice's window; the rest is as before:
    //   net 46 + 3 = 49.00 over margin 1400 − 100 = 1300 → 3.769230… → "3.77"; wins 3 / 6 → "50.00"
    //   code: XAUUSD now has 1 trade; EURUSD 2 (300) vs BTCUSD 2 (800) → "BTCUSD"
    //   multiple: 2 2 10 20 30 30 → lower middle (3rd of 6) = 10; history unchanged: "10.25", 8
    time.advance(1000);
    await ranking.refresh();
    const alice = (await board()).list.find((e) => e.user === 'a***@example.com');
    expect(alice).toMatchObject({
      rank: 3,
      multiple: 10,
      three_week_rate: '3.77',
      three_week_win: '50.00',
      three_week_profit: '49.000000',
      total_rate: '10.25',
      total_trade_num: 8,
      code: 'BTCUSD',
    });
  });

  it('removes a trader who opts out at once, and keeps them off at the next refresh', async () => {
    const state = await get(t.baseUrl, '/api/follow/opt_in', {}, { token: frank.token });
    expect(state.body).toMatchObject({ code: 1, data: { on: 1, user: 'f***@example.com' } });
    const off = await post(t.baseUrl, '/api/follow/opt_in', { on: 0 }, { token: frank.token });
    expect(off.body).toMatchObject({ code: 1, data: { on: 0 } });
    expect(await names()).toEqual(['g***@example.com', 'b***@example.com', 'a***@example.com']);
    await ranking.refresh();
    expect(await names()).toEqual(['g***@example.com', 'b***@example.com', 'a***@example.com']);
    // Back on: listed again from the next refresh.
    await post(t.baseUrl, '/api/follow/opt_in', { on: '1' }, { token: frank.token });
    await ranking.refresh();
    expect(await names()).toContain('f***@example.com');
  });

  it('lets only real accounts choose, and checks the choice', async () => {
    const demo = await demoLogin(t.baseUrl);
    const refused = await post(t.baseUrl, '/api/follow/opt_in', { on: 1 }, { token: demo.token });
    expect(refused.body.code).toBe(ERRORS.only_real_account.code);
    expect(refused.status).toBe(403);
    const visitor = await get(t.baseUrl, '/api/follow/opt_in');
    expect(visitor.body.code).toBe(999);
    for (const on of ['2', '-1', 'yes', '']) {
      const bad = await post(t.baseUrl, '/api/follow/opt_in', { on }, { token: frank.token });
      expect(bad.body.code, `on=${on}`).toBe(ERRORS.validation_failed.code);
    }
  });
});
