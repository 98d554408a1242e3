import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { insertFundedUser } from '../../test/accounts.js';
import { useMigratedDatabase } from '../../test/database.js';
import { readBalance } from '../accounts/index.js';
import { countOrders } from './orders.repository.js';
import { placeOrderRow } from './placement.repository.js';
import { placementRow, recordStatements } from './testing/placement.js';

/**
 * Runs only with DATABASE_URL: the one-statement placement reads the account's count of its orders
 * (for the caps) from the row it updates, so a placement that waited for the row lock behind another
 * transaction (another node placing for the same trader) counts that one's order too, not what its
 * own snapshot saw.
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

const funded = (uid: string, micros: number) => insertFundedUser(db, uid, micros);

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
      const row = await placeOrderRow(tx, placementRow(userId, 100_000));
      firstPlaced();
      await firstMayCommit;
      return row;
    });
    await firstHolds;
    // The second takes its snapshot now (one order of this account in it: none) and waits for the row.
    const second = inTransaction(db, (tx) => placeOrderRow(tx, placementRow(userId, 200_000)));
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
    const row = await inTransaction(db, (tx) => placeOrderRow(tx, placementRow(userId, 99_500)));
    expect(row).toBeUndefined();
    expect(await countOrders(db.kysely, userId, 1)).toBe(0);
    expect(await readBalance(db.kysely, userId)).toMatchObject({ balanceMicros: 100_000, frozenMicros: 0 });
  });

  it('sends placements asked for together as one statement per round of distinct accounts, each as if alone', async () => {
    const a = await funded('41000003', 10_000_000);
    const b = await funded('41000004', 10_000_000);
    const poor = await funded('41000005', 50_000);
    const statements: string[] = [];
    const rows = await inTransaction(db, async (tx) => {
      recordStatements(tx, statements);
      // a, b, a again (waits for a's first), and one the balance cannot pay: all asked at once.
      return Promise.all([
        placeOrderRow(tx, placementRow(a, 100_000)),
        placeOrderRow(tx, placementRow(b, 200_000)),
        placeOrderRow(tx, placementRow(a, 300_000)),
        placeOrderRow(tx, placementRow(poor, 60_000)),
      ]);
    });
    // Two statements: {a, b, poor} together, then a's second order.
    expect(statements.filter((text) => text.includes('INSERT INTO orders'))).toHaveLength(2);
    expect(rows.map((r) => (r ? Number(r.same_status_after) : null))).toEqual([1, 1, 2, null]);
    expect(rows.map((r) => (r ? Number(r.margin_micros) : null))).toEqual([100_000, 200_000, 300_000, null]);
    expect(await readBalance(db.kysely, a)).toEqual({
      balanceMicros: 10_000_000 - 400_000 - 2_000,
      frozenMicros: 400_000,
    });
    expect(await readBalance(db.kysely, b)).toEqual({
      balanceMicros: 10_000_000 - 201_000,
      frozenMicros: 200_000,
    });
    expect(await readBalance(db.kysely, poor)).toEqual({ balanceMicros: 50_000, frozenMicros: 0 });
    expect(await countOrders(db.kysely, poor, 1)).toBe(0);
    // Every ledger row carries the after-balances of its own moment, in order: a's margin, a's fee,
    // then a's second margin and fee.
    const ledger = await db.kysely
      .selectFrom('ledger')
      .select(['kind', 'free_delta_micros', 'balance_after_micros', 'frozen_after_micros', 'ref_id'])
      .where('user_id', '=', a)
      .where('kind', '!=', 'opening_grant')
      .orderBy('id')
      .execute();
    expect(
      ledger.map((r) => [
        r.kind,
        Number(r.free_delta_micros),
        Number(r.balance_after_micros),
        Number(r.frozen_after_micros),
      ]),
    ).toEqual([
      ['margin_freeze', -100_000, 9_900_000, 100_000],
      ['trade_fee', -1_000, 9_899_000, 100_000],
      ['margin_freeze', -300_000, 9_599_000, 400_000],
      ['trade_fee', -1_000, 9_598_000, 400_000],
    ]);
    expect(ledger.map((r) => Number(r.ref_id))).toEqual([
      Number(rows[0]?.id),
      Number(rows[0]?.id),
      Number(rows[2]?.id),
      Number(rows[2]?.id),
    ]);
  });
});
