/**
 * The mirror in threads of its own (COPY_THREADS=2: each thread mirrors half of the copies): the
 * copies are booked by the threads' own writer connections, reach the server thread's trigger
 * worker, Orders and sockets, follow the server's market and clock, and the server thread takes over
 * if a thread dies. The threads load the built server (dist/), which `npm test` builds first.
 */
import { CopyDetail, CopySummary, MyDealResponse, Order, routes, StrategySummary } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck } from '../trading/testing/harness.js';
import { CopyMirror } from './copy-mirror.js';
import { MirrorThreads } from './mirror-thread.js';
import { type CopyServer, startCopyServer } from './testing/harness.js';

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer({ COPY_THREADS: '2' });
});
afterAll(async () => {
  await s?.close();
});

async function buy(token: string, lots: string, extra: Record<string, string | number> = {}) {
  const r = await s.call(
    routes.submitOrder,
    { type: 1, cont: lots, forex_id: s.eurusd(), status: 1, multiple: 20, ...extra },
    token,
  );
  expect(r.code, r.msg).toBe(1);
  return Order.parse(r.data);
}

async function follow(name: string) {
  const provider = await s.demo();
  const follower = await s.demo();
  const published = await s.call(
    routes.publish,
    { name, desc: '', fee_rate: '0', min_invest: '100' },
    provider.token,
  );
  expect(published.code, published.msg).toBe(1);
  const strategy = StrategySummary.parse(published.data);
  const started = await s.call(routes.copy, { strategy_id: strategy.id, amount: '10000' }, follower.token);
  expect(started.code, started.msg).toBe(1);
  return { provider, follower, copyId: CopySummary.parse(started.data).copy_id };
}

/** The id of the strategy a provider published. */
async function strategyOf(token: string): Promise<number> {
  const r = await s.call(routes.myStrategy, {}, token);
  expect(r.code, r.msg).toBe(1);
  return (r.data as { strategy: { id: number } }).strategy.id;
}

const detailOf = async (token: string, copyId: number) =>
  CopyDetail.parse((await s.call(routes.copyDetail, { copy_id: copyId }, token)).data);

describe('the mirror in threads of its own', () => {
  it('runs there, not on the server thread', () => {
    expect(s.copy.mirror).toBeInstanceOf(MirrorThreads);
  });

  it('books every follower’s copy once, whichever thread’s share it is in', async () => {
    const { provider, follower, copyId } = await follow('Shared out');
    const others = [];
    for (let i = 0; i < 3; i++) {
      const f = await s.demo();
      const r = await s.call(
        routes.copy,
        { strategy_id: await strategyOf(provider.token), amount: '10000' },
        f.token,
      );
      expect(r.code, r.msg).toBe(1);
      others.push({ token: f.token, copyId: CopySummary.parse(r.data).copy_id });
    }
    const order = await buy(provider.token, '1');
    await s.settleCopies();
    const all = [{ token: follower.token, copyId }, ...others];
    // Copy ids of both parities: both threads had a share.
    expect(new Set(all.map((c) => c.copyId % 2)).size).toBe(2);
    for (const c of all)
      expect((await detailOf(c.token, c.copyId)).positions.map((p) => p.Quantity)).toEqual(['0.1']);
    expect((await s.call(routes.closeOrder, { id: order.Id }, provider.token)).code).toBe(1);
    await s.settleCopies();
    for (const c of all) {
      const d = await detailOf(c.token, c.copyId);
      expect([d.positions.length, d.history.map((h) => h.CloseReason)]).toEqual([0, ['copy']]);
    }
  });

  it('mirrors an open, a TP/SL edit and a close at the follower’s own price, and money adds up', async () => {
    const { provider, follower, copyId } = await follow('Threaded');
    const order = await buy(provider.token, '1');
    await s.settleCopies();
    const opened = await detailOf(follower.token, copyId);
    // Provider equity 100,000, copy equity 10,000: 1 lot → 0.1 lot, at the server's price.
    expect(opened.positions.map((p) => [p.Quantity, p.CopyId, p.OriginPrice])).toEqual([
      ['0.1', copyId, '1.10010'],
    ]);
    const deal = MyDealResponse.parse((await s.call(routes.myDeal, { status: 1 }, follower.token)).data);
    expect(deal.data.map((o) => o.CopyId)).toEqual([copyId]);

    const stops = await s.call(
      routes.setStopPrice,
      { id: order.Id, target_profit_price: '1.12000', stop_loss_price: '1.08000' },
      provider.token,
    );
    expect(stops.code, stops.msg).toBe(1);
    await s.settleCopies();
    expect((await detailOf(follower.token, copyId)).positions[0]).toMatchObject({
      TargetProfitPrice: '1.12000',
      TargetLossPrice: '1.08000',
    });

    // A tick on the server's feed reaches the thread before the close it precedes.
    s.tick('EURUSD', '1.10500', '1.10510');
    expect((await s.call(routes.closeOrder, { id: order.Id }, provider.token)).code).toBe(1);
    await s.settleCopies();
    const closed = await detailOf(follower.token, copyId);
    expect(closed.positions).toHaveLength(0);
    expect(closed.history[0]).toMatchObject({ CloseReason: 'copy', Price: '1.10500' });
    // 0.1 lot × 100,000 × (1.10500 − 1.10010) = 49 USD, less the 0.7 USD fee.
    expect(closed.equity).toBe('10048.300000');
    for (const id of [follower.userId, provider.userId]) {
      const c = await accountCheck(s, id);
      expect(c.freeMicros + c.frozenMicros).toBe(c.ledgerFree + c.ledgerFrozen);
    }
    s.tick('EURUSD', '1.10000', '1.10010');
  });

  it('hands its copies to the server thread’s trigger worker: a copy’s take-profit closes it', async () => {
    const { provider, follower, copyId } = await follow('Triggered');
    await buy(provider.token, '1', { target_profit_price: '1.10400' });
    await s.settleCopies();
    expect((await detailOf(follower.token, copyId)).positions[0]).toMatchObject({
      TargetProfitPrice: '1.10400',
    });
    // Booked by the thread, watched by the server's trigger worker.
    s.tick('EURUSD', '1.10450', '1.10460');
    await s.settleCopies();
    const after = await detailOf(follower.token, copyId);
    expect(after.positions).toHaveLength(0);
    expect(after.history.map((h) => h.CloseReason)).toEqual(['tp']);
    s.tick('EURUSD', '1.10000', '1.10010');
    await s.settleCopies();
  });

  it('records a skipped copy with its reason', async () => {
    const { provider, follower, copyId } = await follow('Too small');
    // 0.01 lot × 10,000 / 100,000 = 0.001 lot: below the minimum lot.
    await buy(provider.token, '0.01');
    await s.settleCopies();
    const detail = await detailOf(follower.token, copyId);
    expect(detail.positions).toHaveLength(0);
    expect(detail.skipped_trades.map((k) => k.reason)).toEqual(['below_min_lot']);
  });

  it('is replaced by the server thread if it dies: copying goes on', async () => {
    const thread = s.copy.mirror;
    if (!(thread instanceof MirrorThreads)) throw new Error('expected the thread');
    await thread.kill();
    expect(s.copy.mirror).toBeInstanceOf(CopyMirror);
    const { provider, follower, copyId } = await follow('After the thread');
    await buy(provider.token, '1');
    await s.settleCopies();
    expect((await detailOf(follower.token, copyId)).positions.map((p) => p.Quantity)).toEqual(['0.1']);
  });
});
