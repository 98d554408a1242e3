import { CopySummary, Order, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CopyServer, startCopyServer } from './testing/harness.js';

/**
 * Races: a provider's burst of orders, a follower stopping while the provider closes, a copy account
 * stopped out mid-copy. Afterwards no copy is lost or doubled (one link per copy and provider order,
 * at most one copied order each) and money is where the ledger says.
 */

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
});
afterAll(async () => {
  await s?.close();
});

async function ledgerMatches(): Promise<void> {
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
  const byUser = new Map(sums.map((r) => [r.user_id, r]));
  for (const a of accounts) {
    expect(Number(a.balance_micros)).toBeGreaterThanOrEqual(0);
    expect([a.user_id, Number(a.balance_micros), Number(a.frozen_micros)]).toEqual([
      a.user_id,
      Number(byUser.get(a.user_id)?.free ?? 0),
      Number(byUser.get(a.user_id)?.frozen ?? 0),
    ]);
  }
  const moved = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<string>('free_delta_micros').as('s'))
    .where('kind', 'like', 'copy_%')
    .executeTakeFirstOrThrow();
  expect(Number(moved.s ?? 0)).toBe(0);
}

describe('copy trading races', () => {
  it('a burst of provider orders is copied exactly once each, while a follower stops halfway', async () => {
    const provider = await s.demo();
    const made = await s.call(
      routes.publish,
      { name: 'Burst', desc: '', fee_rate: '0', min_invest: '100' },
      provider.token,
    );
    const strategyId = (made.data as { id: number }).id;
    const followers = await Promise.all(Array.from({ length: 6 }, () => s.demo()));
    const copies: number[] = [];
    for (const f of followers) {
      const r = await s.call(routes.copy, { strategy_id: strategyId, amount: '20000' }, f.token);
      copies.push(CopySummary.parse(r.data).copy_id);
    }
    // Ten orders at once, and the first follower stops at the same moment.
    const { call } = await import('../identity/testing/client.js');
    const burst = Array.from({ length: 10 }, (_, i) =>
      call(
        s.t.baseUrl,
        routes.submitOrder,
        { type: i % 2 ? 1 : 2, cont: '0.5', forex_id: s.eurusd(), status: 1, multiple: 20 },
        { token: provider.token },
      ),
    );
    const stop = call(
      s.t.baseUrl,
      routes.uncopy,
      { copy_id: copies[0] as number },
      { token: (followers[0] as { token: string }).token },
    );
    const answers = await Promise.all([...burst, stop]);
    for (const a of answers) expect(a.body.code, a.body.msg).toBe(1);
    await s.settleCopies();
    const orders = answers.slice(0, 10).map((a) => Order.parse(a.body.data));
    // And the provider closes them all while a second follower stops.
    const closes = orders.map((o) =>
      call(s.t.baseUrl, routes.closeOrder, { id: o.Id }, { token: provider.token }),
    );
    const stop2 = call(
      s.t.baseUrl,
      routes.uncopy,
      { copy_id: copies[1] as number },
      { token: (followers[1] as { token: string }).token },
    );
    for (const a of await Promise.all([...closes, stop2])) expect(a.body.code, a.body.msg).toBe(1);
    await s.settleCopies();

    const db = s.t.server.ctx.db.kysely;
    const links = await db.selectFrom('copy_links').selectAll().where('copy_id', 'in', copies).execute();
    const keys = links.map((l) => `${l.copy_id}:${l.provider_order_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const copied = links.filter((l) => l.copy_order_id !== null).map((l) => Number(l.copy_order_id));
    expect(new Set(copied).size).toBe(copied.length);
    // The four followers who kept copying got every one of the ten orders, and hold nothing now.
    for (const id of copies.slice(2)) {
      expect(links.filter((l) => l.copy_id === id && l.copy_order_id !== null)).toHaveLength(10);
    }
    const open = await db
      .selectFrom('orders')
      .innerJoin('copies', 'copies.account_id', 'orders.user_id')
      .select('orders.id')
      .where('copies.id', 'in', copies)
      .where('orders.status', '=', 1)
      .execute();
    expect(open).toEqual([]);
    const stopped = await db
      .selectFrom('copies')
      .select(['id', 'status'])
      .where('id', 'in', copies.slice(0, 2))
      .execute();
    expect(stopped.map((c) => c.status)).toEqual(['stopped', 'stopped']);
    await ledgerMatches();
  });

  it('a copy account stopped out mid-copy stays consistent, and the copy can still be stopped', async () => {
    const provider = await s.demo();
    const made = await s.call(
      routes.publish,
      { name: 'Stopped out', desc: '', fee_rate: '0', min_invest: '100' },
      provider.token,
    );
    const strategyId = (made.data as { id: number }).id;
    const follower = await s.demo();
    const copy = CopySummary.parse(
      (await s.call(routes.copy, { strategy_id: strategyId, amount: '6000' }, follower.token)).data,
    );
    // 10 lots for the provider (55,005 margin of 100,000); the copy's 0.6 lot uses 3,300.3 of 6,000.
    const order = Order.parse(
      (
        await s.call(
          routes.submitOrder,
          { type: 1, cont: '10', forex_id: s.eurusd(), status: 1, multiple: 20 },
          provider.token,
        )
      ).data,
    );
    await s.settleCopies();
    // The follower takes most of the copy's free money out: its margin level is now far thinner
    // than the provider's, and a fall stops the copy account out while the provider holds on.
    const taken = await s.call(routes.copyFunds, { copy_id: copy.copy_id, amount: '-2600' }, follower.token);
    expect(taken.code, taken.msg).toBe(1);
    s.tick('EURUSD', '1.07000', '1.07010');
    await s.settleCopies();
    const db = s.t.server.ctx.db.kysely;
    const copied = await db
      .selectFrom('orders')
      .select(['status', 'close_reason'])
      .where(
        'user_id',
        '=',
        (
          await db
            .selectFrom('copies')
            .select('account_id')
            .where('id', '=', copy.copy_id)
            .executeTakeFirstOrThrow()
        ).account_id as number,
      )
      .execute();
    expect(copied.map((o) => [o.status, o.close_reason])).toEqual([[3, 'stop_out']]);
    const held = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.Id)
      .executeTakeFirstOrThrow();
    expect(held.status).toBe(1);
    s.tick('EURUSD', '1.10000', '1.10010');
    await s.call(routes.closeOrder, { id: order.Id }, provider.token);
    const stopped = CopySummary.parse(
      (await s.call(routes.uncopy, { copy_id: copy.copy_id }, follower.token)).data,
    );
    expect(stopped.status).toBe('stopped');
    await ledgerMatches();
  });
});
