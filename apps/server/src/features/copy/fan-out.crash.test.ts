import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerNode, waitFor } from '../../cluster/testing/nodes.js';
import { createTestStorage, type TestStorage } from '../../test/harness.js';
import {
  bootNode,
  holdingsOf,
  priced,
  providerBuys,
  providerCloses,
  strategyWithFollowers,
  untilEvery,
} from './testing/fan-out.js';

/**
 * A crash in the middle of a provider event's fan-out (the server process SIGKILLed at a failpoint
 * while a batch of copies was being booked, uncommitted, then started again on the same database): the event's work was
 * written to the copy outbox with the provider's booking, so the restarted server books the rest,
 * none twice; a provider's close leaves no copy open; an open taken up past the delivery bound is
 * recorded as skipped for each copy it did not reach. Embedded SQLite (the mirror reacting to the
 * bus, then taking up the outbox at its start), or PostgreSQL and Redis when the pass sets them
 * (every node claiming outbox rows).
 */

const FOLLOWERS = 24;

let storage: TestStorage | undefined;
let dataDir: string | undefined;
const started: ServerNode[] = [];

async function scenario(): Promise<{
  boot: (name: string, env?: Record<string, string>) => Promise<ServerNode>;
}> {
  storage = await createTestStorage();
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-fan-out-'));
  const s = storage;
  const dir = dataDir;
  return {
    boot: async (name, env) => {
      const node = await bootNode(name, s, dir, env);
      started.push(node);
      await priced(node);
      return node;
    },
  };
}

afterEach(async () => {
  await Promise.allSettled(started.splice(0).map((n) => n.stop()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await storage?.dispose();
  storage = undefined;
  dataDir = undefined;
});

const died = (node: ServerNode) =>
  waitFor(() => (node.alive ? undefined : true), `${node.name} to die`, 60_000);

describe('a crash in the middle of a fan-out', () => {
  it('on an open: after the restart every follower has its one copy', async () => {
    const { boot } = await scenario();
    const first = await boot('open-crash', { MERIDIAN_FAILPOINT: 'copy.opening@20' });
    const { provider, followers } = await strategyWithFollowers(first, FOLLOWERS);
    await providerBuys(first, provider);
    await died(first);
    const again = await boot('open-restarted');
    const [order] = await holdingsOf(again, provider);
    expect(order).toBeDefined();
    const details = await untilEvery(again, followers, (d) => d.positions.length > 0, 'every copy open');
    // One copy each, none twice: 0.2 BTC × 10,000 / 100,000 = 0.02.
    for (const d of details) expect(d.positions.map((p) => p.Quantity)).toEqual(['0.02']);
    for (const d of details) expect(d.skipped_trades).toEqual([]);
  }, 240_000);

  it('on a close: after the restart no follower is left holding', async () => {
    const { boot } = await scenario();
    const first = await boot('close-before');
    const { provider, followers } = await strategyWithFollowers(first, FOLLOWERS);
    const order = await providerBuys(first, provider);
    expect(order).not.toBeNull();
    await untilEvery(first, followers, (d) => d.positions.length === 1, 'every copy open');
    await first.stop();
    const second = await boot('close-crash', { MERIDIAN_FAILPOINT: 'copy.closing@20' });
    await providerCloses(second, provider, order?.Id ?? 0);
    await died(second);
    const again = await boot('close-restarted');
    expect(await holdingsOf(again, provider)).toEqual([]);
    const details = await untilEvery(again, followers, (d) => d.positions.length === 0, 'every copy closed');
    for (const d of details) expect(d.history.map((h) => h.CloseReason)).toEqual(['copy']);
  }, 240_000);

  it('on an open taken up past the delivery bound: the copies not booked are skipped, with the reason', async () => {
    const { boot } = await scenario();
    const first = await boot('late-crash', { MERIDIAN_FAILPOINT: 'copy.opening@20' });
    const { provider, followers } = await strategyWithFollowers(first, FOLLOWERS);
    await providerBuys(first, provider);
    await died(first);
    // Every open taken up after a restart is already past a bound of 0 ms.
    const again = await boot('late-restarted', { COPY_DELIVERY_MS: '0' });
    const details = await untilEvery(
      again,
      followers,
      (d) => d.positions.length + d.skipped_trades.length > 0,
      'every copy booked or skipped',
    );
    const opened = details.filter((d) => d.positions.length > 0);
    const skipped = details.filter((d) => d.skipped_trades.length > 0);
    // What committed before the kill stands (the batch it killed did not commit: at least one copy
    // was left); every other copy is skipped, none both.
    expect(skipped.length).toBeGreaterThan(0);
    expect(opened.length + skipped.length).toBe(FOLLOWERS);
    for (const d of opened) expect([d.positions.length, d.skipped_trades.length]).toEqual([1, 0]);
    for (const d of skipped) {
      expect(d.skipped_trades.map((t) => t.reason)).toEqual(['not_delivered']);
      // The volume it would have had: 0.2 BTC scaled by the equities (about 0.02, before rounding).
      expect(Number(d.skipped_trades[0]?.wanted_lots)).toBeCloseTo(0.02, 3);
      expect(d.skipped_trades[0]?.reason_text).toMatch(/in time/);
    }
  }, 240_000);
});
