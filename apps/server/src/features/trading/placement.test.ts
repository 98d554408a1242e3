import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, inTransaction, openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { insertFundedUser } from '../../test/accounts.js';
import { createTestStorage, type TestStorage } from '../../test/harness.js';
import { readBalance } from '../accounts/index.js';
import { countOrders } from './orders.repository.js';
import { type PlacementRow, placeOrderRow } from './placement.repository.js';

/**
 * On the store the suite runs on (SQLite here, PostgreSQL in CI's second pass): placements asked for
 * together in one transaction go out together, one round per set of distinct accounts, each
 * accepted or refused as if alone, with the same rows and ledger lines as one at a time.
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

describe('placements asked for together', () => {
  it('sends placements asked for together as one statement per round of distinct accounts, each as if alone', async () => {
    const a = await funded('42000003', 10_000_000);
    const b = await funded('42000004', 10_000_000);
    const poor = await funded('42000005', 50_000);
    const statements: string[] = [];
    const rows = await inTransaction(db, async (tx) => {
      // Every statement the transaction sends, as sent.
      const spy = tx.getExecutor() as { executeQuery: (query: CompiledQuery) => Promise<unknown> };
      const original = spy.executeQuery.bind(spy);
      spy.executeQuery = (query) => {
        statements.push(query.sql);
        return original(query);
      };
      // a, b, a again (waits for a's first), and one the balance cannot pay: all asked at once.
      return Promise.all([
        placeOrderRow(tx, placement(a, 100_000)),
        placeOrderRow(tx, placement(b, 200_000)),
        placeOrderRow(tx, placement(a, 300_000)),
        placeOrderRow(tx, placement(poor, 60_000)),
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
