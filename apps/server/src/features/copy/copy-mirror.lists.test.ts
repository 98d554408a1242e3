import { CopyDetail, CopySummary, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CopyServer, startCopyServer } from './testing/harness.js';

/**
 * The mirror keeps each provider holding's copied orders as it booked them, so the provider's close
 * reads nothing (a page of 64 copied orders was a tenth of a close's cost); it reads them from the
 * database whenever its list may be incomplete.
 */

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
});
afterAll(async () => {
  await s?.close();
});

describe('the mirror’s list of copied orders', () => {
  it('closes from the list its opens left, with a follower who started at a later edit, and from the database after a restart', async () => {
    /** How often a close read the copied orders from the database (the mirror's fallback). */
    const reads = vi.spyOn(
      s.localMirror() as unknown as { openCopiesInPages: (...args: unknown[]) => Promise<void> },
      'openCopiesInPages',
    );
    s.localMirror().pageSize = 2;
    try {
      const provider = await s.demo();
      const strategy = await s.publish(provider.token, { name: 'Remembered', fee_rate: '0' });
      const join = async () => {
        const follower = await s.demo();
        const started = await s.call(
          routes.copy,
          { strategy_id: strategy.id, amount: '10000' },
          follower.token,
        );
        expect(started.code, started.msg).toBe(1);
        return { token: follower.token, copyId: CopySummary.parse(started.data).copy_id };
      };
      const positionsOf = async (f: { token: string; copyId: number }) =>
        CopyDetail.parse((await s.call(routes.copyDetail, { copy_id: f.copyId }, f.token)).data);
      const early = [await join(), await join(), await join(), await join()];

      // Booked by this mirror, edited after a fourth follower joined (whose copy opens then), closed.
      const first = await s.buy(provider.token, '1');
      await s.settleCopies();
      const late = await join();
      expect((await positionsOf(late)).positions).toHaveLength(0);
      const edit = await s.call(
        routes.setStopPrice,
        { id: first.Id, target_profit_price: '1.12000', stop_loss_price: '0' },
        provider.token,
      );
      expect(edit.code, edit.msg).toBe(1);
      await s.settleCopies();
      expect((await positionsOf(late)).positions.map((p) => p.Quantity)).toEqual(['0.1']);
      // A follower stops: the copy's own close takes its order off the list.
      const quitter = early.pop() as (typeof early)[number];
      const quitterOrder = (await positionsOf(quitter)).positions[0]?.Id;
      expect(quitterOrder).toBeGreaterThan(0);
      const stopped = await s.call(routes.uncopy, { copy_id: quitter.copyId }, quitter.token);
      expect(stopped.code, stopped.msg).toBe(1);
      await s.settleCopies();
      reads.mockClear();
      const closes = vi.spyOn(s.engine.service, 'closeRecord');
      try {
        expect((await s.call(routes.closeOrder, { id: first.Id }, provider.token)).code).toBe(1);
        await s.settleCopies();
        // The close read nothing and tried only the copies still open: three early, one late.
        const tried = closes.mock.calls.filter((call) => call[2] === 'copy').map((call) => call[1]);
        expect(tried).toHaveLength(4);
        expect(tried).not.toContain(quitterOrder);
      } finally {
        closes.mockRestore();
      }
      expect(reads).not.toHaveBeenCalled();
      for (const f of [...early, late]) {
        const detail = await positionsOf(f);
        expect(detail.positions).toHaveLength(0);
        expect(detail.history.map((h) => h.CloseReason)).toEqual(['copy']);
      }

      // Booked, then the mirror stops and starts again (a leadership lost and won back): what it
      // booked may have changed under another leader, so the close reads the copies again.
      const second = await s.buy(provider.token, '1');
      await s.settleCopies();
      await s.localMirror().stop();
      await s.localMirror().start();
      reads.mockClear();
      expect((await s.call(routes.closeOrder, { id: second.Id }, provider.token)).code).toBe(1);
      await s.settleCopies();
      // Once per part of the copies (scale-out splits each event in parts that any node may claim).
      const parts = s.localMirror().mode === 'claim' ? s.t.server.ctx.config.copyOutboxParts : 1;
      expect(reads).toHaveBeenCalledTimes(parts);
      for (const f of [...early, late]) {
        const detail = await positionsOf(f);
        expect(detail.positions).toHaveLength(0);
        expect(detail.history.map((h) => h.CloseReason)).toEqual(['copy', 'copy']);
      }
    } finally {
      s.localMirror().pageSize = 256;
      reads.mockRestore();
    }
  });
});
