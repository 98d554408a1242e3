/**
 * The SQLite store's write lock, shared between the server's thread and the copy-trading threads
 * (features/copy/mirror-thread.ts), each with a writer connection of its own to the same file.
 *
 * SQLite lets one connection write at a time; a second one that finds the file locked waits in its
 * busy handler, which sleeps a whole millisecond at its first retry (then 2, 5, 10 ms…), with its
 * thread stopped. A trader's order that met a copy's transaction that way would wait far longer
 * than the transaction. So both threads take this lock, in shared memory, before they begin a
 * transaction (or write outside one) and let it go after their COMMIT or ROLLBACK, and SQLite never
 * finds the file locked by the other.
 *
 * The server's thread comes first: it marks that it wants the lock, the copy thread takes it only
 * while nobody wants it, and it keeps its transactions short (a batch of copies), so the server's
 * wait is at most one of them. The copy thread also holds back while the server has a request in
 * flight (`requests`), for a bounded time, so that the copies never starve.
 *
 * Public API: `SharedWriteLock` (`create`, `acquire`, `release`, `wanted`, `releaseDeadPeer`),
 * `RequestGauge`.
 */

/** Slots of the shared Int32Array. */
const LOCK = 0;
const WANTS = 1;
const REQUESTS = 2;
const SLOTS = 4;

/** LOCK holds its owner: FREE, SERVER, or COPIES + the copy thread's index. */
const FREE = 0;
const SERVER = 1;
const COPIES = 2;

export type WriteLockRole = 'server' | 'copies';

export class SharedWriteLock {
  private readonly cells: Int32Array;
  /** Nested acquires by this thread (a write outside a transaction inside none, say). */
  private depth = 0;
  /** The server's waits for the lock so far, and their total in ms (bench:copy prints them). */
  waits = 0;
  waitedMs = 0;

  private readonly gauge: RequestGauge;

  /**
   * `giveWayMs` (the copy thread's): before it takes the lock, it waits while the server has a
   * request in flight, for at most this long.
   */
  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly role: WriteLockRole,
    private readonly giveWayMs = 0,
    /** A copy thread's index: several may share the lock with the server (and each other). */
    private readonly copyIndex = 0,
  ) {
    this.cells = new Int32Array(buffer);
    this.gauge = new RequestGauge(buffer);
  }

  /** A new lock's memory, to hand to the other thread. */
  static create(): SharedArrayBuffer {
    return new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  }

  /** Blocks this thread until it holds the lock (a transaction of the other thread at most). */
  acquire(): void {
    if (this.depth++ > 0) return;
    const c = this.cells;
    if (this.role === 'server') {
      if (Atomics.compareExchange(c, LOCK, FREE, SERVER) === FREE) return;
      const from = performance.now();
      Atomics.add(c, WANTS, 1);
      for (;;) {
        const held = Atomics.compareExchange(c, LOCK, FREE, SERVER);
        if (held === FREE) break;
        Atomics.wait(c, LOCK, held, 50);
      }
      Atomics.sub(c, WANTS, 1);
      this.waits++;
      this.waitedMs += performance.now() - from;
      return;
    }
    const mine = COPIES + this.copyIndex;
    if (this.giveWayMs > 0) this.gauge.giveWay(this.giveWayMs);
    for (;;) {
      // The server wants it or holds it: wait for its release (it notifies), then look again.
      if (Atomics.load(c, WANTS) > 0) {
        Atomics.wait(c, LOCK, Atomics.load(c, LOCK), 1);
        continue;
      }
      if (Atomics.compareExchange(c, LOCK, FREE, mine) === FREE) {
        // The server may have asked between the look and the take: give it back at once.
        if (Atomics.load(c, WANTS) > 0) {
          Atomics.store(c, LOCK, FREE);
          Atomics.notify(c, LOCK);
          continue;
        }
        return;
      }
      const held = Atomics.load(c, LOCK);
      if (held !== FREE) Atomics.wait(c, LOCK, held, 50);
    }
  }

  /** The server's thread waits for the lock (the copy thread ends its batch early). */
  get wanted(): boolean {
    return Atomics.load(this.cells, WANTS) > 0;
  }

  /**
   * Copy thread `index` died: a lock it held is free again (its connection's transaction rolled
   * back with it).
   */
  releaseDeadPeer(index = 0): void {
    const dead = COPIES + index;
    if (Atomics.compareExchange(this.cells, LOCK, dead, FREE) === dead) Atomics.notify(this.cells, LOCK);
  }

  release(): void {
    if (this.depth === 0) throw new Error('SharedWriteLock.release without acquire');
    if (--this.depth > 0) return;
    Atomics.store(this.cells, LOCK, FREE);
    Atomics.notify(this.cells, LOCK);
  }
}

/**
 * The server's requests in flight, counted in the same shared memory: the copy thread gives way
 * while there is one, for at most `maxWaitMs` each time it asks (a steady stream of requests must
 * not stop copying).
 */
export class RequestGauge {
  private readonly cells: Int32Array;

  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  arrived(): void {
    Atomics.add(this.cells, REQUESTS, 1);
  }

  answered(): void {
    if (Atomics.sub(this.cells, REQUESTS, 1) === 1) Atomics.notify(this.cells, REQUESTS);
  }

  get inFlight(): number {
    return Atomics.load(this.cells, REQUESTS);
  }

  /** Blocks this thread while a request is in flight, for at most `maxWaitMs` in all. */
  giveWay(maxWaitMs: number): void {
    const until = performance.now() + maxWaitMs;
    for (;;) {
      const n = Atomics.load(this.cells, REQUESTS);
      if (n <= 0) return;
      const left = until - performance.now();
      if (left <= 0) return;
      Atomics.wait(this.cells, REQUESTS, n, left);
    }
  }
}
