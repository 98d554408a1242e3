import { CopySummary, Order, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CopyServer, startCopyServer } from './testing/harness.js';

/**
 * Property tests: random sequences of provider trades, price moves, follows, fund moves and stops
 * (seeded, so a failure replays). After each sequence: every account (providers, followers, copy
 * accounts) equals its ledger and is never below zero; money only moved between them (the copy
 * ledger lines sum to zero); fees paid = fees earned; and every fee replays exactly from the copy's
 * own ledger against the high-water mark.
 */

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
});
afterAll(async () => {
  await s?.close();
});

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
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

interface Person {
  token: string;
  userId: number;
}

async function run(seed: number, steps: number): Promise<void> {
  const r = rng(seed);
  const providers: Person[] = [];
  const strategies: number[] = [];
  for (let i = 0; i < 2; i++) {
    const p = await s.real(`p${seed}-${i}@example.com`, 200_000);
    const made = await s.call(
      routes.publish,
      { name: `S${seed}-${i}`, desc: '', fee_rate: String(10 + i * 15.25), min_invest: '100' },
      p.token,
    );
    expect(made.code, made.msg).toBe(1);
    providers.push(p);
    strategies.push((made.data as { id: number }).id);
  }
  const followers: Person[] = [];
  for (let i = 0; i < 3; i++) followers.push(await s.real(`f${seed}-${i}@example.com`, 30_000));
  const held = new Map<number, number[]>();
  const copies = new Map<number, number[]>();
  let mid = 1.1;
  for (let step = 0; step < steps; step++) {
    const x = r();
    if (x < 0.22) {
      const i = Math.floor(r() * providers.length);
      const lots = (1 + Math.floor(r() * 30)) / 10;
      const res = await s.call(
        routes.submitOrder,
        {
          type: r() < 0.5 ? 1 : 2,
          cont: String(lots),
          forex_id: s.eurusd(),
          status: 1,
          multiple: pick(r, [10, 20, 50]),
        },
        (providers[i] as Person).token,
      );
      if (res.code === 1) held.set(i, [...(held.get(i) ?? []), Order.parse(res.data).Id]);
    } else if (x < 0.35) {
      const i = Math.floor(r() * providers.length);
      const ids = held.get(i) ?? [];
      const id = ids.splice(Math.floor(r() * ids.length), 1)[0];
      if (id !== undefined) await s.call(routes.closeOrder, { id }, (providers[i] as Person).token);
    } else if (x < 0.6) {
      mid = Math.max(0.8, Math.min(1.4, mid * (1 + (r() - 0.5) * (r() < 0.1 ? 0.06 : 0.01))));
      s.tick('EURUSD', mid.toFixed(5), (mid + 0.0001).toFixed(5));
      await s.settleCopies();
    } else if (x < 0.72) {
      const f = Math.floor(r() * followers.length);
      const res = await s.call(
        routes.copy,
        {
          strategy_id: pick(r, strategies),
          amount: String(100 + Math.floor(r() * 8000)),
          equity_stop_loss: r() < 0.3 ? '90' : '0',
        },
        (followers[f] as Person).token,
      );
      if (res.code === 1) copies.set(f, [...(copies.get(f) ?? []), CopySummary.parse(res.data).copy_id]);
    } else if (x < 0.84) {
      const f = Math.floor(r() * followers.length);
      const id = pick(r, copies.get(f) ?? [0]);
      if (id) {
        const amount = r() < 0.5 ? String(Math.floor(r() * 2000) + 1) : `-${Math.floor(r() * 3000) + 1}.25`;
        await s.call(routes.copyFunds, { copy_id: id, amount }, (followers[f] as Person).token);
      }
    } else if (x < 0.94) {
      const f = Math.floor(r() * followers.length);
      const id = pick(r, copies.get(f) ?? [0]);
      if (id) await s.call(routes.uncopy, { copy_id: id }, (followers[f] as Person).token);
    } else {
      await s.copy.service.checkEquityStops();
    }
  }
  await s.settleCopies();
}

async function checkWorld(): Promise<number> {
  const db = s.t.server.ctx.db.kysely;
  const accounts = await db.selectFrom('accounts').selectAll().execute();
  const sums = await db
    .selectFrom('ledger')
    .select((eb) => [
      'user_id',
      eb.fn.sum<string>('free_delta_micros').as('free'),
      eb.fn.sum<string>('frozen_delta_micros').as('frozen'),
    ])
    .groupBy('user_id')
    .execute();
  const byUser = new Map(sums.map((row) => [row.user_id, row]));
  for (const a of accounts) {
    expect(Number(a.balance_micros)).toBeGreaterThanOrEqual(0);
    expect(Number(a.frozen_micros)).toBeGreaterThanOrEqual(0);
    const l = byUser.get(a.user_id);
    expect([a.user_id, Number(a.balance_micros), Number(a.frozen_micros)]).toEqual([
      a.user_id,
      Number(l?.free ?? 0),
      Number(l?.frozen ?? 0),
    ]);
  }
  // Copy money only moves between accounts.
  const moved = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<string>('free_delta_micros').as('s'))
    .where('kind', 'like', 'copy_%')
    .executeTakeFirstOrThrow();
  expect(Number(moved.s ?? 0)).toBe(0);
  const paid = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<string>('free_delta_micros').as('s'))
    .where('kind', '=', 'copy_fee_paid')
    .executeTakeFirstOrThrow();
  const earned = await db
    .selectFrom('strategies')
    .select((eb) => eb.fn.sum<string>('fees_earned_micros').as('s'))
    .executeTakeFirstOrThrow();
  const onCopies = await db
    .selectFrom('copies')
    .select((eb) => eb.fn.sum<string>('fees_paid_micros').as('s'))
    .executeTakeFirstOrThrow();
  expect(-Number(paid.s ?? 0)).toBe(Number(earned.s ?? 0));
  expect(Number(onCopies.s ?? 0)).toBe(Number(earned.s ?? 0));
  // Every fee replays from the copy's ledger: mark = money in (net) + profit already charged.
  const copies = await db.selectFrom('copies').selectAll().where('account_id', 'is not', null).execute();
  let fees = 0;
  for (const c of copies) {
    const rows = await db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', c.account_id as number)
      .orderBy('id')
      .execute();
    let hwm = 0;
    const lastReturn =
      c.status === 'stopped' ? rows.filter((x) => x.kind === 'copy_return_out').at(-1)?.id : undefined;
    for (const row of rows) {
      const delta = Number(row.free_delta_micros);
      if (row.kind === 'copy_fund_in') hwm += delta;
      else if (row.kind === 'copy_return_out' && row.id !== lastReturn) hwm = Math.max(0, hwm + delta);
      else if (row.kind === 'copy_fee_paid') {
        const equity = Number(row.balance_after_micros) + Number(row.frozen_after_micros) - delta;
        const expected = Number((BigInt(equity - hwm) * BigInt(c.fee_rate_bp)) / 10_000n);
        expect(-delta).toBe(expected);
        hwm = equity + delta;
        fees++;
      }
    }
  }
  return fees;
}

describe('copy trading under random sequences', () => {
  it.each([11, 29, 53])(
    'seed %i: money conserved, no negative balance, fees exact on the mark',
    async (seed) => {
      await run(seed, 70);
      await checkWorld();
    },
  );

  it('the sequences did copy, skip, close and charge fees (the checks above were not vacuous)', async () => {
    const { opened, closed } = s.copy.mirror.counts;
    expect(opened).toBeGreaterThan(10);
    expect(closed).toBeGreaterThan(5);
    expect(await checkWorld()).toBeGreaterThan(0);
  });
});
