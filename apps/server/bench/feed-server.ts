/**
 * Benchmark child: the real Meridian server (createApp, SQLite in a temp dir, the simulator ticking
 * every instrument every BENCH_TICK_MS on average) on 127.0.0.1, port chosen by the OS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import {
  BENCH_FLUSH_MS,
  BENCH_OFFSET_ENV,
  BENCH_TICK_MS,
  type ParentToServer,
  type ServerToParent,
  send,
} from './shared.js';

const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: join(dataDir, 'none'),
  MARKET_TICK_MS: String(BENCH_TICK_MS),
  MARKET_FLUSH_MS: String(BENCH_FLUSH_MS),
  // Every bench client connects from 127.0.0.1.
  WS_MAX_PER_ADDRESS: '1000000',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
});
const server = await createApp(config, { markets: { clock: { now: () => Date.now() + offset } } });
const url = await server.listen();
send<ServerToParent>({ type: 'ready', port: Number(new URL(url).port) });

process.on('message', (message: ParentToServer) => {
  if (message.type === 'stats') {
    send<ServerToParent>({
      type: 'stats',
      dropped: server.gateway.droppedSlowClients,
      clients: server.gateway.clientCount,
    });
  }
});
process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
