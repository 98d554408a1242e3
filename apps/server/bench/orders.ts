/**
 * npm run bench:orders — durable order throughput over HTTP.
 *
 * Starts the server in a child process (default SQLite store, synchronous=FULL, simulator on),
 * opens demo accounts, then for a fixed time 64 concurrent keep-alive HTTP clients on loopback place
 * 0.01-lot market orders (GET /v1/api/forex/submit) spread over the accounts. Before that, the same
 * clients hit a no-op route of the same server, so the ratio says how much of the HTTP path's
 * capacity an order costs. Prints orders/s, p50/p99 latency and that ratio.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { OrdersServerMessage } from './orders-server.js';
import { BENCH_OFFSET_ENV, Histogram } from './shared.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NOOP_SECONDS = Number(process.env.BENCH_NOOP_SECONDS ?? 5);
const ACCOUNTS = 64;
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

async function phase(
  port: number,
  seconds: number,
  path: (client: number, n: number) => string,
  headers: (client: number) => Record<string, string>,
): Promise<Phase> {
  const hist = new Histogram();
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        const r = await request(agent, port, path(client, n), headers(client));
        hist.add(performance.now() - t0);
        if (r.status === 200 && r.body.startsWith('{"code":1,')) ok++;
        else {
          failed++;
          firstError ??= r.body.slice(0, 200);
        }
      }
      agent.destroy();
    }),
  );
  return { ok, failed, firstError, hist, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const server: ChildProcess = fork(fileURLToPath(new URL('./orders-server.ts', import.meta.url)), [], {
    execArgv: [...EXEC_ARGV, ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, [BENCH_OFFSET_ENV]: String(clockOffset()) },
  });
  try {
    const ready = await new Promise<OrdersServerMessage>((resolve, reject) => {
      server.once('message', (m: OrdersServerMessage) => resolve(m));
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const { port, eurusd, synchronous } = ready;

    // Demo accounts are limited per address and hour; loopback has a whole /8 to spread them over.
    const tokens: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const agent = new http.Agent({
        keepAlive: false,
        localAddress: `127.0.${1 + Math.floor(i / 25)}.${1 + (i % 25)}`,
      } as http.AgentOptions);
      const r = await request(
        agent,
        port,
        `/api/user/createAccountDemoForU?demo_id=${crypto.randomUUID()}`,
        {},
      );
      const body = JSON.parse(r.body) as { code: number; msg: string; data: { token: string } };
      if (body.code !== 1) throw new Error(`demo account refused: ${body.msg}`);
      tokens.push(body.data.token);
    }

    const headers = (client: number) => ({ lang: 'en', authorization: tokens[client % tokens.length] ?? '' });
    // Warm-up: JIT, prepared statements, connection set-up.
    await phase(port, 1, () => '/bench/noop', headers);
    const noop = await phase(port, NOOP_SECONDS, () => '/bench/noop', headers);
    const orders = await phase(
      port,
      SECONDS,
      (client, n) =>
        `/v1/api/forex/submit?type=${1 + ((client + n) % 2)}&cont=0.01&forex_id=${eurusd}&status=1&multiple=20&t=${n}`,
      headers,
    );

    const ordersPerSec = orders.ok / orders.seconds;
    const noopPerSec = noop.ok / noop.seconds;
    const line = (label: string, p: Phase, rate: number) =>
      `${label.padEnd(8)} ${rate.toFixed(0).padStart(7)} /s   p50 ${p.hist.quantile(0.5).toFixed(2)} ms   p99 ${p.hist.quantile(0.99).toFixed(2)} ms   ok ${p.ok}   failed ${p.failed}`;
    const mode = synchronous === 2 ? 'FULL (durable)' : `${synchronous} (NOT fully durable)`;
    console.log(
      `bench:orders — ${CLIENTS} clients, ${SECONDS} s, ${ACCOUNTS} demo accounts, SQLite synchronous=${mode}, group commit`,
    );
    console.log(line('orders', orders, ordersPerSec));
    console.log(line('no-op', noop, noopPerSec));
    console.log(`ratio    orders / no-op = ${(ordersPerSec / noopPerSec).toFixed(2)}`);
    if (orders.firstError) console.log(`first failure: ${orders.firstError}`);
    const target = ordersPerSec >= 3000 && orders.hist.quantile(0.99) <= 20;
    console.log(`target   ≥ 3,000 orders/s with p99 ≤ 20 ms: ${target ? 'met' : 'NOT met'}`);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  }
}

await main();
