/**
 * Copy trading's fan-out in a thread of its own, on an embedded (SQLite) node (COPY_THREAD, on by
 * default there).
 *
 * On the server's thread, the mirror's work shared one event loop with every request: a provider's
 * next order waited for the slice of copies in progress, and its client's thread fought that same
 * busy thread for the machine's cores (docs/decisions.md, sessions 10-12). Here the mirror runs in
 * a worker thread (mirror-worker.ts) with an app of its own: its own writer connection to the same
 * SQLite file, the market followed through the tick relay, and its event bus joined to the
 * server's (live/bridged-bus.ts), so the copies' order, balance and live events reach the server's
 * trigger worker and sockets as before. The thread runs at the lowest CPU priority, and before it
 * takes the write lock or a background turn it gives way while the server has a request in flight
 * (db/write-lock.ts), so a trader's order is served as if nobody were copying.
 *
 * Everything else of copy trading (its REST calls, the equity-stop watcher, month-end fees, the
 * sample strategies) stays on the server's thread; both threads book through the same guarded
 * statements, as the nodes of a scale-out deployment do.
 *
 * This object stands for the mirror on the server's thread: `idle`, `counts` and the `onMirrored`
 * and `onMirroring` hooks answer for the thread's mirror, over the bus.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { publishClockOffset, type ThreadLink } from '../../cluster/thread-link.js';
import type { AppConfig } from '../../config.js';
import type { EventBus } from '../../live/event-bus.js';
import type { Clock } from '../markets/index.js';
import { type MirrorStats, STRATEGIES_CHANNEL } from './copy-mirror.js';

/** What the thread is given at its start (mirror-worker.ts). */
export interface MirrorThreadData {
  config: AppConfig;
  buffer: SharedArrayBuffer;
  clockBuffer: SharedArrayBuffer;
  port: ThreadLink['threadPort'];
}

/** Bus channels between the two threads' copy trading. */
export const THREAD_CHANNELS = {
  /** The thread's mirror finished a provider event: { orderId, status, counts }. */
  mirrored: 'copy.thread.mirrored',
  /** It started one: { orderId }. */
  mirroring: 'copy.thread.mirroring',
  /** The server asks: { id }; the thread answers on `idle` once everything received is mirrored. */
  idleAsk: 'copy.thread.idle_ask',
  idle: 'copy.thread.idle',
} as const;

/** Messages on the worker's own port (not the bus). */
export type ThreadControl = { kind: 'ready' } | { kind: 'stopped' } | { kind: 'stop' };

/** How long a stopping thread may take before it is terminated. */
const STOP_MS = 10_000;

export class MirrorThread {
  readonly counts: MirrorStats = { opened: 0, skipped: 0, closed: 0 };
  onMirrored: ((providerOrderId: number, status: number) => void) | undefined;
  onMirroring: ((providerOrderId: number) => void) | undefined;
  private worker: Worker | undefined;
  private offs: Array<() => void> = [];
  private readonly idleWaiters = new Map<number, () => void>();
  private nextIdle = 0;
  private stopping = false;

  constructor(
    private readonly d: {
      link: ThreadLink;
      config: AppConfig;
      bus: EventBus;
      clock: Clock;
      /** The market clock is the system clock (a deployment): no offset to publish. */
      systemClock: boolean;
      log: FastifyBaseLogger;
      /** Called if the thread dies after its start: the server's thread takes the mirror over. */
      died: () => void;
    },
  ) {}

  async start(): Promise<void> {
    this.stopping = false;
    const { bus } = this.d;
    this.offs = [
      publishClockOffset(this.d.clock, this.d.link.clockBuffer, this.d.systemClock),
      bus.subscribe(THREAD_CHANNELS.mirrored, (payload) => {
        const p = payload as { orderId: number; status: number; counts: MirrorStats };
        Object.assign(this.counts, p.counts);
        this.onMirrored?.(p.orderId, p.status);
      }),
      bus.subscribe(THREAD_CHANNELS.mirroring, (payload) => {
        this.onMirroring?.((payload as { orderId: number }).orderId);
      }),
      bus.subscribe(THREAD_CHANNELS.idle, (payload) => {
        const id = (payload as { id: number }).id;
        const done = this.idleWaiters.get(id);
        this.idleWaiters.delete(id);
        done?.();
      }),
    ];
    try {
      await this.spawn();
    } catch (err) {
      // The server's thread mirrors instead: copies late or lost would be worse than slower orders.
      this.d.log.error({ err }, 'copy trading: the mirror thread did not start; the server thread mirrors');
      await this.stop();
      this.d.died();
    }
  }

  /** Resolves once the thread has mirrored every event published before this call. */
  idle(): Promise<void> {
    if (!this.worker) return Promise.resolve();
    const id = ++this.nextIdle;
    return new Promise<void>((resolve) => {
      this.idleWaiters.set(id, resolve);
      this.d.bus.publish(THREAD_CHANNELS.idleAsk, { id });
    });
  }

  /** The thread re-reads the strategies (it hears every publish and status change itself). */
  async refresh(): Promise<void> {
    this.d.bus.publish(STRATEGIES_CHANNEL, {});
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ kind: 'stop' } satisfies ThreadControl);
      const timer = setTimeout(() => void worker.terminate(), STOP_MS);
      await exited;
      clearTimeout(timer);
    }
    for (const off of this.offs) off();
    this.offs = [];
    for (const done of this.idleWaiters.values()) done();
    this.idleWaiters.clear();
  }

  /** Ends the thread at once, as a crash would (tests); resolves once the server thread mirrors. */
  async kill(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    await worker.terminate();
    await exited;
  }

  private spawn(): Promise<void> {
    const { link, config, log } = this.d;
    const data: MirrorThreadData = {
      config,
      buffer: link.buffer,
      clockBuffer: link.clockBuffer,
      port: link.threadPort,
    };
    const worker = new Worker(workerFile(), {
      workerData: data,
      transferList: [link.threadPort],
      // The thread loads the built JavaScript: not a source condition or a loader of the sources.
      execArgv: builtArgv(process.execArgv),
    });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: ThreadControl) => {
        if (message.kind !== 'ready') return;
        ready = true;
        log.info('copy trading: the mirror runs in its own thread');
        resolve();
      });
      worker.on('error', (err) => {
        log.error({ err }, 'copy trading: the mirror thread failed');
        if (!ready) reject(err);
      });
      worker.on('exit', (code) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        // Waiters for a dead thread would wait for ever.
        for (const done of this.idleWaiters.values()) done();
        this.idleWaiters.clear();
        // A thread that died holding the write lock would hold it for ever.
        link.lock.releaseDeadPeer();
        if (this.stopping || !ready) return;
        // Its port went with it (a new thread would need a new link): the server's thread mirrors.
        log.error({ code }, 'copy trading: the mirror thread stopped; the server thread mirrors from now on');
        this.d.died();
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
  if (here.endsWith('.js')) return new URL('./mirror-worker.js', import.meta.url);
  return new URL(
    `file://${here.replace(/\/src\/features\/copy\/mirror-thread\.ts$/, '/dist/features/copy/mirror-worker.js')}`,
  );
}
