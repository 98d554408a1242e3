/**
 * The copy thread's entry, beside the server's (main.ts; see features/copy/mirror-thread.ts): an
 * app of its own on the same SQLite file, following the server thread's market, running the mirror
 * and nothing else. It starts no feature's background
 * work (the feed, the trigger worker, the watchers stay on the server's thread) and listens on no
 * port.
 */
import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createApp } from './app.js';
import type { Cluster } from './cluster/cluster.js';
import { NeverLeader } from './cluster/leader.js';
import { SharedClock } from './cluster/thread-link.js';
import { setTurnGate } from './db/background-turns.js';
import { RequestGauge, SharedWriteLock } from './db/write-lock.js';
import {
  CopyMirror,
  type MirrorThreadData,
  THREAD_CHANNELS,
  type ThreadControl,
} from './features/copy/index.js';
import { FEATURES } from './features/index.js';
import { BridgedBus } from './live/bridged-bus.js';
import { GATEWAY_CHANNELS } from './live/gateway.js';

/**
 * The longest the thread waits, each time, for the server's requests in flight before it books or
 * takes a turn anyway: long enough for an order's booking, short enough that a steady stream of
 * requests never stops the copies.
 */
const GIVE_WAY_MS = 3;

/** The lowest CPU priority for this thread alone (Linux: a thread's nice value is its own). */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority, giving way all the same.
  }
}

/**
 * BENCH_PROFILE=<dir> (bench:copy): a CPU profile of this thread from its start to its stop,
 * written there as copy-thread-<time>.cpuprofile. Returns the function that writes it.
 */
async function profileThread(): Promise<(() => Promise<void>) | undefined> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return undefined;
  const { Session } = await import('node:inspector');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_PROFILE_US ?? 1000) });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `copy-thread-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  };
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('copy-thread runs as a worker thread');
  const data = workerData as MirrorThreadData;
  lowerPriority();
  const profiled = await profileThread();
  const gauge = new RequestGauge(data.buffer);
  setTurnGate(() => gauge.giveWay(GIVE_WAY_MS));
  const bus = new BridgedBus(data.port, false, { held: true, ignore: GATEWAY_CHANNELS });
  const cluster: Cluster = {
    scaleOut: false,
    nodeId: randomUUID(),
    leader: new NeverLeader(),
    relayTicks: true,
  };
  const app = await createApp(
    { ...data.config, copyThreads: 0, sampleStrategies: false, metricsPort: undefined },
    {
      thread: {
        bus,
        cluster,
        writeLock: new SharedWriteLock(data.buffer, 'copies', GIVE_WAY_MS, data.index),
      },
      markets: { clock: new SharedClock(data.clockBuffer) },
      // Registered only: no seeds (the server's thread ran them), no background work.
      features: FEATURES.map(({ seed: _seed, start: _start, ...feature }) => feature),
    },
  );
  const { ctx } = app;
  const copy = ctx.services.copy;
  const trading = ctx.services.trading;
  if (!copy || !trading) throw new Error('the copy thread needs the trading and copy features');
  const stopMarkets = await ctx.services.markets.start(cluster, bus);
  const mirror = copy.mirror;
  if (!(mirror instanceof CopyMirror)) throw new Error('the copy thread runs the mirror itself');
  mirror.partition = data.count > 1 ? { index: data.index, count: data.count } : undefined;
  const thread = data.index;
  mirror.onMirroring = (orderId, version) =>
    bus.publish(THREAD_CHANNELS.mirroring, { thread, orderId, version });
  mirror.onMirrored = (orderId, status, version) =>
    bus.publish(THREAD_CHANNELS.mirrored, { thread, orderId, status, version, counts: mirror.counts });
  await mirror.start();
  bus.subscribe(THREAD_CHANNELS.idleAsk, (payload) => {
    const id = (payload as { id: number }).id;
    void (async () => {
      await mirror.idle();
      await copy.service.idle();
      bus.publish(THREAD_CHANNELS.idle, { id });
    })();
  });
  bus.open();

  port.on('message', (message: ThreadControl) => {
    if (message.kind !== 'stop') return;
    void (async () => {
      await mirror.stop();
      await copy.service.idle();
      await trading.queue.drain();
      await stopMarkets();
      await app.close();
      await profiled?.();
      // Ends this thread only (a worker's process.exit).
      process.exit(0);
    })();
  });
  port.postMessage({ kind: 'ready' } satisfies ThreadControl);
}

// A failure reaches the server's thread as the worker's error; it then mirrors itself.
await main();
