import { closeSync, fdatasync, fdatasyncSync, fstatSync, fsyncSync, openSync, statSync } from 'node:fs';
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
  /** Flushes started and not finished, each with its callers. */
  private readonly flushing = new Set<Caller[]>();
  /** Callers waiting for a flush that starts after their call (the next one). */
  private waiting: Caller[] = [];
  /** Syncs finished so far (tests wait on it). */
  syncs = 0;
  /**
   * The first failed sync. After it no sync is trusted again: the kernel may have dropped the pages
   * it could not write and report success to the next fsync (PostgreSQL stops for the same reason).
   * Every later commit is refused with it until the server restarts and SQLite recovers the log.
   */
  private broken: unknown;

  /**
   * `database`: the SQLite file; its log is `<database>-wal`. `flush`: fdatasync in the thread pool
   * (tests hold it to see who waits for which sync).
   */
  constructor(
    private readonly database: string,
    private readonly flush: (fd: number, done: (error: Error | null) => void) => void = fdatasync,
    private readonly flushNowSync: (fd: number) => void = fdatasyncSync,
  ) {}

  /**
   * Syncs now, in this thread, and answers every caller waiting or in flight (all of them committed
   * before this starts). For a commit with nothing else to do meanwhile: the thread pool's round
   * trip (a wake-up of the loop) would only add to its wait. Throws if the sync fails.
   */
  syncNow(): void {
    if (this.broken) throw this.broken;
    try {
      this.flushNowSync(this.logFd());
    } catch (error) {
      this.broken = error;
      throw error;
    }
    this.syncs++;
    const covered = [...this.waiting, ...[...this.flushing].flat()];
    this.waiting = [];
    for (const caller of covered) caller.done();
  }

  /**
   * Resolves once everything committed before the call is on disk. A flush in flight may have
   * started before the caller's commit, so the caller waits for the next one, which every caller
   * meanwhile shares (group fsync), unless `urgent` (a trader's request, or a commit that holds the
   * writer's connection): then a flush starts at once beside the one in flight (fsync makes durable
   * everything written before it starts, whatever else runs), and takes every caller waiting along.
   */
  sync(urgent = false): Promise<void> {
    return new Promise<void>((done, fail) => {
      if (this.broken) {
        fail(this.broken);
        return;
      }
      this.waiting.push({ done, fail });
      if (this.flushing.size === 0 || urgent) this.flushNow();
    });
  }

  private flushNow(): void {
    const mine = this.waiting;
    this.waiting = [];
    let fd: number;
    try {
      fd = this.logFd();
    } catch (error) {
      for (const caller of mine) caller.fail(error);
      return;
    }
    this.flushing.add(mine);
    this.flush(fd, (error) => {
      this.flushing.delete(mine);
      this.syncs++;
      if (error) this.broken ??= error;
      // (A caller already answered by syncNow is not changed by a second answer.)
      for (const caller of mine) {
        if (error) caller.fail(error);
        else caller.done();
      }
      if (this.flushing.size === 0) this.closeRetired();
      if (this.waiting.length > 0 && this.flushing.size === 0) this.flushNow();
    });
  }

  /** Closes the descriptor (once no flush runs on it). */
  close(): void {
    this.retire();
  }

  /** Descriptors replaced or closed while a flush may still run on them. */
  private retired: number[] = [];

  private retire(): void {
    if (this.file) this.retired.push(this.file.fd);
    this.file = undefined;
    if (this.flushing.size === 0) this.closeRetired();
  }

  private closeRetired(): void {
    for (const fd of this.retired.splice(0)) closeSync(fd);
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
    this.retire();
    // Read-write, as the writer opens it: some systems (Windows) refuse to sync a read-only handle.
    const fd = openSync(path, 'r+');
    this.file = { fd, ino: fstatSync(fd).ino };
    syncDirectory(dirname(path));
    return fd;
  }

  private databaseFd(): number {
    this.retire();
    const fd = openSync(this.database, 'r+');
    this.file = { fd, ino: fstatSync(fd).ino };
    return fd;
  }
}

interface Caller {
  done: () => void;
  fail: (error: unknown) => void;
}

/**
 * A new log's directory entry, on disk before the log's first sync counts (once per new log). Where
 * a directory cannot be opened (Windows, whose file system journals its directory entries), nothing.
 */
function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
