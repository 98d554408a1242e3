/**
 * bench:orders child: the real server (createApp, the default SQLite store, every commit synced,
 * the simulator ticking) on 127.0.0.1, plus one no-op route answered through the same envelope
 * path, so the parent can measure both in one run. The clock is shifted to a Tuesday so forex is open.
 * On the parent's `mark` it reports its own CPU time, event-loop use and group-commit counters, so
 * the parent can say what one order costs the server whatever else the machine is doing.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defineEndpoints, NoData, NoInput, visitorRoute } from '@meridian/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { GroupCommitQueue, LanedQueue } from '../src/db/write-queue.js';
import { defineRoute } from '../src/http/route.js';
import { BENCH_DATABASE_ENV, BENCH_LOG_LEVEL_ENV, BENCH_OFFSET_ENV, send } from './shared.js';

export type OrdersServerMessage =
  | {
      type: 'ready';
      port: number;
      /** What holds the money: SQLite (with its synchronous mode) or PostgreSQL. */
      store: string;
      eurusd: number;
      logLevel: string;
    }
  | {
      type: 'mark';
      /** process.cpuUsage() user + system, µs since start. */
      cpuMicros: number;
      /** performance.eventLoopUtilization() totals, ms. */
      idleMs: number;
      activeMs: number;
      batches: number;
      items: number;
      /** CPU of every PostgreSQL process on this machine (Linux /proc), µs; 0 on SQLite. */
      postgresCpuMicros: number;
    };
export type OrdersParentMessage = { type: 'mark' };

/** USER_HZ: what /proc counts CPU time in, 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const logLevel = process.env[BENCH_LOG_LEVEL_ENV] ?? 'warn';
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-orders-'));
// With DATABASE_URL the bench runs on PostgreSQL, in a schema of its own that it drops at the end.
const storage = await benchDatabase(process.env[BENCH_DATABASE_ENV]);
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: logLevel,
  WEB_DIST: join(dataDir, 'none'),
  ...(storage ? { DATABASE_URL: storage.url } : {}),
  // The operator's pool and lane settings, so the bench can compare them.
  ...pick(process.env, ['PG_WRITE_LANES', 'PG_POOL_SIZE']),
});
/** The baseline: a route through the same definer, envelope and hooks that does nothing. */
const noop = defineEndpoints(
  'bench',
  { noop: visitorRoute<typeof NoInput, typeof NoData>('GET', '/bench/noop') },
  { noop: { request: NoInput, response: NoData, errors: [], summary: 'does nothing' } },
);
const server = await createApp(config, {
  markets: { clock: { now: () => Date.now() + offset } },
  extraFeatures: [
    {
      name: 'bench-noop',
      register: (ctx) => defineRoute(ctx, noop.noop, () => null),
    },
  ],
});
// The bench measures throughput, not the per-account limits of order entry: lift them.
for (const key of ['order_rate_per_minute', 'max_open_positions', 'max_pending_orders']) {
  await server.ctx.db.kysely
    .updateTable('settings')
    .set({ value: '1000000000' })
    .where('key', '=', key)
    .execute();
}
const url = await server.listen();
const store =
  server.ctx.db.dialect === 'sqlite'
    ? sqliteStore(
        Number(
          (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(server.ctx.db.kysely)).rows[0]
            ?.synchronous,
        ),
        server.ctx.db.durability !== undefined,
      )
    : `PostgreSQL (${(await sql<{ v: string }>`select current_setting('synchronous_commit') as v`.execute(server.ctx.db.kysely)).rows[0]?.v === 'on' ? 'synchronous_commit=on, durable' : 'synchronous_commit off: NOT durable'})`;
const queue = server.ctx.services.trading?.queue;
const counters =
  queue instanceof GroupCommitQueue || queue instanceof LanedQueue ? queue : { batches: 0, items: 0 };

send<OrdersServerMessage>({
  type: 'ready',
  port: Number(new URL(url).port),
  store,
  eurusd: server.ctx.services.markets.requireInstrument('EURUSD').id,
  logLevel,
});

/** BENCH_PROFILE=<dir>: a CPU profile of the server over the measured window (first to second mark). */
const profileDir = process.env.BENCH_PROFILE;
let marks = 0;
const inspector = profileDir ? new Session() : undefined;
inspector?.connect();
const post = (method: string): Promise<unknown> =>
  new Promise((resolve, reject) =>
    inspector?.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );

process.on('message', async (message: OrdersParentMessage) => {
  if (message.type !== 'mark') return;
  marks++;
  if (profileDir && marks === 1) {
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  if (profileDir && marks === 2) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    mkdirSync(profileDir, { recursive: true });
    const file = join(profileDir, `orders-${server.ctx.db.dialect}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.error(`profile of the measured window: ${file}`);
  }
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  send<OrdersServerMessage>({
    type: 'mark',
    cpuMicros: cpu.user + cpu.system,
    idleMs: elu.idle,
    activeMs: elu.active,
    batches: counters.batches,
    items: counters.items,
    postgresCpuMicros: server.ctx.db.dialect === 'postgres' ? postgresCpuMicros() : 0,
  });
});

/** User + system CPU of all processes named postgres, from /proc (0 where there is none). */
function postgresCpuMicros(): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime), counted from the state field (3).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

function pick(env: NodeJS.ProcessEnv, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    void (storage?.drop() ?? Promise.resolve()).finally(() => process.exit(0));
  });
});

/**
 * PRAGMA synchronous (2 = FULL: COMMIT syncs; 1 = NORMAL: it does not) and whether the log is synced
 * before every answer off the thread (db/wal-sync.ts, set by openDatabase); reported so the figures
 * say what they measure.
 */
function sqliteStore(synchronous: number, syncedBeforeAnswer: boolean): string {
  if (synchronous === 2) return 'SQLite (synchronous=FULL, durable)';
  if (synchronous === 1 && syncedBeforeAnswer)
    return 'SQLite (synchronous=NORMAL, the log synced off the thread before every answer: durable)';
  return `SQLite (synchronous=${synchronous}: NOT fully durable)`;
}

async function benchDatabase(
  url: string | undefined,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!url) return undefined;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    },
  };
}
