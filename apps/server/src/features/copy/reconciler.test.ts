import { CopyDetail, CopySummary, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../cluster/testing/nodes.js';
import { AppError } from '../../http/app-error.js';
import { type CopyServer, startCopyServer } from './testing/harness.js';

/**
 * The mirror's reconciler: a copy whose provider position is closed is closed at market, even when
 * the provider's close could not close it (here: refused twice, as a stale price would), and a
 * fan-out that failed outright is taken up again from the outbox. Every 200 ms here.
 */

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer({ COPY_RECONCILE_MS: '200' });
});
afterAll(async () => {
  await s?.close();
});

async function strategyWithFollowers(count: number) {
  const provider = await s.demo();
  const strategy = await s.publish(provider.token, { name: `Reconciled ${count}`, fee_rate: '0' });
  const followers = [];
  for (let i = 0; i < count; i++) {
    const f = await s.demo();
    const r = await s.call(routes.copy, { strategy_id: strategy.id, amount: '10000' }, f.token);
    expect(r.code, r.msg).toBe(1);
    followers.push({ token: f.token, copyId: CopySummary.parse(r.data).copy_id });
  }
  return { provider, followers };
}

const detailOf = async (f: { token: string; copyId: number }) =>
  CopyDetail.parse((await s.call(routes.copyDetail, { copy_id: f.copyId }, f.token)).data);

describe('the copy reconciler', () => {
  it('closes the copies a provider’s close could not close', async () => {
    const { provider, followers } = await strategyWithFollowers(3);
    const order = await s.buy(provider.token, '1');
    for (const f of followers) expect((await detailOf(f)).positions).toHaveLength(1);
    const original = s.engine.service.closeRecord.bind(s.engine.service);
    let refused = 0;
    const closes = vi.spyOn(s.engine.service, 'closeRecord').mockImplementation(async (...args) => {
      if (args[2] === 'copy' && refused < 2) {
        refused++;
        throw new AppError('price_stale');
      }
      return original(...args);
    });
    try {
      expect((await s.call(routes.closeOrder, { id: order.Id }, provider.token)).code).toBe(1);
      expect(refused).toBe(2);
      await waitFor(async () => {
        for (const f of followers) if ((await detailOf(f)).positions.length > 0) return undefined;
        return true;
      }, 'the reconciler to close the copies left open');
    } finally {
      closes.mockRestore();
    }
    for (const f of followers)
      expect((await detailOf(f)).history.map((h) => h.CloseReason)).toEqual(['copy']);
  });

  it('takes up a fan-out that failed outright, once it can run', async () => {
    const { provider, followers } = await strategyWithFollowers(2);
    let failing = true;
    const original = s.engine.service.openFor.bind(s.engine.service);
    const opens = vi.spyOn(s.engine.service, 'openFor').mockImplementation(async (...args) => {
      if (failing) throw new Error('the database went away');
      return original(...args);
    });
    try {
      await s.buy(provider.token, '1');
      for (const f of followers) expect((await detailOf(f)).positions).toHaveLength(0);
      failing = false;
      await waitFor(async () => {
        for (const f of followers) if ((await detailOf(f)).positions.length !== 1) return undefined;
        return true;
      }, 'the reconciler to book the copies');
    } finally {
      opens.mockRestore();
    }
    for (const f of followers) expect((await detailOf(f)).positions.map((p) => p.Quantity)).toEqual(['0.1']);
  });
});
