/**
 * npm run bench:orders — durable order throughput over HTTP.
 *
 * Starts the server in a child process (on SQLite, every commit synced, or on PostgreSQL when
 * DATABASE_URL is set, in a schema of its own; BENCH_COMPARE=1 runs both; simulator on), so
 * the clients here and the server never share an event loop; opens demo accounts (two per client,
 * far from running out of margin); then, with 64 concurrent keep-alive HTTP clients on loopback:
 *   1. no-op route, 1 s warm-up then BENCH_NOOP_SECONDS measured: the HTTP path's own capacity;
 *   2. 0.01-lot market orders (GET /v1/api/forex/submit), BENCH_WARMUP_SECONDS warm-up (JIT,
 *      statement cache, session cache) then BENCH_SECONDS measured.
 * Prints orders/s, p50/p90/p99/max latency, the orders/no-op ratio, and what the server spent per
 * order in the measured window: CPU µs (user + system of the server process), event-loop use, and
 * the mean group-commit batch. The load average is printed at start and end: the machine is shared,
 * and throughput and latency move with it, the CPU per order much less.
 *
 * The clients are closed-loop: each sends its next order when the last one is answered, so the
 * mean latency is CLIENTS / throughput by construction; p99 ≤ 20 ms needs both throughput and a
 * tight distribution. BENCH_LOG_LEVEL=info measures with per-request access logs (to /dev/null).
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { routes } from '@meridian/contract';
// Types only: importing the module itself would start a second server in this process.
import type { OrdersParentMessage, OrdersServerMessage } from './orders-server.js';
import { BENCH_DATABASE_ENV, BENCH_LOG_LEVEL_ENV, BENCH_OFFSET_ENV, Histogram } from './shared.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const NOOP_SECONDS = Number(process.env.BENCH_NOOP_SECONDS ?? 5);
const ACCOUNTS = Math.max(128, 2 * CLIENTS);
const DAY_MS = 86_400_000;
const EXEC_ARGV = ['--import', 'tsx', '--conditions', 'source'];

function clockOffset(): number {
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = new Date(today).getUTCDay();
  return today - ((weekday - 2 + 7) % 7) * DAY_MS + 10 * 3_600_000 - now;
}

interface Reply {
  status: number;
  body: string;
}

function request(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Phase {
  ok: number;
  failed: number;
  firstError: string | undefined;
  hist: Histogram;
  seconds: number;
}

/** One client per agent, each with one keep-alive socket kept across the phases of a run. */
async function phase(
  agents: readonly http.Agent[],
  port: number,
  seconds: number,
  path: (client: number, n: number) => string,
  headers: (client: number, n: number) => Record<string, string>,
): Promise<Phase> {
  const hist = new Histogram();
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    agents.map(async (agent, client) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        const r = await request(agent, port, path(client, n), headers(client, n));
        hist.add(performance.now() - t0);
        if (r.status === 200 && r.body.startsWith('{"code":1,')) ok++;
        else {
          failed++;
          firstError ??= r.body.slice(0, 200);
        }
      }
    }),
  );
  return { ok, failed, firstError, hist, seconds: (performance.now() - started) / 1000 };
}

type Mark = Extract<OrdersServerMessage, { type: 'mark' }>;

/** The server's counters now; fails if the server has gone (it would otherwise wait forever). */
function mark(server: ChildProcess): Promise<Mark> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`server exited (${code ?? signal}) before answering`));
    const onMessage = (m: OrdersServerMessage) => {
      if (m.type !== 'mark') return;
      server.off('message', onMessage);
      server.off('exit', onExit);
      resolve(m);
    };
    server.on('message', onMessage);
    server.once('exit', onExit);
    server.send({ type: 'mark' } satisfies OrdersParentMessage);
  });
}

async function openAccounts(port: number): Promise<string[]> {
  // Demo accounts are limited per address and hour; loopback has a whole /8 to spread them over.
  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const agent = new http.Agent({
      keepAlive: false,
      localAddress: `127.0.${1 + Math.floor(i / 25)}.${1 + (i % 25)}`,
    } as http.AgentOptions);
    const r = await request(agent, port, `${routes.demoAccount.path}?demo_id=${crypto.randomUUID()}`, {});
    const body = JSON.parse(r.body) as { code: number; msg: string; data: { token: string } };
    if (body.code !== 1) throw new Error(`demo account refused: ${body.msg}`);
    tokens.push(body.data.token);
  }
  return tokens;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface StoreResult {
  store: string;
  ordersPerSec: number;
  p99: number;
}

