import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { RequestGauge, SharedWriteLock } from '../db/write-lock.js';

declare module '../app-context.js' {
  interface Services {
    /** Set on an embedded node whose copy trading runs in a thread of its own (COPY_THREAD). */
    threadLink?: ThreadLink;
  }
}

/**
 * What an embedded node's server thread shares with its copy thread (features/copy/mirror-thread.ts):
 * the SQLite write lock and the gauge of requests in flight (one block of shared memory), the
 * other end of the event bus's port, and the market clock's offset from the system clock.
 */
export interface ThreadLink {
  /** The write lock and request gauge's memory (write-lock.ts). */
  readonly buffer: SharedArrayBuffer;
  readonly lock: SharedWriteLock;
  readonly gauge: RequestGauge;
  /** The server thread's end of the bus (live/bridged-bus.ts). */
  readonly serverPort: MessagePort;
  /** The copy thread's end, transferred to it when it starts. */
  readonly threadPort: MessagePort;
  /** One float: the server's market clock minus the system clock, in ms (see SharedClock). */
  readonly clockBuffer: SharedArrayBuffer;
}

export function createThreadLink(): ThreadLink {
  const buffer = SharedWriteLock.create();
  const { port1, port2 } = new MessageChannel();
  return {
    buffer,
    lock: new SharedWriteLock(buffer, 'server'),
    gauge: new RequestGauge(buffer),
    serverPort: port1,
    threadPort: port2,
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
