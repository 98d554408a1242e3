/**
 * Feed benchmark: `npm run bench:feed` (root or apps/server).
 *
 * For 2,000 and then 10,000 clients, runs two servers in turn, each in its own child process on
 * 127.0.0.1: OUR server (createApp, SQLite in a temp dir, the simulator ticking every instrument on
 * average every BENCH_TICK_MS = 100 ms, 4× the default rate, to load it) and the BASELINE (a bare
 * `ws` server broadcasting the same messages at the same rate). Clients run in two child processes
 * (ulimit -n is per process), each client subscribed to DAY_MARKET and one KLINE.{code}.
 *
 * Prints, per run: messages delivered per second (DAY_MARKET + KLINE), p50/p99 tick-to-client
 * latency (a DAY_MARKET's receive time − the newest tick time it carries; same machine clock),
 * the p99 age of every quote and of every KLINE on arrival (these include the deliberate wait of
 * up to 250 ms for conflation), server CPU % (utime+stime from /proc/<pid>/stat over the window),
 * peak RSS (VmHWM from /proc/<pid>/status) and the highest RSS sampled in the window, clients
 * lost (dropped or closed), then the our/baseline throughput ratio.
 *
 * The feed's clock is shifted to a Tuesday 10:00 UTC so that every market is open whatever day the
 * benchmark runs; the clients apply the same shift when computing latencies.
 */
import { type ChildProcess, execSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INSTRUMENTS } from '../src/features/markets/index.js';
import {
  BENCH_CODES_ENV,
  BENCH_FLUSH_MS,
  BENCH_OFFSET_ENV,
  BENCH_TICK_MS,
  type ClientsToParent,
  Histogram,
  type ParentToClients,
  type ParentToServer,
  type ServerToParent,
} from './shared.js';

const PHASES = (process.env.BENCH_PHASES ?? '2000,10000').split(',').map(Number);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000);
const WARMUP_MS = 2000;
const CLIENT_PROCESSES = 2;
const EXEC_ARGV = ['--import', 'tsx', '--conditions', 'source'];
const HZ = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const DAY_MS = 86_400_000;

/** The most recent Tuesday 10:00 UTC: every schedule is open for hours either side. */
function clockOffset(): number {
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const weekday = new Date(today).getUTCDay();
  const tuesday = today - ((weekday - 2 + 7) % 7) * DAY_MS + 10 * 3_600_000;
  return tuesday - now;
}

interface RunResult {
  kind: 'ours' | 'baseline';
  clients: number;
  connected: number;
  msgsPerSec: number;
  mbPerSec: number;
  p50: number;
  p99: number;
  ageP99: number;
  klineP99: number;
  cpuPct: number;
  peakRssMb: number;
  windowRssMb: number;
  dropped: number;
  closed: number;
}

const offset = clockOffset();
const childEnv = {
  ...process.env,
  [BENCH_OFFSET_ENV]: String(offset),
  [BENCH_CODES_ENV]: INSTRUMENTS.map((i) => i.code).join(','),
};