/** One full run (server child, accounts, no-op, orders) on one store; prints its lines. */
async function measure(databaseUrl: string | undefined): Promise<StoreResult> {
  const loadAtStart = load();
  const logLevel = process.env[BENCH_LOG_LEVEL_ENV] ?? 'warn';
  const server: ChildProcess = fork(fileURLToPath(new URL('./orders-server.ts', import.meta.url)), [], {
    execArgv: [...EXEC_ARGV, ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    env: {
      ...process.env,
      [BENCH_OFFSET_ENV]: String(clockOffset()),
      [BENCH_LOG_LEVEL_ENV]: logLevel,
      ...(databaseUrl ? { [BENCH_DATABASE_ENV]: databaseUrl } : {}),
    },
    // Access logs at info would flood the terminal; they are still formatted and written.
    stdio: ['ignore', logLevel === 'warn' ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const ready = await new Promise<OrdersServerMessage>((resolve, reject) => {
      server.once('message', (m: OrdersServerMessage) => resolve(m));
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    if (ready.type !== 'ready') throw new Error('server did not report ready');
    const { port, eurusd, store } = ready;
    const tokens = await openAccounts(port);

    const noopHeaders = (client: number) => ({ lang: 'en', authorization: tokens[client] ?? '' });
    await phase(agents, port, 1, () => '/bench/noop', noopHeaders);
    const noop = await phase(agents, port, NOOP_SECONDS, () => '/bench/noop', noopHeaders);

    // Each client alternates between its two accounts, buying and selling in turn.
    const orderHeaders = (client: number, n: number) => ({
      lang: 'en',
      authorization: tokens[(client + (n % 2) * CLIENTS) % tokens.length] ?? '',
    });
    const orderPath = (client: number, n: number) =>
      `${routes.submitOrder.path}?type=${1 + ((client + (n >> 1)) % 2)}&cont=0.01&forex_id=${eurusd}&status=1&multiple=20&t=${n}`;
    await phase(agents, port, WARMUP_SECONDS, orderPath, orderHeaders);
    const before = await mark(server);
    const orders = await phase(agents, port, SECONDS, orderPath, orderHeaders);
    const after = await mark(server);
    const loadAtEnd = load();

    const ordersPerSec = orders.ok / orders.seconds;
    const noopPerSec = noop.ok / noop.seconds;
    const q = (p: Phase, x: number) => p.hist.quantile(x).toFixed(2);
    const line = (label: string, p: Phase, rate: number) =>
      `${label.padEnd(8)} ${rate.toFixed(0).padStart(7)} /s   p50 ${q(p, 0.5)} ms   p90 ${q(p, 0.9)} ms   p99 ${q(p, 0.99)} ms   max ${q(p, 1)} ms   ok ${p.ok}   failed ${p.failed}`;
    const cpuMicros = after.cpuMicros - before.cpuMicros;
    const active = after.activeMs - before.activeMs;
    const idle = after.idleMs - before.idleMs;
    const batches = after.batches - before.batches;
    const postgresCpu = after.postgresCpuMicros - before.postgresCpuMicros;
    console.log(
      `bench:orders — store: ${store}; ${CLIENTS} clients, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s, ${ACCOUNTS} demo accounts, group commit, server log level ${logLevel}`,
    );
    console.log(
      `load     ${loadAtStart} at start, ${loadAtEnd} at end (1/5/15 min; ${availableParallelism()} cores)`,
    );
    console.log(line('orders', orders, ordersPerSec));
    console.log(line('no-op', noop, noopPerSec));
    console.log(`ratio    orders / no-op = ${(ordersPerSec / noopPerSec).toFixed(2)}`);
    console.log(
      `server   ${(cpuMicros / Math.max(1, orders.ok + orders.failed)).toFixed(0)} µs CPU per order, ${((cpuMicros / 1000 / (orders.seconds * 1000)) * 100).toFixed(0)} % of a core, event loop ${((active / Math.max(1, active + idle)) * 100).toFixed(0)} % busy, ${batches} commits of ${((after.items - before.items) / Math.max(1, batches)).toFixed(1)} requests`,
    );
    if (databaseUrl) {
      console.log(
        `postgres ${(postgresCpu / Math.max(1, orders.ok + orders.failed)).toFixed(0)} µs CPU per order in PostgreSQL's own processes (all of this machine's)`,
      );
    }
    if (orders.firstError) console.log(`first failure: ${orders.firstError}`);
    const p99 = orders.hist.quantile(0.99);
    if (!databaseUrl) {
      const target = ordersPerSec >= 3000 && p99 <= 20;
      console.log(`target   ≥ 3,000 orders/s with p99 ≤ 20 ms: ${target ? 'met' : 'NOT met'}`);
    }
    return { store, ordersPerSec, p99 };
  } finally {
    for (const agent of agents) agent.destroy();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

/**
 * The store comes from DATABASE_URL (unset: SQLite). BENCH_COMPARE=1 runs SQLite and then
 * PostgreSQL (DATABASE_URL required) in one run and prints PostgreSQL / SQLite; BENCH_ROUNDS=N
 * repeats the pair N times, alternating, and prints each pair's ratios and their medians (a shared
 * machine's load moves both stores between pairs more than within one).
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (process.env.BENCH_COMPARE !== '1') {
    await measure(databaseUrl);
    return;
  }
  if (!databaseUrl) throw new Error('BENCH_COMPARE=1 needs DATABASE_URL (the PostgreSQL to compare with)');
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
  const verdict = (rate: number, p99: number) =>
    `orders/s ${rate.toFixed(2)} (target ≥ 0.60), p99 ${p99.toFixed(2)} (target ≤ 2.00): ${rate >= 0.6 && p99 <= 2 ? 'met' : 'NOT met'}`;
  const rates: number[] = [];
  const p99s: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const sqlite = await measure(undefined);
    console.log('');
    const postgres = await measure(databaseUrl);
    rates.push(postgres.ordersPerSec / sqlite.ordersPerSec);
    p99s.push(postgres.p99 / sqlite.p99);
    console.log('');
    const label =
      rounds > 1
        ? `compare  round ${round}/${rounds}, PostgreSQL / SQLite:`
        : 'compare  PostgreSQL / SQLite:';
    console.log(`${label} ${verdict(rates.at(-1) as number, p99s.at(-1) as number)}`);
    if (round < rounds) console.log('');
  }
  if (rounds > 1) {
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    };
    console.log(
      `compare  median of ${rounds} rounds, PostgreSQL / SQLite: ${verdict(median(rates), median(p99s))}`,
    );
  }
}

await main();
