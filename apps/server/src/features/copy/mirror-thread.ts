/**
 * Copy trading's fan-out in threads of its own, on an embedded (SQLite) node that asks for them
 * (COPY_THREADS=N; several split the copies between them). Off by default: on two cores it
 * measured no better than the mirror on the server's thread, and cost a fifth more CPU per copy
 * (docs/decisions.md, "Session 13"); it is for a machine with cores to spare.
 *
 * On the server's thread, the mirror's work shared one event loop with every request: a provider's
 * next order waited for the slice of copies in progress, and its client's thread fought that same
 * busy thread for the machine's cores (docs/decisions.md, sessions 10-12). Here the mirror runs in
 * worker threads (src/copy-thread.ts), each with an app of its own: its own writer connection to the
 * same SQLite file, the market followed through the tick relay, and its event bus joined to the
 * server's (live/bridged-bus.ts), so the copies' order, balance and live events reach the server's
 * trigger worker and sockets as before. Each thread mirrors every provider event for its share of
 * the copies (copy id modulo the number of threads), so the copies of one event are booked by the
 * threads side by side; the write lock lets one write at a time, and most of a copy's work is not
 * the write. The threads run at the lowest CPU priority, and before one takes the write lock or a
 * background turn it gives way while the server has a request in flight (db/write-lock.ts), so a
 * trader's order is served as if nobody were copying.
 *
 * Everything else of copy trading (its REST calls, the equity-stop watcher, month-end fees, the
 * sample strategies) stays on the server's thread; all the threads book through the same guarded
 * statements, as the nodes of a scale-out deployment do.
 *
 * This object stands for the mirror on the server's thread: `idle`, `counts` and the `onMirrored`
 * and `onMirroring` hooks answer for the threads' mirrors together, over the bus (an event is
 * mirrored once every thread has mirrored its share).
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { publishClockOffset, type ThreadLink } from '../../cluster/thread-link.js';
import type { AppConfig } from '../../config.js';
import type { EventBus } from '../../live/event-bus.js';
import type { Clock } from '../markets/index.js';
import type { MirrorStats } from './copy-mirror.js';
import { STRATEGIES_CHANNEL } from './providers.js';

/** What a thread is given at its start (src/copy-thread.ts). */
export interface MirrorThreadData {
  config: AppConfig;
  buffer: SharedArrayBuffer;
  clockBuffer: SharedArrayBuffer;
  port: ThreadLink['threadPorts'][number];
  /** Its share of the copies: ids modulo `count` equal to `index`. */
  index: number;
  count: number;
}

/** Bus channels between the threads' copy trading and the server's. */
export const THREAD_CHANNELS = {
  /** A thread's mirror finished its share of a provider event: { thread, orderId, status, version, counts }. */
  mirrored: 'copy.thread.mirrored',
  /** It started on one: { thread, orderId, version }. */
  mirroring: 'copy.thread.mirroring',
  /** The server asks: { id }; each thread answers on `idle` once everything it received is mirrored. */
  idleAsk: 'copy.thread.idle_ask',
  idle: 'copy.thread.idle',
} as const;

/** Messages on a worker's own port (not the bus): it is ready; it should stop (then it exits). */
export type ThreadControl = { kind: 'ready' } | { kind: 'stop' };

/** How long a stopping thread may take before it is terminated. */
const STOP_MS = 10_000;

export class MirrorThreads {
  readonly counts: MirrorStats = { opened: 0, skipped: 0, closed: 0 };
  onMirrored: ((providerOrderId: number, status: number, version: number) => void) | undefined;
  onMirroring: ((providerOrderId: number, version: number) => void) | undefined;
  private workers: Array<Worker | undefined> = [];
  private readonly threadCounts: MirrorStats[] = [];
  /** Per event (order id and version) being mirrored: the threads that have not finished it. */
  private readonly open = new Map<string, number>();
  private offs: Array<() => void> = [];
  /** Per idle question: the answers still awaited, and its waiter. */
  private readonly idleWaiters = new Map<number, { left: number; done: () => void }>();
  private nextIdle = 0;
  private stopping = false;
  /** Set when a thread died: the others stopping, then the server's thread taking over. */
  private takeover: Promise<void> | undefined;

  constructor(
    private readonly d: {
      link: ThreadLink;
      config: AppConfig;
      bus: EventBus;
      clock: Clock;
      /** The market clock is the system clock (a deployment): no offset to publish. */
      systemClock: boolean;
      log: FastifyBaseLogger;
      /** Called if a thread dies after the start: the others stop and the server's thread mirrors. */
      died: () => Promise<void>;
    },
  ) {}

