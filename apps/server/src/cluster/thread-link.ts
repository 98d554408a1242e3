import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { RequestGauge, SharedWriteLock } from '../db/write-lock.js';

declare module '../app-context.js' {
  interface Services {
    /** Set on an embedded node whose copy trading runs in a thread of its own (COPY_THREADS). */
    threadLink?: ThreadLink;
  }
}

/**
 * What an embedded node's server thread shares with its copy threads (features/copy/mirror-thread.ts):
 * the SQLite write lock and the gauge of requests in flight (one block of shared memory), a port
 * of the event bus per thread, and the market clock's offset from the system clock.
 */
export interface ThreadLink {
  /** The write lock and request gauge's memory (write-lock.ts). */
  readonly buffer: SharedArrayBuffer;
  readonly lock: SharedWriteLock;
  readonly gauge: RequestGauge;
  /** The server thread's ends of the bus (live/bridged-bus.ts), one per copy thread. */
  readonly serverPorts: readonly MessagePort[];
  /** Each copy thread's end, transferred to it when it starts. */
  readonly threadPorts: readonly MessagePort[];
  /** One float: the server's market clock minus the system clock, in ms (see SharedClock). */
  readonly clockBuffer: SharedArrayBuffer;
}

export function createThreadLink(threads: number): ThreadLink {
  const buffer = SharedWriteLock.create();
  const channels = Array.from({ length: threads }, () => new MessageChannel());
  return {
    buffer,
    lock: new SharedWriteLock(buffer, 'server'),
    gauge: new RequestGauge(buffer),
    serverPorts: channels.map((c) => c.port1),
    threadPorts: channels.map((c) => c.port2),
    clockBuffer: new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT),
  };
}

/**
 * The copy thread's market clock: the system clock plus the offset the server thread last wrote.
 * On a deployment the server's clock is the system clock and the offset stays 0; a test's or a
 * benchmark's virtual clock is followed within `publishClockOffset`'s interval.
 */
export class SharedClock {
  private readonly offset: Float64Array;

  constructor(buffer: SharedArrayBuffer) {
    this.offset = new Float64Array(buffer);
  }

  now(): number {
    return Date.now() + (this.offset[0] ?? 0);
  }
}

/** How often the server thread writes a virtual clock's offset (never for the system clock). */
const CLOCK_OFFSET_MS = 5;

/**
 * Keeps the shared offset equal to `clock` minus the system clock; returns the stop function. Only
 * a clock other than the system's needs it (a virtual clock moves by itself, in jumps).
 */
export function publishClockOffset(
  clock: { now(): number },
  buffer: SharedArrayBuffer,
  system: boolean,
): () => void {
  const offset = new Float64Array(buffer);
  const write = () => {
    offset[0] = clock.now() - Date.now();
  };
  write();
  if (system) return () => undefined;
  const timer = setInterval(write, CLOCK_OFFSET_MS);
  timer.unref();
  return () => clearInterval(timer);
}
