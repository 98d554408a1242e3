/**
 * Benchmark child: BENCH_CLIENTS WebSocket clients on 127.0.0.1, each subscribed to DAY_MARKET and
 * KLINE.{code} (codes spread round-robin), pinging every 5 s like the app. Every client counts what
 * it receives; one in SAMPLE_EVERY also parses its messages and records the tick-to-client
 * latency of each DAY_MARKET (receive time − the newest tick time it carries), the age of every
 * quote in it (which includes its wait for the 250 ms conflation), and the age of each KLINE
 * (receive time − its last tick, also including the conflation wait).
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import {
  BENCH_CODES_ENV,
  BENCH_OFFSET_ENV,
  type ClientsToParent,
  Histogram,
  type ParentToClients,
  send,
} from './shared.js';

const url = process.env.BENCH_URL ?? '';
const count = Number(process.env.BENCH_CLIENTS ?? 0);
const firstIndex = Number(process.env.BENCH_FIRST ?? 0);
const codes = (process.env[BENCH_CODES_ENV] ?? 'EURUSD').split(',');
const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const SAMPLE_EVERY = 10;
const CONNECT_CONCURRENCY = 200;

let measuring = false;
let messages = 0;
let bytes = 0;
let closed = 0;
const latencies = new Histogram();
const ages = new Histogram();
const klineAges = new Histogram();
const sockets: WebSocket[] = [];

/** The sender's clock: the feed runs BENCH_CLOCK_OFFSET_MS ahead so that every market is open. */
const feedNow = () => performance.timeOrigin + performance.now() + offset;

function record(data: Buffer): void {
  const now = feedNow();
  const text = data.toString();
  if (text === 'pong') return;
  const msg = JSON.parse(text) as { type: string; Time?: number; data?: Array<{ Time: number }> };
  if (msg.type === 'DAY_MARKET' && Array.isArray(msg.data)) {
    let newest = 0;
    for (const e of msg.data) {
      newest = Math.max(newest, e.Time);
      ages.add(now - e.Time);
    }
    latencies.add(now - newest);
  } else if (msg.type === 'KLINE' && typeof msg.Time === 'number') {
    klineAges.add(now - msg.Time);
  }
}

function open(index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    const sample = index % SAMPLE_EVERY === 0;
    ws.once('open', () => {
      sockets.push(ws);
      ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
      ws.send(JSON.stringify({ type: 'sub', topic: `KLINE.${codes[index % codes.length]}` }));
      resolve(true);
    });
    ws.once('error', () => resolve(false));
    ws.on('close', () => {
      if (measuring) closed++;
    });
    ws.on('message', (data: Buffer) => {
      if (!measuring) return;
      messages++;
      bytes += data.length;
      if (sample) record(data);
    });
  });
}

let failed = 0;
for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
  const batch = [];
  for (let j = i; j < Math.min(count, i + CONNECT_CONCURRENCY); j++) batch.push(open(firstIndex + j));
  for (const ok of await Promise.all(batch)) if (!ok) failed++;
}
const heartbeat = setInterval(() => {
  for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('ping');
}, 5000);
send<ClientsToParent>({ type: 'connected', clients: sockets.length, failed });

process.on('message', (message: ParentToClients) => {
  if (message.type === 'measure') {
    measuring = true;
    return;
  }
  measuring = false;
  clearInterval(heartbeat);
  send<ClientsToParent>({
    type: 'result',
    messages,
    bytes,
    latencies: latencies.counts,
    ages: ages.counts,
    klineAges: klineAges.counts,
    closed,
  });
  for (const ws of sockets) ws.terminate();
  setTimeout(() => process.exit(0), 200).unref();
});
