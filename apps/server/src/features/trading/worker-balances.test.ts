/**
 * The trigger worker keeps each account's balance from the order and balance events, and re-reads
 * balances every few seconds (money moves outside trading too). A re-read that the database
 * answers after an event came in may be older than that event: it must not put the older balance
 * back. Seen on PostgreSQL under load: a copy's withdrawal announced while a resync read was in
 * flight, then undone in the worker's books by that read for five seconds, so the equity-stop screen
 * saw money that had left. Here the read is held (a Kysely plugin that waits before handing its
 * rows back), a position is closed meanwhile, and the read is let go.
 */
import { Order } from '@meridian/contract';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { selectBalances } from './orders.repository.js';
import { startTradingServer, type TradingServer } from './testing/harness.js';

let s: TradingServer;
beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
});
afterAll(async () => {
  await s?.close();
});

/** Holds every result until `release()`; `reached` resolves when the first one is held. */
function gate(): { plugin: KyselyPlugin; reached: Promise<void>; release(): void } {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  const released = new Promise<void>((r) => {
    release = r;
  });
  return {
    reached,
    release,
    plugin: {
      transformQuery: (args) => args.node,
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        reach();
        await released;
        return args.result;
      },
    },
  };
}

/** The worker's private parts this test drives and reads. */
interface WorkerInside {
  deps: { db: Db };
  users: Map<number, { balanceMicros: number }>;
  resyncBalances(): Promise<void>;
}

async function open(token: string): Promise<Order> {
  const r = await s.api(
    '/v1/api/forex/submit',
    {
      type: 1,
      cont: '1',
      status: 1,
      multiple: 20,
      forex_id: s.engine.pricing.markets.requireInstrument('EURUSD').id,
    },
    token,
  );
  expect(r.body.code, r.body.msg).toBe(1);
  return Order.parse(r.body.data);
}

it('does not put back a balance read before a close it learnt of while the read was in flight', async () => {
  const trader = await s.demo();
  const kept = await open(trader.token);
  const closing = await open(trader.token);
  await s.settle();
  s.tick('EURUSD', '1.10500', '1.10510');
  await s.settle();

  const worker = s.engine.worker as unknown as WorkerInside;
  const deps = worker.deps;
  const held = gate();
  worker.deps = { ...deps, db: { ...deps.db, reader: deps.db.reader.withPlugin(held.plugin) } };
  let resync: Promise<void>;
  try {
    resync = worker.resyncBalances();
    // The read has run (its rows are the balance before the close) and is held.
    await held.reached;
  } finally {
    worker.deps = deps;
  }
  // The close books its profit (1 lot from 1.10010 to 1.10500: 490 USD); its order event tells
  // the worker the new balance.
  const closed = await s.api('/v1/api/forex/close', { id: closing.Id }, trader.token);
  expect(closed.body.code, closed.body.msg).toBe(1);
  await s.settle();
  held.release();
  await resync;

  const b = (await selectBalances(s.t.server.ctx.db.kysely, [trader.userId])).get(trader.userId);
  if (!b) throw new Error('no account');
  expect(worker.users.get(trader.userId)?.balanceMicros).toBe(
    b.freeMicros + b.frozenMicros - b.leavingMicros,
  );
  // And a resync with nothing in flight reads the same.
  await worker.resyncBalances();
  expect(worker.users.get(trader.userId)?.balanceMicros).toBe(
    b.freeMicros + b.frozenMicros - b.leavingMicros,
  );
  expect((await s.api('/v1/api/forex/close', { id: kept.Id }, trader.token)).body.code).toBe(1);
});
