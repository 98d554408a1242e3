import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The SQLite store's WAL checkpoints, in a thread of their own with their own connection.
 *
 * A checkpoint copies the pages committed to the write-ahead log back into the database file and
 * syncs it. SQLite runs one by itself inside the COMMIT that takes the log past
 * `wal_autocheckpoint` pages, on the server's one thread: with 10,000 copy accounts booking, one
 * commit in a hundred took 5-36 ms instead of 0.5, and every request read meanwhile waited for it
 * (the provider's slowest orders in bench:copy). A PASSIVE checkpoint needs no writer's lock, so
 * this thread runs one every CHECKPOINT_INTERVAL_MS beside the writer, on the other core. The
 * writer keeps an automatic checkpoint as a backstop at FALLBACK_PAGES (40 MB of log, never reached
 * while this thread keeps up; it then finds the pages already copied).
 */
export interface Checkpointer {
  /** Checkpoints run so far (tests wait on it). */
  readonly runs: number;
  /** Runs a checkpoint now and resolves with its outcome. */
  now(): Promise<CheckpointOutcome>;
  stop(): Promise<void>;
}

export interface CheckpointOutcome {
  /** Frames in the log, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

export const CHECKPOINT_INTERVAL_MS = 100;
export const FALLBACK_PAGES = 10_000;

/** Plain CommonJS for an `eval` worker: a worker does not get the TypeScript loader tests run under. */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const checkpoint = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    return { log: r.log, checkpointed: r.checkpointed };
  } catch (error) {
    return { error: String(error) };
  }
};
const timer = setInterval(() => parentPort.postMessage({ kind: 'run', ...checkpoint() }), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'now') parentPort.postMessage({ kind: 'now', ...checkpoint() });
  else if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface CheckpointLog {
  error(obj: object, msg: string): void;
}

/**
 * `log`: where a failed checkpoint (each new reason once) and the thread's end are told; the writer's
 * backstop then keeps the log bounded by itself, on the server's thread as before.
 */
export function startCheckpointer(
  file: string,
  log?: CheckpointLog,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // Never what keeps a process alive.
  worker.unref();
  let runs = 0;
  const asked: Array<{ resolve: (outcome: CheckpointOutcome) => void; reject: (error: Error) => void }> = [];
  let lastError: string | undefined;
  worker.on('message', (m: { kind: string; log?: number; checkpointed?: number; error?: string }) => {
    runs++;
    if (m.error && m.error !== lastError)
      log?.error({ err: m.error, file }, 'SQLite checkpoint thread: a checkpoint failed');
    lastError = m.error;
    if (m.kind !== 'now') return;
    const waiter = asked.shift();
    if (asked.length === 0) worker.unref();
    if (m.error) waiter?.reject(new Error(m.error));
    else waiter?.resolve({ log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 });
  });
  let gone: Error | undefined;
  const exited = new Promise<void>((done) =>
    worker.once('exit', () => {
      gone ??= new Error('the checkpoint thread has stopped');
      for (const waiter of asked.splice(0)) waiter.reject(gone);
      done();
    }),
  );
  worker.on('error', (error) => {
    gone = error;
    log?.error(
      { err: error, file },
      `SQLite checkpoint thread stopped; the writer checkpoints by itself past ${FALLBACK_PAGES} pages`,
    );
    for (const waiter of asked.splice(0)) waiter.reject(error);
    worker.unref();
  });
  return {
    get runs() {
      return runs;
    },
    now() {
      return new Promise<CheckpointOutcome>((resolve, reject) => {
        if (gone) return reject(gone);
        asked.push({ resolve, reject });
        // Held while someone waits on it: an unref'd worker's answer would not keep the loop up.
        worker.ref();
        worker.postMessage('now');
      });
    },
    async stop() {
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