function once<T>(child: ChildProcess, accept: (m: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: T) => {
      if (!accept(m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before answering`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return Number(fields[11]) + Number(fields[12]);
}

function statusKb(pid: number, key: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function run(kind: 'ours' | 'baseline', clients: number): Promise<RunResult> {
  const file = fileURLToPath(
    new URL(kind === 'ours' ? './feed-server.ts' : './baseline-server.ts', import.meta.url),
  );
  const server = fork(file, [], { execArgv: EXEC_ARGV, env: childEnv });
  const procs: ChildProcess[] = [];
  try {
    const { port } = (await once<ServerToParent>(server, (m) => m.type === 'ready')) as { port: number };
    const pid = server.pid ?? 0;
    const per = Math.ceil(clients / CLIENT_PROCESSES);
    const connected: Array<Promise<ClientsToParent>> = [];
    for (let p = 0; p < CLIENT_PROCESSES; p++) {
      const child = fork(fileURLToPath(new URL('./feed-clients.ts', import.meta.url)), [], {
        execArgv: EXEC_ARGV,
        env: {
          ...childEnv,
          BENCH_URL: `ws://127.0.0.1:${port}/v1/ws`,
          BENCH_CLIENTS: String(Math.min(per, clients - p * per)),
          BENCH_FIRST: String(p * per),
        },
      });
      procs.push(child);
      connected.push(once<ClientsToParent>(child, (m) => m.type === 'connected'));
    }
    let open = 0;
    for (const c of await Promise.all(connected)) if (c.type === 'connected') open += c.clients;
    await sleep(WARMUP_MS);

    const results = procs.map((c) => once<ClientsToParent>(c, (m) => m.type === 'result'));
    const cpu0 = cpuTicks(pid);
    const t0 = performance.now();
    for (const c of procs) c.send({ type: 'measure' } satisfies ParentToClients);
    let windowRss = 0;
    const sampler = setInterval(() => {
      windowRss = Math.max(windowRss, statusKb(pid, 'VmRSS'));
    }, 250);
    await sleep(WINDOW_MS);
    clearInterval(sampler);
    for (const c of procs) c.send({ type: 'report' } satisfies ParentToClients);
    const elapsedS = (performance.now() - t0) / 1000;
    const cpuPct = ((cpuTicks(pid) - cpu0) / HZ / elapsedS) * 100;
    const peakRssMb = statusKb(pid, 'VmHWM') / 1024;
    const stats = once<ServerToParent>(server, (m) => m.type === 'stats');
    server.send({ type: 'stats' } satisfies ParentToServer);
    const serverStats = (await stats) as Extract<ServerToParent, { type: 'stats' }>;

    const latency = new Histogram();
    const age = new Histogram();
    const klineAge = new Histogram();
    let messages = 0;
    let bytes = 0;
    let closed = 0;
    for (const r of await Promise.all(results)) {
      if (r.type !== 'result') continue;
      messages += r.messages;
      bytes += r.bytes;
      closed += r.closed;
      latency.merge(r.latencies);
      age.merge(r.ages);
      klineAge.merge(r.klineAges);
    }
    return {
      kind,
      clients,
      connected: open,
      msgsPerSec: messages / elapsedS,
      mbPerSec: bytes / elapsedS / 1e6,
      p50: latency.quantile(0.5),
      p99: latency.quantile(0.99),
      ageP99: age.quantile(0.99),
      klineP99: klineAge.quantile(0.99),
      cpuPct,
      peakRssMb,
      windowRssMb: windowRss / 1024,
      dropped: serverStats.dropped,
      closed,
    };
  } finally {
    await Promise.all(procs.map(stop));
    await stop(server);
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function line(r: RunResult): string {
  return [
    r.kind.padEnd(9),
    String(r.clients).padStart(6),
    String(r.connected).padStart(6),
    fmt(r.msgsPerSec, 0).padStart(9),
    fmt(r.mbPerSec).padStart(7),
    fmt(r.p50).padStart(7),
    fmt(r.p99).padStart(7),
    fmt(r.ageP99).padStart(8),
    fmt(r.klineP99).padStart(8),
    fmt(r.cpuPct).padStart(6),
    fmt(r.peakRssMb, 0).padStart(8),
    fmt(r.windowRssMb, 0).padStart(7),
    String(r.dropped + r.closed).padStart(5),
  ].join(' ');
}

console.log(
  `feed benchmark: ${INSTRUMENTS.length} instruments ticking every ${BENCH_TICK_MS} ms on average, ` +
    `${BENCH_FLUSH_MS} ms conflation, ${WINDOW_MS / 1000} s windows, ${CLIENT_PROCESSES} client processes, ` +
    `${HZ} Hz, clock shifted ${Math.round(offset / 3_600_000)} h to a Tuesday`,
);
const header =
  'server    clients  open    msgs/s    MB/s  p50 ms  p99 ms  age p99 kline99   CPU%  HWM MB  RSS MB  lost';
const all: RunResult[] = [];
for (const clients of PHASES) {
  for (const kind of ['ours', 'baseline'] as const) {
    const r = await run(kind, clients);
    all.push(r);
    console.log(`${header}\n${line(r)}`);
  }
}

console.log('\nsummary');
console.log(header);
for (const r of all) console.log(line(r));
for (const clients of PHASES) {
  const ours = all.find((r) => r.kind === 'ours' && r.clients === clients);
  const base = all.find((r) => r.kind === 'baseline' && r.clients === clients);
  if (!ours || !base) continue;
  const ratio = ours.msgsPerSec / base.msgsPerSec;
  console.log(
    `${clients} clients: throughput ratio ours/baseline ${ratio.toFixed(2)} (target ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'missed'}); ` +
      `our p99 ${fmt(ours.p99)} ms (target ≤ 50 ms${clients === 10_000 ? `: ${ours.p99 <= 50 ? 'met' : 'missed'}` : ''})`,
  );
}
