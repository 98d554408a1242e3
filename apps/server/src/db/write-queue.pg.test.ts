import { describe, expect, it } from 'vitest';
import { postLedgerEntry, readBalance } from '../features/accounts/index.js';
import { insertFundedUser } from '../test/accounts.js';
import { useMigratedDatabase } from '../test/database.js';
import type { Db } from './database.js';
import { createWriteQueue } from './write-queue.js';

/** Runs only with DATABASE_URL: two lanes of the PostgreSQL write queue meet in a deadlock. */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

const funded = (uid: string) => insertFundedUser(db, uid, 1_000_000);

function latch(): { open: () => void; opened: Promise<void> } {
  const gate: { open: () => void } = { open: () => undefined };
  const opened = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
  return { open: () => gate.open(), opened };
}

describe('the PostgreSQL write lanes', () => {
  it("re-runs a deadlock's victim, so both jobs commit and money is conserved", async () => {
    expect(db.dialect).toBe('postgres');
    const queue = createWriteQueue(db, 2);
    let a = await funded('40000001');
    let b = await funded('40000002');
    // Different lanes: the lane is the account modulo the lane count.
    if (a % 2 === b % 2) b = await funded('40000003');
    if (a % 2 === b % 2) a = await funded('40000004');
    const post = (tx: Parameters<Parameters<typeof queue.run>[0]>[0], userId: number, delta: number) =>
      postLedgerEntry(tx, { userId, kind: 'test', freeDelta: delta, frozenDelta: 0, memoKey: 'x' });
    const aLocked = latch();
    const bLocked = latch();
    let attempts = 0;
    // Each job locks its own account, waits until the other has too, then touches the other's:
    // PostgreSQL finds the cycle and aborts one statement. The victim must run again, not fail.
    const first = queue.run(async (tx) => {
      attempts++;
      await post(tx, a, -1_000);
      aLocked.open();
      await bLocked.opened;
      await post(tx, b, 1_000);
    }, a);
    const second = queue.run(async (tx) => {
      attempts++;
      await post(tx, b, -2_000);
      bLocked.open();
      await aLocked.opened;
      await post(tx, a, 2_000);
    }, b);
    await Promise.all([first, second]);
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect((await readBalance(db.kysely, a)).balanceMicros).toBe(1_001_000);
    expect((await readBalance(db.kysely, b)).balanceMicros).toBe(999_000);
    await queue.drain();
  });
});
