import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, inTransaction, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { insertFundedUser } from '../../test/accounts.js';
import { createTestStorage, type TestStorage } from '../../test/harness.js';
import { readBalance } from '../accounts/index.js';
import { countOrders } from './orders.repository.js';
import { type PlacementRow, placeOrderRow } from './placement.repository.js';

/**
 * Runs only with DATABASE_URL: the one-statement placement reads the account's count of its orders
 * (for the caps) from the row it updates, so a placement that waited for the row lock behind another
 * transaction (another node placing for the same trader) counts that one's order too, not what its
 * own snapshot saw.
 */
let storage: TestStorage;
let db: Db;

beforeAll(async () => {
  storage = await createTestStorage();
  db = openDatabase(storage);
  await migrateToLatest(db.kysely, db.dialect);
});
afterAll(async () => {
  await db?.close();
  await storage?.dispose();
});

const funded = (uid: string, micros: number) => insertFundedUser(db, uid, micros);

const placement = (userId: number, marginMicros: number): PlacementRow => ({
  userId,
  instrumentId: 1,
  side: 1,
  status: 1,
  lots: '0.01',
  leverage: 10,
  openPrice: '1.10000',
  targetPrice: null,
  fillDirection: null,
  tp: null,
  sl: null,
  marginMicros,
  feeMicros: 1_000,
  createdAt: 1,
  filledAt: 1,
  chargeMicros: 1_000,
  code: 'EURUSD',
  marginKind: 'margin_freeze',
  marginMemo: 'ledger_margin_freeze',
  feeKind: 'trade_fee',
  feeMemo: 'ledger_trade_fee',
});

/** Resolves once some backend of this database waits for a row lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db.kysely);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the one-statement placement on PostgreSQL', () => {
  it('counts again when another transaction placed for the same account while it waited for the row', async () => {
    expect(db.dialect).toBe('postgres');
    const userId = await funded('41000001', 10_000_000);
    let releaseFirst: () => void = () => undefined;
    const firstMayCommit = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstPlaced: () => void = () => undefined;
    const firstHolds = new Promise<void>((resolve) => {
      firstPlaced = resolve;
    });
    // The first placement holds the account row until told to commit.
    const first = inTransaction(db, async (tx) => {
      const row = await placeOrderRow(tx, placement(userId, 100_000));
      firstPlaced();
      await firstMayCommit;
      return row;
    });
    await firstHolds;
    // The second takes its snapshot now (one order of this account in it: none) and waits for the row.
    const second = inTransaction(db, (tx) => placeOrderRow(tx, placement(userId, 200_000)));
    await someoneWaitsForALock();
    releaseFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(Number(a?.same_status_after)).toBe(1);
    // Counted behind the first's commit, not in the stale snapshot (which would say 1 again).
    expect(Number(b?.same_status_after)).toBe(2);
    expect(await countOrders(db.kysely, userId, 1)).toBe(2);
    const balance = await readBalance(db.kysely, userId);
    expect(balance.frozenMicros).toBe(300_000);
    expect(balance.balanceMicros).toBe(10_000_000 - 300_000 - 2_000);
  });

  it('refuses, writing nothing, when the free balance cannot pay margin and fee', async () => {
    const userId = await funded('41000002', 100_000);
    const row = await inTransaction(db, (tx) => placeOrderRow(tx, placement(userId, 99_500)));
    expect(row).toBeUndefined();
    expect(await countOrders(db.kysely, userId, 1)).toBe(0);
    expect(await readBalance(db.kysely, userId)).toMatchObject({ balanceMicros: 100_000, frozenMicros: 0 });
  });
});
