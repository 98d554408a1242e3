/**
 * bench:orders child: the real server (createApp, the default SQLite store with synchronous=FULL,
 * the simulator ticking) on 127.0.0.1, plus one no-op route answered through the same envelope
 * path, so the parent can measure both in one run. The clock is shifted to a Tuesday so forex is open.
 * On the parent's `mark` it reports its own CPU time, event-loop use and group-commit counters, so
 * the parent can say what one order costs the server whatever else the machine is doing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { GroupCommitQueue } from '../src/features/trading/write-queue.js';
import { defineRoute } from '../src/http/route.js';
import { BENCH_LOG_LEVEL_ENV, BENCH_OFFSET_ENV, send } from './shared.js';

export type OrdersServerMessage =
  | { type: 'ready'; port: number; synchronous: number; eurusd: number; logLevel: string }
  | {
      type: 'mark';
      /** process.cpuUsage() user + system, µs since start. */
      cpuMicros: number;
      /** performance.eventLoopUtilization() totals, ms. */
      idleMs: number;
      activeMs: number;
      batches: number;
      items: number;
    };
export type OrdersParentMessage = { type: 'mark' };

const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const logLevel = process.env[BENCH_LOG_LEVEL_ENV] ?? 'warn';
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-orders-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: logLevel,
  WEB_DIST: join(dataDir, 'none'),
});
const server = await createApp(config, {
  markets: { clock: { now: () => Date.now() + offset } },
  extraFeatures: [
    {
      name: 'bench-noop',
      register: ({ app, translator }) =>
        defineRoute(app, translator, { method: 'GET', url: '/bench/noop', handler: () => null }),
    },
  ],
});
const url = await server.listen();
const pragma = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(server.ctx.db.kysely);
const queue = server.ctx.services.trading?.queue;
const counters = queue instanceof GroupCommitQueue ? queue : { batches: 0, items: 0 };

send<OrdersServerMessage>({
  type: 'ready',
  port: Number(new URL(url).port),
  // PRAGMA synchronous: 2 = FULL (set by openDatabase); reported so the figures say what they measure.
  synchronous: Number(pragma.rows[0]?.synchronous),
  eurusd: server.ctx.services.markets.requireInstrument('EURUSD').id,
  logLevel,
});

process.on('message', (message: OrdersParentMessage) => {
  if (message.type !== 'mark') return;
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  send<OrdersServerMessage>({
    type: 'mark',
    cpuMicros: cpu.user + cpu.system,
    idleMs: elu.idle,
    activeMs: elu.active,
    batches: counters.batches,
    items: counters.items,
  });
});

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
