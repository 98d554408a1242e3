import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Scale-out: the copy outbox is every node's work queue. Two real nodes on one PostgreSQL schema
 * and one Redis prefix; each provider event is written in 8 parts (COPY_OUTBOX_PARTS), which any
 * node claims with `FOR UPDATE SKIP LOCKED`. A node hung mid fan-out (SIGSTOP at a failpoint,
 * holding its claims) leaves the other parts to the other node, and finishes its own when it wakes:
 * both nodes book copies of one provider event. A node killed mid fan-out (at a failpoint) drops
 * its claims with its connection, and the other node books the rest: no copy is lost, none is
 * booked twice. Prices never go stale here (STALE_PRICE_MS), since the nodes hang on purpose.
 */

const FOLLOWERS = 24;
const PARTS = 8;

let storage: TestStorage;
const prefix = `test-${randomUUID()}:`;
const nodes: ServerNode[] = [];

beforeAll(async () => {
  storage = await createTestStorage();
});
afterAll(async () => {
  await Promise.allSettled(nodes.map((n) => n.stop()));
  await storage?.dispose();
});

async function boot(name: string, env: Record<string, string> = {}): Promise<ServerNode> {
  const node = await bootNode(
    name,
    storage,
    undefined,
    { COPY_OUTBOX_PARTS: String(PARTS), STALE_PRICE_MS: '3600000', ...env },
    prefix,
  );
  nodes.push(node);
  return node;
}

/** Whether the process is stopped (SIGSTOP): its state in /proc is T. */
function stopped(node: ServerNode): boolean {
  const stat = readFileSync(`/proc/${node.pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

/** The outbox rows of a provider order this node marked done. */
function rowsDone(node: ServerNode, orderId: number): number {
  return node.lines.filter((l) => l.msg === 'copy mirror: outbox row done' && l.orderId === orderId).length;
}

describe('copy fan-out over two nodes', () => {
  it('spreads one event over both nodes, and loses nothing when one is killed mid fan-out', async () => {
    // The first node hangs at its second copy of the open, and dies at its second copy's close.
    const a = await boot('fan-out-a', { MERIDIAN_FAILPOINT: 'copy.opening@2:stop,copy.closing@2' });
    await priced(a);
    const { provider, followers } = await strategyWithFollowers(a, FOLLOWERS);
    const buying = providerBuys(a, provider);
    await waitFor(() => (stopped(a) ? true : undefined), 'the first node to hang mid fan-out', 60_000);

    // The second node claims every part the first does not hold, and books them.
    const b = await boot('fan-out-b');
    const [order] = await waitFor(async () => {
      const held = await holdingsOf(b, provider);
      return held.length > 0 ? held : undefined;
    }, 'the provider order');
    const id = order?.Id ?? 0;
    await waitFor(
      () => (rowsDone(b, id) >= PARTS - 2 ? true : undefined),
      'the second node to book the parts the first does not hold',
      60_000,
    );
    // The first wakes and finishes the parts it held.
    a.resume();
    await buying;
    const opened = await untilEvery(b, followers, (d) => d.positions.length > 0, 'every copy open');
    for (const d of opened) expect(d.positions.map((p) => p.Quantity)).toEqual(['0.02']);
    await waitFor(
      () => (rowsDone(a, id) + rowsDone(b, id) >= PARTS ? true : undefined),
      'every part marked done',
    );
    expect(rowsDone(a, id)).toBeGreaterThan(0);
    expect(rowsDone(b, id)).toBeGreaterThan(0);
    expect(rowsDone(a, id) + rowsDone(b, id)).toBe(PARTS);

    // The provider closes on the first node while the second hangs: the first takes every part and
    // dies at its second copy's close; the second wakes and closes the rest.
    b.pause();
    await providerCloses(a, provider, id);
    await waitFor(() => (a.alive ? undefined : true), 'the first node to die mid fan-out', 60_000);
    b.resume();
    expect(await holdingsOf(b, provider)).toEqual([]);
    const closed = await untilEvery(b, followers, (d) => d.positions.length === 0, 'every copy closed');
    for (const d of closed) expect(d.history.map((h) => h.CloseReason)).toEqual(['copy']);
  }, 300_000);
});
