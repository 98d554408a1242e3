import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, inTransaction, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { isAppError } from '../../http/app-error.js';
import { insertFundedUser } from '../../test/accounts.js';
import { createTestStorage, type TestStorage } from '../../test/harness.js';
import { createRng } from '../markets/index.js';
import { sumLedger } from './accounts.repository.js';
import { postLedgerEntry, readBalance } from './ledger.js';

/** Runs only with DATABASE_URL (the *.pg.test.ts suites): two pools act as two server nodes. */
let storage: TestStorage;
let nodeA: Db;
let nodeB: Db;

beforeAll(async () => {
  storage = await createTestStorage();
  nodeA = openDatabase(storage);
  nodeB = openDatabase(storage);
  await migrateToLatest(nodeA.kysely, nodeA.dialect);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await storage?.dispose();
});

describe('ledger on PostgreSQL under concurrency', () => {
  it('conserves money when two nodes post at once (no read-then-write)', async () => {
    expect(nodeA.dialect).toBe('postgres');
    const userId = await insertFundedUser(nodeA, '20000001', 2_000_000);
    const rng = createRng(42);
    const postings = Array.from({ length: 200 }, (_, i) => {
      const amount = Math.floor(rng.next() * 400_000) + 1;
      const roll = rng.next();
      const [free, frozen] =
        roll < 0.3
          ? [amount, 0]
          : roll < 0.6
            ? [-amount, 0]
            : roll < 0.8
              ? [-amount, amount]
              : [amount, -amount];
      return { node: i % 2 === 0 ? nodeA : nodeB, free, frozen };
    });
    const results = await Promise.allSettled(
      postings.map(({ node, free, frozen }) =>
        inTransaction(node, (trx) =>
          postLedgerEntry(trx, { userId, kind: 'race', freeDelta: free, frozenDelta: frozen, memoKey: 'x' }),
        ),
      ),
    );
    let expectedFree = 2_000_000;
    let expectedFrozen = 0;
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') {
        expectedFree += postings[i]?.free ?? 0;
        expectedFrozen += postings[i]?.frozen ?? 0;
      } else {
        expect(isAppError(r.reason) && r.reason.key).toBe('insufficient_balance');
      }
    });
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
    const balance = await readBalance(nodeB.kysely, userId);
    expect(balance).toEqual({ balanceMicros: expectedFree, frozenMicros: expectedFrozen });
    const sums = await sumLedger(nodeA.kysely, userId);
    expect(sums).toEqual({ freeMicros: expectedFree, frozenMicros: expectedFrozen });
    expect(balance.balanceMicros).toBeGreaterThanOrEqual(0);
    expect(balance.frozenMicros).toBeGreaterThanOrEqual(0);
  }, 30_000);
});
