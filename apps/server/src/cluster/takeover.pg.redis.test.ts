import { randomUUID } from 'node:crypto';
import { ERRORS, Order, routes } from '@meridian/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as api, demoLogin } from '../features/identity/testing/client.js';
import { instrumentByCode, leverageOptions } from '../features/markets/index.js';
import { createTestStorage, type TestStorage } from '../test/harness.js';
import { BusWatch, respell, type SeenBatch, type ServerNode, startNode, waitFor } from './testing/nodes.js';

// Runs only when both DATABASE_URL and REDIS_URL are set (see vitest.config.ts). Three real server
// processes of one deployment (one schema, one Redis prefix; the database URL spelled three ways),
// with the default lease timings (renewed every 500 ms, lapsing after 2 s). The test hangs the
// leader with SIGSTOP, kills one with SIGKILL, and watches the bus, the nodes' logs and /healthz.
// Markets run on the real clock, so the checks use crypto, which trades around the clock.

const STALE_MS = 500;
const CRYPTO = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD', 'LTCUSD'];
const btc = instrumentByCode('BTCUSD');
if (!btc) throw new Error('BTCUSD is not in the catalogue');
const leverage = leverageOptions(btc, false)[0] ?? 1;

let storage: TestStorage;
let watch: BusWatch;
let db: pg.Client;
const nodes: ServerNode[] = [];
let a: ServerNode;
let b: ServerNode;
let c: ServerNode;

