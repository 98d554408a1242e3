import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY_HEADER, MyDealResponse, Order, routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerNode, startNode, waitFor } from '../cluster/testing/nodes.js';
import { call, demoLogin } from '../features/identity/testing/client.js';
import { instrumentByCode, leverageOptions } from '../features/markets/index.js';
import { createTestStorage, type TestStorage } from '../test/harness.js';

/**
 * A keyed booking and a real crash (the server process SIGKILLed at a failpoint, then started again
 * on the same database): the key's answer commits with the booking, so a retry after the restart
 * either gets the stored answer (the crash came after the commit) or runs for the first time (it
 * came before), at once, never "still being processed". Embedded SQLite, or PostgreSQL and Redis
 * when the pass sets them. Markets run on the real clock: BTCUSD trades around the clock.
 */

const btc = instrumentByCode('BTCUSD');
if (!btc) throw new Error('BTCUSD is not in the catalogue');
const leverage = leverageOptions(btc, false)[0] ?? 1;

let storage: TestStorage;
let dataDir: string;
const started: ServerNode[] = [];

beforeAll(async () => {
  storage = await createTestStorage();
  dataDir = mkdtempSync(join(tmpdir(), 'meridian-crash-'));
});
afterAll(async () => {
  await Promise.allSettled(started.map((n) => n.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  await storage?.dispose();
});

/** The node on the test's database (its own data folder kept across restarts); `failpoint` arms one. */
async function boot(name: string, failpoint?: string): Promise<ServerNode> {
  const databaseUrl = storage.databaseUrl ?? '';
  const node = await startNode({
    name,
    databaseUrl,
    redisUrl: databaseUrl ? (process.env.REDIS_URL ?? '') : '',
    redisPrefix: `test-${randomUUID()}:`,
    dataDir,
    env: failpoint ? { MERIDIAN_FAILPOINT: failpoint } : {},
  });
  started.push(node);
  return node;
}

/** A market buy of 0.01 BTC with an Idempotency-Key, as the app sends it; a dropped connection is null. */
async function keyedBuy(node: ServerNode, token: string, key: string) {
  const q = new URLSearchParams({
    forex_id: String(btc?.id),
    type: '1',
    cont: '0.01',
    status: '1',
    multiple: String(leverage),
  });
  try {
    const res = await fetch(`${node.baseUrl}${routes.submitOrder.path}?${q}`, {
      headers: { lang: 'en', authorization: token, [IDEMPOTENCY_KEY_HEADER]: key },
    });
    return {
      replayed: res.headers.get('idempotent-replayed') === 'true',
      body: (await res.json()) as { code: number; msg: string; data: unknown },
    };
  } catch {
    return null;
  }
}

async function holdings(node: ServerNode, token: string): Promise<number[]> {
  const r = await call(node.baseUrl, routes.myDeal, { status: 1 }, { token });
  return MyDealResponse.parse(r.body.data).data.map((o) => o.Id);
}

/** Until the feed has a fresh BTCUSD price (the market service refuses a stale one). */
async function priced(node: ServerNode): Promise<void> {
  await waitFor(
    async () => {
      const r = await call(node.baseUrl, routes.tradeList, {});
      const list = r.body.data as Array<{ Code: string; ForexQuotations: { Close: string } }>;
      const row = list.find((i) => i.Code === 'BTCUSD');
      return row && Number(row.ForexQuotations.Close) > 0 ? true : undefined;
    },
    'a BTCUSD price',
    30_000,
  );
}

describe('a crash between a keyed booking and its answer', () => {
  it('after the commit: the retry gets the stored answer, and one order exists', async () => {
    const node = await boot('crash-after-commit', 'idempotency.answer-committed');
    await priced(node);
    const { token } = await demoLogin(node.baseUrl);
    // Booked and committed; the process dies before a byte of the answer leaves.
    expect(await keyedBuy(node, token, 'crash-after-commit-1')).toBeNull();
    await node.kill();
    const again = await boot('restarted-after-commit');
    const retry = await keyedBuy(again, token, 'crash-after-commit-1');
    expect(retry?.replayed).toBe(true);
    expect(retry?.body.code).toBe(1);
    const order = Order.parse(retry?.body.data);
    expect(await holdings(again, token)).toEqual([order.Id]);
    // And again: the same answer, still one order.
    const twice = await keyedBuy(again, token, 'crash-after-commit-1');
    expect(twice?.body).toEqual(retry?.body);
    expect(await holdings(again, token)).toEqual([order.Id]);
    await again.stop();
  }, 240_000);

  it('before the commit: the retry runs for the first time, and one order exists', async () => {
    const node = await boot('crash-before-commit', 'idempotency.booking-uncommitted');
    await priced(node);
    const { token } = await demoLogin(node.baseUrl);
    expect(await keyedBuy(node, token, 'crash-before-commit-1')).toBeNull();
    await node.kill();
    const again = await boot('restarted-before-commit');
    await priced(again);
    expect(await holdings(again, token)).toEqual([]);
    const retry = await keyedBuy(again, token, 'crash-before-commit-1');
    expect(retry?.replayed).toBe(false);
    expect(retry?.body.code).toBe(1);
    expect(await holdings(again, token)).toEqual([Order.parse(retry?.body.data).Id]);
    await again.stop();
  }, 240_000);
});
