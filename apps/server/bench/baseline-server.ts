/**
 * Benchmark child: the baseline. A bare `ws` WebSocketServer with no framework, no event bus and no
 * per-client checks, broadcasting the same messages at the same rate: the same simulator, candle
 * aggregation, payloads and 250 ms conflation as the real server, each message serialised once
 * and sent with `ws.send` to every subscriber.
 */
import { createServer } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import {
  type Candle,
  CandleAggregator,
  dayMarketEntry,
  dayMarketMessage,
  INSTRUMENTS,
  type Instrument,
  klineMessage,
  type Period,
  PriceSimulator,
} from '../src/features/markets/index.js';
import {
  BENCH_FLUSH_MS,
  BENCH_OFFSET_ENV,
  BENCH_TICK_MS,
  type ParentToServer,
  type ServerToParent,
  send,
} from './shared.js';

const offset = Number(process.env[BENCH_OFFSET_ENV] ?? 0);
const clock = { now: () => Date.now() + offset };
const sim = new PriceSimulator({
  instruments: INSTRUMENTS,
  seed: 1,
  clock,
  meanTickIntervalMs: BENCH_TICK_MS,
});
const aggs = new Map(
  INSTRUMENTS.map((i) => [
    i.code,
    new CandleAggregator({ code: i.code, precision: i.pricePrecision, scheduleId: i.scheduleId }),
  ]),
);
const byCode = new Map(INSTRUMENTS.map((i) => [i.code, i]));
const dirty = new Set<Instrument>();
const pendingKline = new Map<string, { updated: Partial<Record<Period, Candle>>; timeMs: number }>();

sim.onTick((tick) => {
  const inst = byCode.get(tick.code);
  const agg = aggs.get(tick.code);
  if (!inst || !agg) return;
  const { updated } = agg.push(tick);
  dirty.add(inst);
  const pending = pendingKline.get(tick.code);
  if (pending) {
    Object.assign(pending.updated, updated);
    pending.timeMs = tick.timeMs;
  } else pendingKline.set(tick.code, { updated: { ...updated }, timeMs: tick.timeMs });
});

const topics = new Map<string, Set<WebSocket>>();
const http = createServer();
const wss = new WebSocketServer({ server: http, path: '/v1/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  const mine = new Set<string>();
  ws.on('message', (data) => {
    const text = data.toString();
    if (text === 'ping') {
      ws.send('pong');
      return;
    }
    const msg = JSON.parse(text) as { type: string; topic: string };
    if (msg.type !== 'sub') return;
    let set = topics.get(msg.topic);
    if (!set) {
      set = new Set();
      topics.set(msg.topic, set);
    }
    set.add(ws);
    mine.add(msg.topic);
    ws.send(JSON.stringify({ type: 'sub_result', code: 1, topic: msg.topic }));
  });
  ws.on('close', () => {
    for (const t of mine) topics.get(t)?.delete(ws);
  });
});

function broadcast(topic: string, message: unknown): void {
  const set = topics.get(topic);
  if (!set || set.size === 0) return;
  const frame = JSON.stringify(message);
  for (const ws of set) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
}

setInterval(() => {
  if (dirty.size > 0) {
    const changed = [...dirty].sort((a, b) => a.id - b.id);
    dirty.clear();
    const entries = changed.map((inst) =>
      dayMarketEntry({
        instrument: inst,
        quote: sim.quote(inst.code),
        day: aggs.get(inst.code)?.dayQuote(),
        marketStatus: 1,
      }),
    );
    broadcast('DAY_MARKET', dayMarketMessage(entries));
  }
  for (const [code, p] of pendingKline) broadcast(`KLINE.${code}`, klineMessage(code, p.updated, p.timeMs));
  pendingKline.clear();
}, BENCH_FLUSH_MS);

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  sim.start();
  send<ServerToParent>({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message: ParentToServer) => {
  if (message.type === 'stats')
    send<ServerToParent>({ type: 'stats', dropped: 0, clients: wss.clients.size });
});
process.once('SIGTERM', () => {
  sim.stop();
  for (const ws of wss.clients) ws.terminate();
  wss.close();
  http.close(() => process.exit(0));
});