/** The node's own application_name, so the database can tell which node booked what. */
function asNode(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

beforeAll(async () => {
  storage = await createTestStorage();
  const url = storage.databaseUrl ?? '';
  const redisUrl = process.env.REDIS_URL ?? '';
  const prefix = `test-${randomUUID()}:`;
  watch = await BusWatch.open(redisUrl, prefix);
  const env = { STALE_PRICE_MS: String(STALE_MS) };
  const start = async (name: string, databaseUrl: string) => {
    const node = await startNode({
      name,
      databaseUrl: asNode(databaseUrl, name),
      redisUrl,
      redisPrefix: prefix,
      env,
    });
    nodes.push(node);
    return node;
  };
  // The first node migrates, seeds and generates the chart history alone, and leads term 1.
  a = await start('node-a', url);
  await a.waitForLog((l) => l.msg === 'leader election: leading', 'node A leads');
  // B leaves out the default port (or writes it out) and switches the scheme name; C only switches it.
  const otherScheme = url.startsWith('postgres:')
    ? url.replace(/^postgres:/, 'postgresql:')
    : url.replace(/^postgresql:/, 'postgres:');
  [b, c] = await Promise.all([start('node-b', respell(url)), start('node-c', otherScheme)]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // Which node books each order change, and when (on the database's clock).
  await db.query(`
    CREATE TABLE order_audit (order_id bigint, status integer, app text, at timestamptz DEFAULT clock_timestamp());
    CREATE FUNCTION audit_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN
          INSERT INTO order_audit (order_id, status, app) VALUES (NEW.id, NEW.status, current_setting('application_name'));
        END IF;
        RETURN NEW;
      END $$;
    CREATE TRIGGER orders_audit AFTER UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION audit_order();
  `);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled(nodes.map((n) => n.stop()));
  await watch?.close();
  await db?.end();
  await storage?.dispose();
}, 60_000);

const leaderOf = async (candidates: ServerNode[]): Promise<ServerNode | undefined> => {
  for (const node of candidates) if ((await node.healthOrNothing())?.leader) return node;
  return undefined;
};

/** A market buy of 0.01 BTC through `node`; the envelope's code and the order when it filled. */
async function buyBtc(node: ServerNode, token: string, extra: Record<string, string> = {}) {
  const res = await api(
    node.baseUrl,
    routes.submitOrder,
    { forex_id: btc?.id ?? 0, type: 1, cont: '0.01', status: 1, multiple: leverage, ...extra },
    { token },
  );
  return { code: res.body.code, order: res.body.code === 1 ? Order.parse(res.body.data) : undefined };
}

/** The newest bid of `code` on the bus (the leader's batches the test watches), if any. */
function newestBid(code: string): number | undefined {
  for (let i = watch.batches.length - 1; i >= 0; i--) {
    const ticks = watch.batches[i]?.ticks ?? [];
    for (let k = ticks.length - 1; k >= 0; k--) {
      const tick = ticks[k];
      if (tick?.[0] === code) return Number(tick[1]);
    }
  }
  return undefined;
}

/** The sign of each mid-price move in a term's first ticks, per instrument: the shape of its path. */
function pathOf(batches: readonly SeenBatch[], term: number, moves: number): string {
  const mids = new Map<string, number[]>();
  for (const batch of batches) {
    if (batch.term !== term) continue;
    for (const [code, bid, ask] of batch.ticks) {
      if (!CRYPTO.includes(code)) continue;
      const list = mids.get(code) ?? [];
      list.push((Number(bid) + Number(ask)) / 2);
      mids.set(code, list);
    }
  }
  return CRYPTO.map((code) => {
    const list = (mids.get(code) ?? []).slice(0, moves + 1);
    return list
      .slice(1)
      .map((m, i) => (m > (list[i] ?? m) ? '+' : m < (list[i] ?? m) ? '-' : '='))
      .join('');
  }).join(' ');
}

const enoughTicks = (term: number, moves: number) => () => {
  const path = pathOf(watch.batches, term, moves);
  return path.split(' ').every((p) => p.length === moves) ? path : undefined;
};

/**
 * Each node's health and what it logged about the lease, with its warnings and errors: a wait on the
 * cluster that times out says with this what the nodes were doing.
 */
async function whatNodesSay(): Promise<string> {
  const said = await Promise.all(
    [a, b, c].map(async (node) => {
      const health = await node.healthOrNothing();
      const lines = node.lines
        .filter((l) => String(l.msg ?? '').startsWith('leader election') || Number(l.level) >= 40)
        .slice(-12)
        .map((l) => ({ time: l.time, level: l.level, msg: l.msg, term: l.term, reason: l.reason }));
      return `${node.name}: health ${JSON.stringify(health)}, lease and warnings ${JSON.stringify(lines)}`;
    }),
  );
  return said.join('; ');
}

describe('scale-out leadership with real processes', () => {
  it('elects one leader although every node spells the database URL differently', async () => {
    const healths = await waitFor(async () => {
      const all = await Promise.all([a, b, c].map((n) => n.healthOrNothing()));
      // Followers know the term once they have looked at the lease, and hear the leader's batches.
      const ready = all.every((h) => h && h.term === 1 && h.priceAgeMs !== null && h.priceAgeMs < STALE_MS);
      return ready ? all : undefined;
    }, 'every node to know term 1 and hear the leader').catch(async (error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ${await whatNodesSay()}`);
    });
    expect(healths.map((h) => h?.leader)).toEqual([true, false, false]);
    expect(new Set(watch.batches.map((x) => x.node)).size).toBe(1);
  });

  it('replaces a hung leader within 3 s, refuses stale orders meanwhile, and fences the old leader when it wakes', async () => {
    const users = await Promise.all([demoLogin(b.baseUrl), demoLogin(c.baseUrl), demoLogin(b.baseUrl)]);
    const tokenOf = new Map<ServerNode, string>([
      [b, users[0].token],
      [c, users[1].token],
    ]);
    const nodeA = await waitFor(() => a.nodeId, 'node A to name itself');
    await waitFor(() => watch.batches.find((x) => x.node === nodeA && x.term === 1), 'a batch from node A');

    // Wall-clock time, to compare with the epoch-ms `time` of the nodes' log lines.
    const pausedAt = Date.now();
    a.pause();
    // The followers notice the silence: their prices go stale before anyone can take over.
    await waitFor(async () => {
      const hs = await Promise.all([b.health(), c.health()]);
      return hs.every((h) => (h.priceAgeMs ?? Number.POSITIVE_INFINITY) > STALE_MS) ? true : undefined;
    }, 'both followers to report stale prices');

    // Orders through the followers until one of them leads and both have filled one again: each is
    // refused as stale or priced by the new leader (a stale node fills only once it hears one).
    const results: Array<{ node: string; code: number }> = [];
    const filledAfterTakeover = new Set<ServerNode>();
    await waitFor(
      async () => {
        for (const node of [b, c]) {
          const { code } = await buyBtc(node, tokenOf.get(node) ?? '');
          results.push({ node: node.name, code });
          if (code === 1) filledAfterTakeover.add(node);
        }
        return filledAfterTakeover.size === 2 ? true : undefined;
      },
      'both followers to fill orders again',
      15_000,
      150,
    );
    const codes = new Set(results.map((r) => r.code));
    expect([...codes].sort()).toEqual([1, ERRORS.price_stale.code].sort());
    expect(
      watch.batches.find((x) => x.term > 1),
      'a batch of a new term',
    ).toBeDefined();
    const newLeader = await waitFor(() => leaderOf([b, c]), 'the new leader to say so');
    expect((await newLeader.health()).term).toBe(2);
    // Replaced: the moment another node took the lease (its log line's time) after the hang began.
    const took = await newLeader.waitForLog(
      (l) => l.msg === 'leader election: leading' && l.term === 2,
      'the new leader to log its term',
    );
    expect(Number(took.time) - pausedAt).toBeLessThan(3000);

    // Positions whose take-profit and stop-loss sit a few dollars away: whoever runs the trigger
    // worker closes them within seconds. They exist when the old leader wakes up.
    const follower = newLeader === b ? c : b;
    const tight: number[] = [];
    // Refusals that only say the market moved or went quiet between two requests: a tick moves
    // BTC by a few dollars (one in thirty crosses the $15 band), and on a loaded machine the
    // follower may hear no batch for its stale limit. Those are asked again with fresh levels.
    const moved: number[] = [
      ERRORS.take_profit_wrong_side.code,
      ERRORS.stop_loss_wrong_side.code,
      ERRORS.price_stale.code,
    ];
    for (let i = 0; i < 4; i++) {
      const order = await waitFor(async () => {
        const opened = await buyBtc(follower, users[2].token);
        if (opened.code === ERRORS.price_stale.code) return undefined;
        if (!opened.order) throw new Error(`a tight position did not open: code ${opened.code}`);
        return opened.order;
      }, 'a tight position to open');
      const set = await waitFor(async () => {
        // The newest bid the leader published (the position would close at it now), else the fill's.
        const bid = newestBid('BTCUSD') ?? Number(order.Price);
        const answer = await api(
          follower.baseUrl,
          routes.setStopPrice,
          {
            id: order.Id,
            target_profit_price: (bid + 15).toFixed(2),
            stop_loss_price: (bid - 15).toFixed(2),
          },
          { token: users[2].token },
        );
        return moved.includes(answer.body.code) ? undefined : answer;
      }, 'the tight stops to be set');
      expect(set.body.code).toBe(1);
      tight.push(order.Id);
    }

    const woke = (await db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]?.now;
    const resumedAt = performance.now();
    a.resume();
    await a.waitForLog(
      (l) => l.msg === 'leader election: lease lost' || l.msg === 'leader election: standing down',
      'node A to learn it lost',
    );
    await waitFor(async () => {
      const h = await a.healthOrNothing();
      return h && !h.leader && h.term >= 2 ? h : undefined;
    }, 'node A to follow the new term');
    // An order through A once it hears the new leader: its event on the bus comes after everything A
    // sent since it woke (Redis keeps one publisher's messages in order).
    const tokenA = (await demoLogin(a.baseUrl)).token;
    const marker = await waitFor(
      async () => (await buyBtc(a, tokenA)).order,
      'an order through node A',
      15_000,
      150,
    );
    await waitFor(
      () =>
        watch.events.find(
          (e) =>
            e.channel === 'trading.orders' &&
            (e.payload as { order?: { id?: number } }).order?.id === marker.Id,
        ),
      'the marker order on the bus',
    );
    expect(watch.batches.filter((x) => x.node === nodeA && x.at > resumedAt)).toEqual([]);

    // Every tight position is closed, by the new leader: the old one booked nothing after it woke.
    await waitFor(
      async () => {
        const open = await db.query('SELECT 1 FROM orders WHERE id = ANY($1) AND status <> 3', [tight]);
        return open.rowCount === 0 ? true : undefined;
      },
      'the tight positions to close',
      30_000,
      200,
    ).catch(async (error: unknown) => {
      // Once seen under a full parallel run and not since: say what the positions and the market
      // looked like, and what the new leader complained of, so the next failure explains itself.
      const { rows } = await db.query(
        'SELECT id, status, open_price, tp, sl, version FROM orders WHERE id = ANY($1) ORDER BY id',
        [tight],
      );
      const since = watch.batches.filter((x) => x.at > resumedAt);
      const complaints = newLeader.lines.filter((l) => Number(l.level) >= 40).slice(-20);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; the positions ${JSON.stringify(rows)}; ` +
          `newest BTCUSD bid ${newestBid('BTCUSD')}, ${since.length} batches since node A woke ` +
          `(terms ${[...new Set(since.map((x) => x.term))].join(', ')}); ` +
          `the new leader's warnings and errors ${JSON.stringify(complaints)}`,
      );
    });
    const byA = await db.query(`SELECT order_id FROM order_audit WHERE app = 'node-a' AND at >= $1`, [woke]);
    expect(byA.rows).toEqual([]);
    const closers = await db.query<{ app: string }>(
      'SELECT DISTINCT app FROM order_audit WHERE order_id = ANY($1) AND status = 3',
      [tight],
    );
    expect(closers.rows.map((r) => r.app)).toEqual([newLeader.name]);
  }, 120_000);

  it('does not replay the same price path after successive takeovers', async () => {
    const moves = 8;
    const second = await waitFor(enoughTicks(2, moves), 'term 2 to move every crypto instrument', 30_000);
    const leader = await waitFor(() => leaderOf([a, b, c]), 'the term-2 leader');
    await leader.kill();
    const third = await waitFor(enoughTicks(3, moves), 'term 3 to move every crypto instrument', 30_000);
    // Same seed, same moves: every failover would replay one path from wherever it stood.
    expect(third).not.toBe(second);
  }, 90_000);
});
