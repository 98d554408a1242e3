/**
 * Copy trading on real server processes (cluster/testing/nodes.ts), for the crash and scale-out
 * tests of the fan-out: a provider and followers made through the REST calls a user makes, the
 * provider trading BTCUSD (open around the clock, so the tests need no clock of their own).
 */
import { randomUUID } from 'node:crypto';
import { CopyDetail, CopySummary, Order, routes, StrategySummary } from '@meridian/contract';
import { type ServerNode, startNode, waitFor } from '../../../cluster/testing/nodes.js';
import { call, demoLogin } from '../../identity/testing/client.js';
import { instrumentByCode } from '../../markets/index.js';

const btc = instrumentByCode('BTCUSD');
if (!btc) throw new Error('BTCUSD is not in the catalogue');
const BTC_ID = btc.id;

export interface Follower {
  token: string;
  copyId: number;
}

/** A node on the test's database and data folder; `env` adds to its environment (failpoints...). */
export function bootNode(
  name: string,
  storage: { databaseUrl?: string | undefined },
  /** Kept across restarts; undefined: a fresh one (PostgreSQL nodes need none). */
  dataDir: string | undefined,
  env: Record<string, string> = {},
  redisPrefix = `test-${randomUUID()}:`,
): Promise<ServerNode> {
  const databaseUrl = storage.databaseUrl ?? '';
  return startNode({
    name,
    databaseUrl,
    redisUrl: databaseUrl ? (process.env.REDIS_URL ?? '') : '',
    redisPrefix,
    dataDir,
    env: { SAMPLE_STRATEGIES: 'off', COPY_RECONCILE_MS: '500', ...env },
  });
}

async function ok(
  node: ServerNode,
  route: (typeof routes)[keyof typeof routes],
  payload: object,
  token: string,
) {
  const r = await call(node.baseUrl, route, payload as Record<string, string | number>, { token });
  if (r.body.code !== 1) throw new Error(`${route.path}: ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}

/** Until the node's feed has a fresh BTCUSD price (orders are refused on a stale one). */
export async function priced(node: ServerNode): Promise<void> {
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

/** A demo provider with a published strategy (no fee) and `count` demo followers copying it with 10,000 USD. */
export async function strategyWithFollowers(node: ServerNode, count: number) {
  const provider = await demoLogin(node.baseUrl);
  const strategy = StrategySummary.parse(
    await ok(
      node,
      routes.publish,
      { name: `Crash ${randomUUID().slice(0, 8)}`, desc: '', fee_rate: '0', min_invest: '100' },
      provider.token,
    ),
  );
  const followers: Follower[] = [];
  for (let i = 0; i < count; i++) {
    const f = await demoLogin(node.baseUrl);
    const started = CopySummary.parse(
      await ok(node, routes.copy, { strategy_id: strategy.id, amount: '10000' }, f.token),
    );
    followers.push({ token: f.token, copyId: started.copy_id });
  }
  return { provider: provider.token, followers };
}

/** The provider buys 0.2 BTC (each follower's copy: 0.02 BTC); a dropped connection (a kill) is null. */
export async function providerBuys(node: ServerNode, token: string): Promise<Order | null> {
  try {
    const data = await ok(
      node,
      routes.submitOrder,
      { type: 1, cont: '0.2', forex_id: BTC_ID, status: 1, multiple: 2 },
      token,
    );
    return Order.parse(data);
  } catch (error) {
    if (String(error).includes('fetch failed') || String(error).includes('other side closed')) return null;
    throw error;
  }
}

export async function providerCloses(node: ServerNode, token: string, id: number): Promise<void> {
  try {
    await ok(node, routes.closeOrder, { id }, token);
  } catch (error) {
    // The node may die (its failpoint) before the answer is written: the close is committed.
    if (!String(error).includes('fetch failed') && !String(error).includes('other side closed')) throw error;
  }
}

/** The provider's open positions. */
export async function holdingsOf(node: ServerNode, token: string): Promise<Order[]> {
  const r = await call(node.baseUrl, routes.myDeal, { status: 1 }, { token });
  return (r.body.data as { data: unknown[] }).data.map((o) => Order.parse(o));
}

export async function detailOf(node: ServerNode, f: Follower): Promise<CopyDetail> {
  return CopyDetail.parse(await ok(node, routes.copyDetail, { copy_id: f.copyId }, f.token));
}

/** Waits until every follower's copy detail passes `done`; returns the details. */
export async function untilEvery(
  node: ServerNode,
  followers: readonly Follower[],
  done: (d: CopyDetail) => boolean,
  what: string,
): Promise<CopyDetail[]> {
  return waitFor(
    async () => {
      const details = await Promise.all(followers.map((f) => detailOf(node, f)));
      return details.every(done) ? details : undefined;
    },
    what,
    60_000,
    100,
  );
}