  get threads(): number {
    return this.d.link.threadPorts.length;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const { bus } = this.d;
    this.offs = [
      publishClockOffset(this.d.clock, this.d.link.clockBuffer, this.d.systemClock),
      bus.subscribe(THREAD_CHANNELS.mirrored, (payload) => {
        const p = payload as {
          thread: number;
          orderId: number;
          status: number;
          version: number;
          counts: MirrorStats;
        };
        this.threadCounts[p.thread] = p.counts;
        for (const key of ['opened', 'skipped', 'closed'] as const)
          this.counts[key] = this.threadCounts.reduce((sum, c) => sum + (c?.[key] ?? 0), 0);
        const event = `${p.orderId}:${p.version}`;
        const left = (this.open.get(event) ?? this.threads) - 1;
        if (left > 0) {
          this.open.set(event, left);
          return;
        }
        this.open.delete(event);
        this.onMirrored?.(p.orderId, p.status, p.version);
      }),
      bus.subscribe(THREAD_CHANNELS.mirroring, (payload) => {
        const p = payload as { orderId: number; version: number };
        const event = `${p.orderId}:${p.version}`;
        if (this.open.has(event)) return;
        this.open.set(event, this.threads);
        this.onMirroring?.(p.orderId, p.version);
      }),
      bus.subscribe(THREAD_CHANNELS.idle, (payload) => {
        const id = (payload as { id: number }).id;
        const waiter = this.idleWaiters.get(id);
        if (!waiter || --waiter.left > 0) return;
        this.idleWaiters.delete(id);
        waiter.done();
      }),
    ];
    try {
      await Promise.all(this.d.link.threadPorts.map((_, index) => this.spawn(index)));
    } catch (err) {
      // The server's thread mirrors instead: copies late or lost would be worse than slower orders.
      this.d.log.error({ err }, 'copy trading: the mirror threads did not start; the server thread mirrors');
      await this.stop();
      await this.d.died();
    }
  }

  /** Resolves once every thread has mirrored every event published before this call. */
  idle(): Promise<void> {
    const running = this.workers.filter((w) => w !== undefined).length;
    if (running === 0) return Promise.resolve();
    const id = ++this.nextIdle;
    return new Promise<void>((resolve) => {
      this.idleWaiters.set(id, { left: running, done: resolve });
      this.d.bus.publish(THREAD_CHANNELS.idleAsk, { id });
    });
  }

  /** The threads re-read the strategies (they hear every publish and status change themselves). */
  async refresh(): Promise<void> {
    this.d.bus.publish(STRATEGIES_CHANNEL, {});
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const workers = this.workers.filter((w): w is Worker => w !== undefined);
    this.workers = [];
    await Promise.all(
      workers.map(async (worker) => {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.postMessage({ kind: 'stop' } satisfies ThreadControl);
        const timer = setTimeout(() => void worker.terminate(), STOP_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
    for (const off of this.offs) off();
    this.offs = [];
    this.releaseWaiters();
  }

  /** Ends the first thread at once, as a crash would (tests); resolves once the server thread mirrors. */
  async kill(): Promise<void> {
    const worker = this.workers[0];
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    await worker.terminate();
    await exited;
    await this.takeover;
  }

  private releaseWaiters(): void {
    // Waiters for a dead or stopped thread would wait for ever.
    for (const waiter of this.idleWaiters.values()) waiter.done();
    this.idleWaiters.clear();
  }

  private spawn(index: number): Promise<void> {
    const { link, config, log } = this.d;
    const port = link.threadPorts[index];
    if (!port) throw new Error(`no port for copy thread ${index}`);
    const data: MirrorThreadData = {
      config,
      buffer: link.buffer,
      clockBuffer: link.clockBuffer,
      port,
      index,
      count: this.threads,
    };
    const worker = new Worker(workerFile(), {
      workerData: data,
      transferList: [port],
      // The thread loads the built JavaScript: not a source condition or a loader of the sources.
      execArgv: builtArgv(process.execArgv),
    });
    this.workers[index] = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: ThreadControl) => {
        if (message.kind !== 'ready') return;
        ready = true;
        log.info({ thread: index, of: this.threads }, 'copy trading: a mirror thread runs');
        resolve();
      });
      worker.on('error', (err) => {
        log.error({ err, thread: index }, 'copy trading: a mirror thread failed');
        if (!ready) reject(err);
      });
      worker.on('exit', (code) => {
        // A thread that died holding the write lock would hold it for ever.
        link.lock.releaseDeadPeer(index);
        if (this.workers[index] !== worker) return;
        this.workers[index] = undefined;
        if (this.stopping || !ready) return;
        // Its port went with it (a new thread would need a new link): the server's thread mirrors
        // all the copies from now on, once the other threads have stopped.
        log.error(
          { code, thread: index },
          'copy trading: a mirror thread stopped; the server thread mirrors from now on',
        );
        this.takeover = this.stop().then(() => this.d.died());
      });
    });
  }
}

/** Node's flags without those that point module resolution at the TypeScript sources. */
export function builtArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (
      arg === '--conditions' ||
      arg === '-C' ||
      arg === '--import' ||
      arg === '--require' ||
      arg === '--loader'
    ) {
      const value = argv[i + 1] ?? '';
      if ((arg === '--conditions' || arg === '-C') && value === 'source') {
        i++;
        continue;
      }
      if (arg !== '--conditions' && arg !== '-C' && value.includes('tsx')) {
        i++;
        continue;
      }
    }
    if (arg === '--conditions=source' || /^--(import|require|loader)=.*tsx/.test(arg)) continue;
    out.push(arg);
  }
  return out;
}

/**
 * The worker's file: next to this one when built; from the sources (tests and benchmarks run them
 * through a loader a worker thread does not get), the built copy of it.
 */
function workerFile(): URL {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new URL('../../copy-thread.js', import.meta.url);
  return new URL(
    `file://${here.replace(/\/src\/features\/copy\/mirror-thread\.ts$/, '/dist/copy-thread.js')}`,
  );
}
