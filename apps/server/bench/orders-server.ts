/**
 * bench:orders child: the real server (createApp, the default SQLite store with synchronous=FULL,
 * the simulator ticking) on 127.0.0.1, plus one no-op route answered through the same envelope
 * path, so the parent can measure both in one run. The clock is shifted to a Tuesday so forex is open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { defineRoute } from '../src/http/route.js';
import { BENCH_OFFSET_ENV, send } from './shared.js';

export type OrdersServerMessage = { type: 'ready'; port: number; synchronous: number; eurusd: number };

const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-orders-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
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
send<OrdersServerMessage>({
  type: 'ready',
  port: Number(new URL(url).port),
  // PRAGMA synchronous: 2 = FULL (set by openDatabase); reported so the figures say what they measure.
  synchronous: Number(pragma.rows[0]?.synchronous),
  eurusd: server.ctx.services.markets.requireInstrument('EURUSD').id,
});

process.once('SIGTERM', () => {
  const q = server.ctx.services.trading?.queue as { batches?: number; items?: number } | undefined;
  if (q?.batches)
    console.log(
      `group commit: ${q.batches} batches, ${((q.items ?? 0) / q.batches).toFixed(1)} requests each`,
    );
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
