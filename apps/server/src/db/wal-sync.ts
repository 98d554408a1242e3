import { closeSync, fdatasync, fstatSync, fsyncSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Durability of the SQLite store's commits, off the server's thread.
 *
 * With `synchronous = FULL` every COMMIT fsynced the write-ahead log inside better-sqlite3's
 * synchronous call: the server's one thread stood still 0.3-0.7 ms per commit (a seventh of copy
 * trading's fan-out), and nothing else ran meanwhile, not even the reading of the next request. The
 * writer now commits with `synchronous = NORMAL` (in WAL mode: crash-safe, SQLite never corrupts;
 * only not yet durable), and a commit is acknowledged once `sync()` resolves: one `fdatasync` of
 * the log in libuv's thread pool that started after that commit. Every commit made while a sync is
 * in flight shares the next one (group fsync), and the thread books the next batch meanwhile.
 *
 * What a crash can take: the WAL is written in commit order and every frame is checksummed, so after
 * a power cut the store holds a prefix of the commits, every acknowledged one among them (its sync
 * came after it). A process kill takes nothing: the pages are in the kernel's cache. A commit not yet
 * synced is visible to later reads and transactions before it is durable (as with any group commit);
 * nothing tells anyone of it before its sync: answers and after-commit events wait for it.
 */
export class WalSync {
  private file: { fd: number; ino: number } | undefined;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Syncs finished so far (tests wait on it). */
  syncs = 0;

  /**
   * `database`: the SQLite file; its log is `<database>-wal`. `flush`: fdatasync in the thread pool
   * (tests hold it to see who waits for which sync).
   */
  constructor(
    private readonly database: string,
    private readonly flush: (fd: number, done: (error: Error | null) => void) => void = fdatasync,
  ) {}

  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void> {
    // One in flight may have started before the caller's commit: the caller needs the next one.
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.queued = after.then(() => {
      this.queued = null;
      return this.start();
    });
    return this.queued;
  }

  close(): void {
    if (this.file) closeSync(this.file.fd);
    this.file = undefined;
  }

  private start(): Promise<void> {
    const running = new Promise<void>((done, fail) => {
      let fd: number;
      try {
        fd = this.logFd();
      } catch (error) {
        fail(error);
        return;
      }
      this.flush(fd, (error) => (error ? fail(error) : done()));
    }).finally(() => {
      this.syncs++;
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  /**
   * The log's descriptor, opened again if the log is a new file (SQLite deletes it only when its
   * last connection closes, which the writer's own prevents; a new one is synced by its directory
   * entry too). Without a log (nothing written yet in WAL mode), the database file itself.
   */
  private logFd(): number {
    const path = `${this.database}-wal`;
    let ino: number;
    try {
      ino = statSync(path).ino;
    } catch {
      return this.databaseFd();
    }
    if (this.file?.ino === ino) return this.file.fd;
    this.close();
    const fd = openSync(path, 'r');
    this.file = { fd, ino: fstatSync(fd).ino };
    syncDirectory(dirname(path));
    return fd;
  }

  private databaseFd(): number {
    this.close();
    const fd = openSync(this.database, 'r');
    this.file = { fd, ino: fstatSync(fd).ino };
    return fd;
  }
}

/** A new log's directory entry, on disk before the log's first sync counts (once per new log). */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
