import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { insertFundedUser } from '../../test/accounts.js';
import { useMigratedDatabase } from '../../test/database.js';
import { readBalance } from '../accounts/index.js';
import type { Instrument } from '../markets/index.js';
import { closeHolding } from './booking.js';
import { type OrderRecord, STATUS_HISTORY } from './model.js';
import { countOrders, toRecord } from './orders.repository.js';
import { placeOrderRow } from './placement.repository.js';
import { placementRow, recordStatements } from './testing/placement.js';

/**
 * Runs only with DATABASE_URL: the one-statement close (closing.repository.ts), through closeHolding
 * as every close books: closes asked for together go out as one statement per round of distinct
 * accounts, each booked exactly as the step-by-step path books it (SQLite's), and a close the
 * statement refuses (a loss beyond the free balance, an order no longer holding) falls back to that
 * path having written nothing.
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

const EURUSD = { showCode: 'EURUSD' } as Instrument;

/** A funded account with one holding order of `marginMicros` (and a 1,000 µ fee paid). */
async function holding(uid: string, funds: number, marginMicros: number): Promise<OrderRecord> {
  const userId = await insertFundedUser(db, uid, funds);
  return place(userId, marginMicros);
}

async function place(userId: number, marginMicros: number): Promise<OrderRecord> {
  const row = await inTransaction(db, (tx) => placeOrderRow(tx, placementRow(userId, marginMicros)));
  if (!row) throw new Error('placement refused');
  return toRecord(row);
}

/** The account's ledger after its opening grant: kind, free and frozen deltas, after-balances. */
async function ledgerOf(userId: number) {
  const rows = await db.kysely
    .selectFrom('ledger')
    .select([
      'kind',
      'free_delta_micros',
      'frozen_delta_micros',
      'balance_after_micros',
      'frozen_after_micros',
      'memo_params',
      'ref_id',
    ])
    .where('user_id', '=', userId)
    .where('kind', 'not in', ['opening_grant', 'margin_freeze', 'trade_fee'])
    .orderBy('id')
    .execute();
  return rows.map((r) => [
    r.kind,
    Number(r.free_delta_micros),
    Number(r.frozen_delta_micros),
    Number(r.balance_after_micros),
    Number(r.frozen_after_micros),
  ]);
}

describe('the one-statement close on PostgreSQL', () => {
  it('closes many accounts in one statement per round, each as the step-by-step path would', async () => {
    expect(db.dialect).toBe('postgres');
    const a1 = await holding('42000001', 10_000_000, 100_000);
    const a2 = await place(a1.userId, 300_000);
    const b = await holding('42000002', 10_000_000, 200_000);
    // Its loss is larger than its free balance after the release: the house's protection.
    const poor = await holding('42000003', 1_000_000, 100_000);
    const flat = await holding('42000004', 1_000_000, 50_000);
    const statements: string[] = [];
    const booked = await inTransaction(db, async (tx) => {
      recordStatements(tx, statements);
      return Promise.all([
        closeHolding(tx, a1, EURUSD, '1.10100', 25_000, 'manual', 2),
        closeHolding(tx, b, EURUSD, '1.09000', -150_000, 'sl', 2),
        closeHolding(tx, a2, EURUSD, '1.10200', 40_000, 'tp', 2),
        closeHolding(tx, poor, EURUSD, '1.00000', -1_200_000, 'stop_out', 2),
        closeHolding(tx, flat, EURUSD, '1.10000', 0, 'manual', 2),
      ]);
    });
    // {a1, b, poor, flat}, then a's second order: two statements; poor's went step by step.
    expect(statements.filter((text) => text.includes('close_price = i.close_price'))).toHaveLength(2);
    expect(booked.map((x) => [x.order.id, x.order.status, x.order.pnlMicros])).toEqual([
      [a1.id, STATUS_HISTORY, 25_000],
      [b.id, STATUS_HISTORY, -150_000],
      [a2.id, STATUS_HISTORY, 40_000],
      [poor.id, STATUS_HISTORY, -1_200_000],
      [flat.id, STATUS_HISTORY, 0],
    ]);
    expect(booked[0]?.order).toMatchObject({
      closePrice: '1.10100',
      closeReason: 'manual',
      closedAt: 2,
      version: 2,
    });
    expect(booked[3]?.order.protectionMicros).toBe(201_000);

    // a: 10,000,000 − 402,000 (margins 400,000, fees 2,000) = 9,598,000 free, 400,000 frozen;
    // then 100,000 released + 25,000, then 300,000 released + 40,000.
    expect(await readBalance(db.kysely, a1.userId)).toEqual({ balanceMicros: 10_063_000, frozenMicros: 0 });
    expect(booked[0]?.event).toMatchObject({ freeMicros: 9_723_000, frozenMicros: 300_000 });
    expect(booked[2]?.event).toMatchObject({ freeMicros: 10_063_000, frozenMicros: 0 });
    expect(await ledgerOf(a1.userId)).toEqual([
      ['margin_release', 100_000, -100_000, 9_698_000, 300_000],
      ['realised_pnl', 25_000, 0, 9_723_000, 300_000],
      ['margin_release', 300_000, -300_000, 10_023_000, 0],
      ['realised_pnl', 40_000, 0, 10_063_000, 0],
    ]);
    expect(await ledgerOf(b.userId)).toEqual([
      ['margin_release', 200_000, -200_000, 9_999_000, 0],
      ['realised_pnl', -150_000, 0, 9_849_000, 0],
    ]);
    // 899,000 + 100,000 released = 999,000; the house adds 201,000; the loss takes 1,200,000.
    expect(await ledgerOf(poor.userId)).toEqual([
      ['margin_release', 100_000, -100_000, 999_000, 0],
      ['balance_protection', 201_000, 0, 1_200_000, 0],
      ['realised_pnl', -1_200_000, 0, 0, 0],
    ]);
    expect(await readBalance(db.kysely, poor.userId)).toEqual({ balanceMicros: 0, frozenMicros: 0 });
    // No P&L, no P&L row.
    expect(await ledgerOf(flat.userId)).toEqual([['margin_release', 50_000, -50_000, 999_000, 0]]);
    for (const o of [a1, b, poor, flat]) expect(await countOrders(db.kysely, o.userId, 1)).toBe(0);
    // The memo names the order, as the step-by-step path writes it.
    const memo = await db.kysely
      .selectFrom('ledger')
      .select(['memo_params', 'ref_type', 'ref_id'])
      .where('user_id', '=', b.userId)
      .where('kind', '=', 'realised_pnl')
      .executeTakeFirstOrThrow();
    expect(memo).toEqual({
      memo_params: JSON.stringify({ code: 'EURUSD', id: b.id }),
      ref_type: 'order',
      ref_id: b.id,
    });
  });

  it('refuses an order no longer holding, writing nothing', async () => {
    const order = await holding('42000005', 1_000_000, 100_000);
    await inTransaction(db, (tx) => closeHolding(tx, order, EURUSD, '1.10100', 10_000, 'manual', 2));
    const before = await readBalance(db.kysely, order.userId);
    const again = inTransaction(db, (tx) => closeHolding(tx, order, EURUSD, '1.10100', 10_000, 'manual', 3));
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(again).rejects.toMatchObject({ key: 'order_not_holding' });
    expect(await readBalance(db.kysely, order.userId)).toEqual(before);
    expect(await ledgerOf(order.userId)).toHaveLength(2);
  });
});
