import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck, startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Property tests: random sequences of orders, ticks, TP/SL edits, closes and cancels — one at a
 * time and all at once — then every account must satisfy: free + frozen = the sum of its ledger =
 * grants + realised P&L − fees + protection credits; frozen = the margin of its open orders; and no
 * flat account below zero. Seeded, so a failure replays.
 */

let s: TradingServer;
beforeAll(async () => {
  s = await startTradingServer();
});
afterAll(async () => {
  await s?.close();
});

/** mulberry32: small, seedable, good enough to pick actions. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CODES = ['EURUSD', 'GBPUSD', 'EURGBP'] as const;
const START: Record<(typeof CODES)[number], number> = { EURUSD: 1.1, GBPUSD: 1.25, EURGBP: 0.85 };
const SPREAD = 0.0001;

interface World {
  rand: () => number;
  mids: Record<string, number>;
  users: Array<{ token: string; userId: number }>;
  ids: number[];
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function tick(w: World): void {
  const code = pick(w.rand, CODES);
  // Mostly small moves, now and then a gap of several percent (stop-outs, protection).
  const jump = w.rand() < 0.06 ? (w.rand() - 0.5) * 0.3 : (w.rand() - 0.5) * 0.004;
  const mid = Math.max(0.3, (w.mids[code] ?? 1) * (1 + jump));
  w.mids[code] = mid;
  s.tick(code, (mid - SPREAD / 2).toFixed(5), (mid + SPREAD / 2).toFixed(5));
}

async function act(w: World): Promise<void> {
  const r = w.rand();
  const user = pick(w.rand, w.users);
  if (r < 0.3) return tick(w);
  if (r < 0.62) {
    const code = pick(w.rand, CODES);
    const mid = w.mids[code] ?? 1;
    const pending = w.rand() < 0.3;
    const buy = w.rand() < 0.5;
    const off = (w.rand() * 0.01 + 0.001) * mid;
    const q: Record<string, string | number> = {
      type: buy ? 1 : 2,
      cont: pick(w.rand, ['0.01', '0.5', '1', '3', '8', '15']),
      forex_id: s.engine.pricing.markets.requireInstrument(code).id,
      status: pending ? 0 : 1,
      multiple: pick(w.rand, [10, 20]),
    };
    if (pending) q.target_price = (mid + (w.rand() < 0.5 ? off : -off)).toFixed(5);
    if (w.rand() < 0.5) q.target_profit_price = (buy ? mid + off * 2 : mid - off * 2).toFixed(5);
    if (w.rand() < 0.5) q.stop_loss_price = (buy ? mid - off * 3 : mid + off * 3).toFixed(5);
    const res = await s.api('/v1/api/forex/submit', q, user.token);
    const data = res.body.data as { Id?: number } | null;
    if (res.body.code === 1 && data?.Id) w.ids.push(data.Id);
    return;
  }
  const orderId = pick(w.rand, w.ids.length > 0 ? w.ids : [1]);
  if (r < 0.8) {
    await s.api('/v1/api/forex/close', { id: orderId }, user.token);
  } else if (r < 0.9) {
    await s.api('/v1/api/forex/cancel_trade', { id: orderId }, user.token);
  } else if (r < 0.99) {
    const mid = w.mids.EURUSD ?? 1.1;
    await s.api(
      '/v1/api/forex/set_stop_price',
      { id: orderId, target_profit_price: (mid * 1.02).toFixed(5), stop_loss_price: (mid * 0.98).toFixed(5) },
      user.token,
    );
  } else {
    await s.api('/v1/api/main/user/resetForexDemoAccount', {}, user.token);
  }
}

async function checkAll(w: World): Promise<void> {
  await s.settle();
  const db = s.t.server.ctx.db.kysely;
  for (const { userId } of w.users) {
    const c = await accountCheck(s, userId);
    // The free balance may stand below zero only while positions back it (a closed loss paid from
    // their frozen margin); a flat account's balance never is (the house's protection).
    if (c.holdingOrders === 0) expect(c.freeMicros + c.frozenMicros).toBeGreaterThanOrEqual(0);
    expect(c.frozenMicros).toBeGreaterThanOrEqual(0);
    expect(c.freeMicros).toBe(c.ledgerFree);
    expect(c.frozenMicros).toBe(c.ledgerFrozen);
    expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
    const open = await db
      .selectFrom('orders')
      .select('margin_micros')
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1])
      .execute();
    expect(c.frozenMicros).toBe(open.reduce((n, o) => n + Number(o.margin_micros), 0));
  }
}

async function world(seed: number, users: number): Promise<World> {
  const w: World = { rand: rng(seed), mids: { ...START }, users: [], ids: [] };
  for (const code of CODES)
    s.tick(code, (START[code] - SPREAD / 2).toFixed(5), (START[code] + SPREAD / 2).toFixed(5));
  for (let i = 0; i < users; i++) w.users.push(await s.demo());
  return w;
}

describe('money is conserved', () => {
  afterAll(async () => {
    // The sequences must have exercised the server's own closes, or they prove little.
    const rows = await s.t.server.ctx.db.kysely
      .selectFrom('orders')
      .select(['close_reason', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('close_reason')
      .execute();
    const seen = new Map(rows.map((r) => [r.close_reason, Number(r.n)]));
    for (const reason of ['manual', 'tp', 'sl', 'stop_out', 'cancelled'])
      expect(seen.get(reason) ?? 0).toBeGreaterThan(0);
    const protectedCloses = await s.t.server.ctx.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('protection_micros', '>', 0)
      .execute();
    expect(protectedCloses.length).toBeGreaterThan(0);
  });

  for (const seed of [1, 2, 3]) {
    it(`one step at a time (seed ${seed})`, async () => {
      const w = await world(seed, 4);
      for (let i = 0; i < 150; i++) {
        await act(w);
        if (i % 10 === 9) await s.settle();
      }
      await checkAll(w);
    });
  }

  for (const seed of [11, 12]) {
    it(`with everything at once (seed ${seed})`, async () => {
      const w = await world(seed, 4);
      for (let round = 0; round < 8; round++) {
        // Requests in flight together, ticks (and so triggers) landing between them.
        await Promise.all(Array.from({ length: 25 }, () => act(w)));
      }
      await checkAll(w);
    });
  }
});
