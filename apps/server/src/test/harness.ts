import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, type AppOverrides, createApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';

export interface TestServer {
  server: App;
  baseUrl: string;
  /** ws://127.0.0.1:PORT/v1/ws */
  wsUrl: string;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra environment, as main.ts would read it (WEB_DIST, BODY_LIMIT_BYTES...). */
  env?: Record<string, string>;
  overrides?: AppOverrides;
  /** Reuse a data directory / database schema (restart tests); otherwise a fresh one. */
  storage?: TestStorage;
}

/** Where one test server keeps its data: a temp dir, plus a private schema when PostgreSQL is used. */
export interface TestStorage {
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/**
 * A fresh place for data. With DATABASE_URL set (CI), each storage gets its own PostgreSQL schema
 * and a connection string whose search_path points at it, so parallel test files never collide.
 */
export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-test-'));
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    return {
      dataDir,
      databaseUrl: undefined,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withPg(baseUrl, (client) => client.query(`create schema "${schema}"`));
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await withPg(baseUrl, (client) => client.query(`drop schema "${schema}" cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function testConfig(storage: TestStorage, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Every answer is checked against its endpoint's response schema: drift fails the test.
    VALIDATE_RESPONSES: '1',
    // In-process servers share one event loop with the test and each other: a long lease keeps a
    // busy moment (another server generating chart history, a virtual clock leaping days ahead) from
    // costing a leader its lease. Takeover tests run real child processes with the default timings
    // (cluster/takeover.pg.redis.test.ts).
    LEADER_LEASE_MS: '60000',
    // A fixed simulator path, as the tests were written against (unset, every leadership term draws
    // a fresh seed: right for a deployment, a coin toss for a test that reads the first ticks).
    FEED_SEED: '1',
    // No sample traders in a test's accounts and ranking unless a test asks for them.
    SAMPLE_STRATEGIES: 'off',
    // A shorter generated chart history than a deployment's 1,000 candles per period: writing that
    // history was over half of a test server's start (1.9 s on SQLite, 4.5 s on PostgreSQL), and
    // most tests never read a chart. Tests of the history's length ask for the default.
    CHART_HISTORY_BARS: '150',
    // Copy trading mirrors on the server's thread, where a test's virtual clock and scripted feed
    // are; the copy threads have tests of their own (copy/mirror-thread.sqlite.test.ts).
    COPY_THREADS: '0',
    DATA_DIR: storage.dataDir,
    // A folder that does not exist unless a test asks for a web build.
    WEB_DIST: join(storage.dataDir, 'no-web-build'),
    ADMIN_DIST: join(storage.dataDir, 'no-admin-build'),
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    // The scale-out run (REDIS_URL set) puts every test server on the Redis bus, each on its own
    // channel prefix so parallel test files never hear each other.
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` }
      : {}),
    ...env,
  });
}

/** Starts the real app on 127.0.0.1 with an ephemeral port; close() stops it and removes its data. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownStorage = options.storage === undefined;
  const storage = options.storage ?? (await createTestStorage());
  const config = testConfig(storage, options.env);
  let server: App;
  try {
    server = await createApp(config, options.overrides);
  } catch (error) {
    if (ownStorage) await storage.dispose();
    throw error;
  }
  const baseUrl = await server.listen();
  return {
    server,
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/v1/ws`,
    config,
    async close() {
      await server.close();
      if (ownStorage) await storage.dispose();
    },
  };
}

/** GET/POST and parse the envelope; returns status, headers and body together. */
export async function call(
  baseUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: { code: number; msg: string; data: unknown } }> {
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: JSON.parse(text) as { code: number; msg: string; data: unknown },
  };
}

/** Polls a condition (socket state on the server) without asserting how long it takes. */
export async function eventually(check: () => boolean, what: string, attempts = 500): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Condition never became true: ${what}`);
}
