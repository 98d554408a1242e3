import { sql } from 'kysely';
import type { AppOverrides } from '../../../app.js';
import type { EventBus } from '../../../live/event-bus.js';
import { startTestServer, type TestServer, type TestStorage } from '../../../test/harness.js';
import { demoLogin, get, type Reply } from '../../identity/testing/client.js';
import { ScriptedFeed, VirtualTime } from '../../markets/index.js';
import type { TradingEngine } from '../trading.feature.js';

/** A Tuesday mid-morning in London: every forex market is open. */
export const TUESDAY = Date.parse('2026-01-13T10:00:00Z');
export const START_MICROS = 100_000_000_000;

export interface TradingServer {
  t: TestServer;
  time: VirtualTime;
  feed: ScriptedFeed;
  engine: TradingEngine;
  /** Pushes an exact quote through the market service (and so to the trigger worker). */
  tick(code: string, bid: string, ask: string): void;
  /** Waits until every queued write, trigger job and bus event has been handled. */
  settle(): Promise<void>;
  /** A fresh demo account (100,000 USD); returns its token and user id. */
  demo(): Promise<{ token: string; userId: number }>;
  api(path: string, query: Record<string, string | number>, token: string): Promise<Reply>;
  /** Sets an operator setting and makes trading read it at once. */
  setSetting(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTradingServer(
  storage?: TestStorage,
  startMs = TUESDAY,
  /** Adds to the app's overrides (identity options, say); the markets part is the harness's. */
  wrap: (overrides: AppOverrides) => AppOverrides = (o) => o,
  /** Extra environment for the server (COPY_THREADS=2, say). */
  env?: Record<string, string>,
): Promise<TradingServer> {
  const time = new VirtualTime(startMs);
  const feed = new ScriptedFeed();
  const t = await startTestServer({
    overrides: wrap({ markets: { clock: time, timers: time, feed } }),
    ...(storage ? { storage } : {}),
    ...(env ? { env } : {}),
  });
  const engine = t.server.ctx.services.trading;
  if (!engine) throw new Error('the trading feature is not registered');
  const barrier = busBarrier(t.server.ctx.bus);
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await barrier();
      await engine.queue.drain();
      await engine.worker.idle();
    }
  };
  return {
    t,
    time,
    feed,
    engine,
    tick(code, bid, ask) {
      if (!feed.push({ code, bid, ask, timeMs: time.now() })) throw new Error('the scripted feed is stopped');
    },
    settle,
    async demo() {
      const r = await demoLogin(t.baseUrl);
      return { token: r.token, userId: r.user.id };
    },
    // An order's event reaches the trigger worker through the bus (over Redis in the scale-out
    // pass): the call returns once the worker has it, so a tick right after meets the order.
    api: async (path, query, token) => {
      const reply = await get(t.baseUrl, path, query, { token });
      await barrier();
      return reply;
    },
    async setSetting(key, value) {
      await t.server.ctx.db.kysely.updateTable('settings').set({ value }).where('key', '=', key).execute();
      engine.pricing.refreshSettings();
    },
    close: () => t.close(),
  };
}

const BARRIER_CHANNEL = 'test.barrier';

/**
 * A barrier on the event bus: resolves when a marker published now has come back, so everything
 * published before it has been delivered (one publisher connection, delivered in order). A marker
 * published before the subscription is live is lost, so it is sent again until one arrives.
 */
function busBarrier(bus: EventBus): () => Promise<void> {
  let next = 0;
  const waiting = new Map<number, () => void>();
  bus.subscribe(BARRIER_CHANNEL, (payload) => {
    if (typeof payload !== 'number') return;
    for (const [mark, done] of waiting)
      if (mark <= payload) {
        waiting.delete(mark);
        done();
      }
  });
  return () =>
    new Promise<void>((resolve) => {
      const mark = ++next;
      let again: ReturnType<typeof setInterval> | undefined;
      waiting.set(mark, () => {
        clearInterval(again);
        resolve();
      });
      bus.publish(BARRIER_CHANNEL, mark);
      again = setInterval(() => bus.publish(BARRIER_CHANNEL, mark), 200);
    });
}

export interface AccountCheck {
  freeMicros: number;
  frozenMicros: number;
  ledgerFree: number;
  ledgerFrozen: number;
  fees: number;
  realised: number;
  protection: number;
  grants: number;
  /** The account's own counts of its holding and pending orders (the caps read them). */
  holdingOrders: number;
  pendingOrders: number;
}

/**
 * Reads one account against its ledger and its orders, for the conservation checks. Throws when the
 * account's open-order counts differ from its orders (every booking moves them; see migration 0014).
 */
export async function accountCheck(s: TradingServer, userId: number): Promise<AccountCheck> {
  const db = s.t.server.ctx.db.kysely;
  const acc = await db
    .selectFrom('accounts')
    .select(['balance_micros', 'frozen_micros', 'holding_orders', 'pending_orders'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const open = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .where('status', 'in', [0, 1])
    .groupBy('status')
    .execute();
  const counted = (status: number) => Number(open.find((r) => Number(r.status) === status)?.n ?? 0);
  if (acc.holding_orders !== counted(1) || acc.pending_orders !== counted(0)) {
    throw new Error(
      `account ${userId} counts ${acc.holding_orders} holding / ${acc.pending_orders} pending, its orders ${counted(1)} / ${counted(0)}`,
    );
  }
  const sums = await sql<{ kind: string; free: number | string; frozen: number | string }>`
    SELECT kind, SUM(free_delta_micros) AS free, SUM(frozen_delta_micros) AS frozen
    FROM ledger WHERE user_id = ${userId} GROUP BY kind`.execute(db);
  const byKind = new Map(sums.rows.map((r) => [r.kind, { free: Number(r.free), frozen: Number(r.frozen) }]));
  const total = (f: 'free' | 'frozen') => [...byKind.values()].reduce((n, v) => n + v[f], 0);
  const orders = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.sum<number | string | null>('pnl_micros').as('pnl'),
      eb.fn.sum<number | string | null>('protection_micros').as('prot'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 3)
    .executeTakeFirstOrThrow();
  return {
    freeMicros: Number(acc.balance_micros),
    frozenMicros: Number(acc.frozen_micros),
    ledgerFree: total('free'),
    ledgerFrozen: total('frozen'),
    fees: 0 - (byKind.get('trade_fee')?.free ?? 0),
    realised: Number(orders.pnl ?? 0),
    protection: Number(orders.prot ?? 0),
    grants: (byKind.get('opening_grant')?.free ?? 0) + (byKind.get('demo_reset')?.free ?? 0),
    holdingOrders: acc.holding_orders,
    pendingOrders: acc.pending_orders,
  };
}
