import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A WalSync over a scratch log whose flushes wait until the test lets each one finish. */
function held() {
  dir = mkdtempSync(join(tmpdir(), 'meridian-walsync-'));
  const database = join(dir, 'store.sqlite');
  writeFileSync(database, '');
  writeFileSync(`${database}-wal`, 'frames');
  const flushes: Array<(error: Error | null) => void> = [];
  let inThread = 0;
  const wal = new WalSync(
    database,
    (_fd, done) => void flushes.push(done),
    () => void inThread++,
  );
  return { wal, flushes, inThread: () => inThread };
}

/** Lets promise callbacks that are due run. */
const settled = () => new Promise<void>((next) => setImmediate(next));

describe('the log sync', () => {
  it('resolves a caller only after a flush that started after the call, one flush for every caller waiting meanwhile', async () => {
    const { wal, flushes } = held();
    const done: string[] = [];
    const first = wal.sync().then(() => done.push('first'));
    expect(flushes).toHaveLength(1);
    // Committed while the first flush runs: that flush may have missed them; they share the next.
    const second = wal.sync().then(() => done.push('second'));
    const third = wal.sync().then(() => done.push('third'));
    await settled();
    expect(flushes).toHaveLength(1);
    expect(done).toEqual([]);

    flushes[0]?.(null);
    await first;
    await settled();
    expect(done).toEqual(['first']);
    expect(flushes).toHaveLength(2);

    flushes[1]?.(null);
    await Promise.all([second, third]);
    expect(done).toEqual(['first', 'second', 'third']);
    expect(wal.syncs).toBe(2);
    // Nothing waiting: the next caller starts a flush of its own at once.
    void wal.sync();
    expect(flushes).toHaveLength(3);
    flushes[2]?.(null);
    wal.close();
  });

  it('starts an urgent sync at once beside the one in flight, taking every caller waiting along', async () => {
    const { wal, flushes } = held();
    const done: string[] = [];
    const first = wal.sync().then(() => done.push('background'));
    const waiting = wal.sync().then(() => done.push('waiting'));
    expect(flushes).toHaveLength(1);
    const urgent = wal.sync(true).then(() => done.push('urgent'));
    expect(flushes).toHaveLength(2);
    // The urgent flush finishes first: it answers the caller that waited for the next flush too.
    flushes[1]?.(null);
    await Promise.all([urgent, waiting]);
    expect(done).toEqual(['waiting', 'urgent']);
    flushes[0]?.(null);
    await first;
    await settled();
    expect(flushes).toHaveLength(2);
    expect(wal.syncs).toBe(2);
    wal.close();
  });

  it('syncs in the thread on demand, answering every caller in flight or waiting, whose commits came before', async () => {
    const { wal, flushes, inThread } = held();
    const inFlight = wal.sync();
    const waiting = wal.sync();
    expect(flushes).toHaveLength(1);
    wal.syncNow();
    expect(inThread()).toBe(1);
    await Promise.all([inFlight, waiting]);
    // The flush in the pool ends later: nothing changes for its callers, and no other starts.
    flushes[0]?.(null);
    await settled();
    expect(flushes).toHaveLength(1);
    expect(wal.syncs).toBe(2);
    wal.close();
  });

  it('rejects the callers of a flush that failed, and every sync after it: a later success could hide lost pages', async () => {
    const { wal, flushes, inThread } = held();
    const failing = wal.sync();
    flushes[0]?.(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    await expect(wal.sync()).rejects.toThrow('EIO');
    await expect(wal.sync(true)).rejects.toThrow('EIO');
    expect(() => wal.syncNow()).toThrow('EIO');
    // Refused without asking the disk again.
    expect(flushes).toHaveLength(1);
    expect(inThread()).toBe(0);
    wal.close();
  });
});
