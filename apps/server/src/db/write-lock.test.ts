/**
 * The write lock shared by the server's thread and the copy thread, with a real worker thread on
 * the other side (it loads the built module: `npm test` builds first).
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestGauge, SharedWriteLock } from './write-lock.js';

const built = new URL(
  `file://${fileURLToPath(import.meta.url).replace(/\/src\/db\/write-lock\.test\.ts$/, '/dist/db/write-lock.js')}`,
).href;

const workers: Worker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.terminate();
});

/**
 * A copy thread running `body` (JavaScript, with `lock`, `gauge`, `shared` (a Float64Array) and
 * `say(message)` in scope); resolves each message it says, in order, through `next()`.
 */
function copyThread(buffer: SharedArrayBuffer, shared: SharedArrayBuffer, body: string) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.built).then(({ SharedWriteLock, RequestGauge }) => {
      const lock = new SharedWriteLock(workerData.buffer, 'copies');
      const gauge = new RequestGauge(workerData.buffer);
      const shared = new Float64Array(workerData.shared);
      const say = (m) => parentPort.postMessage(m);
      ${body}
    });`;
  const worker = new Worker(code, { eval: true, workerData: { built, buffer, shared } });
  workers.push(worker);
  const messages: unknown[] = [];
  const waiting: Array<(m: unknown) => void> = [];
  worker.on('message', (m) => {
    const w = waiting.shift();
    if (w) w(m);
    else messages.push(m);
  });
  return {
    worker,
    next: () =>
      new Promise<unknown>((resolve) => {
        if (messages.length > 0) resolve(messages.shift());
        else waiting.push(resolve);
      }),
  };
}

describe('the shared write lock', () => {
  it('keeps the copy thread out while the server holds it, and lets it in after', async () => {
    const buffer = SharedWriteLock.create();
    const shared = new SharedArrayBuffer(8);
    const server = new SharedWriteLock(buffer, 'server');
    server.acquire();
    const t = copyThread(
      buffer,
      shared,
      `say('trying'); lock.acquire(); shared[0] = performance.timeOrigin + performance.now(); lock.release(); say('done');`,
    );
    expect(await t.next()).toBe('trying');
    const releasedAt = performance.timeOrigin + performance.now();
    server.release();
    expect(await t.next()).toBe('done');
    expect(new Float64Array(shared)[0]).toBeGreaterThanOrEqual(releasedAt);
  });

  it('tells the copy thread the server waits, and the server gets it once the copy thread lets go', async () => {
    const buffer = SharedWriteLock.create();
    const server = new SharedWriteLock(buffer, 'server');
    // The copy thread holds the lock until it sees the server waiting (a batch ending early).
    const t = copyThread(
      buffer,
      new SharedArrayBuffer(8),
      `lock.acquire(); say('held'); while (!lock.wanted) {} lock.release(); say('released');`,
    );
    expect(await t.next()).toBe('held');
    expect(server.wanted).toBe(false);
    server.acquire();
    expect(await t.next()).toBe('released');
    expect(server.wanted).toBe(false);
    server.release();
  });

  it('is free again when the copy thread dies holding it', async () => {
    const buffer = SharedWriteLock.create();
    const server = new SharedWriteLock(buffer, 'server');
    const t = copyThread(buffer, new SharedArrayBuffer(8), `lock.acquire(); say('held');`);
    expect(await t.next()).toBe('held');
    await t.worker.terminate();
    server.releaseDeadPeer();
    server.acquire();
    server.release();
  });

  it('nests on one thread, and refuses a release without an acquire', () => {
    const server = new SharedWriteLock(SharedWriteLock.create(), 'server');
    server.acquire();
    server.acquire();
    server.release();
    server.release();
    expect(() => server.release()).toThrow(/without acquire/);
  });
});

describe('the request gauge', () => {
  it('holds the copy thread while a request is in flight, until it is answered', async () => {
    const buffer = SharedWriteLock.create();
    const gauge = new RequestGauge(buffer);
    gauge.arrived();
    expect(gauge.inFlight).toBe(1);
    const t = copyThread(
      buffer,
      new SharedArrayBuffer(8),
      `say('waiting'); gauge.giveWay(600000); say('went on');`,
    );
    expect(await t.next()).toBe('waiting');
    gauge.answered();
    expect(await t.next()).toBe('went on');
    expect(gauge.inFlight).toBe(0);
  });

  it('does not hold it when nothing is in flight, nor past its bound', async () => {
    const buffer = SharedWriteLock.create();
    const t = copyThread(
      buffer,
      new SharedArrayBuffer(8),
      `gauge.giveWay(600000); say('idle server'); gauge.arrived(); gauge.giveWay(1); say('bounded');`,
    );
    expect(await t.next()).toBe('idle server');
    expect(await t.next()).toBe('bounded');
  });
});
