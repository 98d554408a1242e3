import { describe, expect, it } from 'vitest';
import { type Db, inTransaction, readArrays } from '../../db/database.js';
import { insertFundedUser } from '../../test/accounts.js';
import { useMigratedDatabase } from '../../test/database.js';
import { planOf } from '../../test/plans.js';
import type { Instrument } from '../markets/index.js';
import { cancelPending, closeHolding, openOrder } from './booking.js';
import { type OrderRecord, STATUS_HISTORY } from './model.js';
import {
  ORDER_COLUMNS,
  recordOf,
  selectOpenOrders,
  selectOrder,
  updateOrderIf,
} from './orders.repository.js';

/**
 * The order path reads back from its writes only what it cannot know: a placement only the new
 * order's id, a close or cancel only the version and the TP/SL (the one thing that changes on an
 * open order). The records it builds must be the rows as stored, column for column, even when the
 * caller's view of the order is stale; and the trigger worker's read of the open orders keeps to
 * their partial index (migration 0018). Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

const EURUSD = { showCode: 'EURUSD' } as Instrument;
let uids = 43_000_000;

async function open(userId: number, status: 0 | 1, extra: Partial<OrderRecord> = {}): Promise<OrderRecord> {
  const opened = await inTransaction(db, (tx) =>
    openOrder(
      tx,
      db.dialect,
      {
        userId,
        instrumentId: 1,
        side: 'sell',
        status,
        lots: '0.25',
        leverage: 50,
        openPrice: status === 1 ? '1.08512' : null,
        targetPrice: status === 0 ? '1.09000' : null,
        fillDirection: status === 0 ? 'at_or_above' : null,
        tp: extra.tp ?? null,
        sl: extra.sl ?? '1.09900',
        marginMicros: 542_560_000,
        feeMicros: 2_500_000,
        createdAt: 1_790_000_000_123,
      },
      'EURUSD',
      status === 1,
    ),
  );
  return opened.order;
}

async function stored(id: number): Promise<OrderRecord> {
  const row = await selectOrder(db.kysely, id);
  if (!row) throw new Error(`order ${id} not found`);
  return row;
}

describe('the records the order path builds', () => {
  it('a placement: the order as stored, defaults included', async () => {
    const userId = await insertFundedUser(db, String(uids++), 10_000_000_000);
    const holding = await open(userId, 1, { tp: '1.07000' });
    expect(holding).toEqual(await stored(holding.id));
    expect(holding).toMatchObject({ status: 1, version: 1, pnlMicros: 0, filledAt: 1_790_000_000_123 });
    const pending = await open(userId, 0);
    expect(pending).toEqual(await stored(pending.id));
    expect(pending.filledAt).toBeNull();
  });

  it('a close from a stale view: the TP/SL and version as stored, not as the caller read them', async () => {
    const userId = await insertFundedUser(db, String(uids++), 10_000_000_000);
    const view = await open(userId, 1);
    // The trader moves the levels after the caller (the trigger worker, a copy's page) read the order.
    const moved = await inTransaction(db, (tx) =>
      updateOrderIf(tx, view.id, 1, { tp: '1.06500', sl: '1.09500' }),
    );
    expect(moved?.version).toBe(2);
    const booked = await inTransaction(db, (tx) =>
      closeHolding(tx, view, EURUSD, '1.08400', 27_000_000, 'manual', 1_790_000_001_000),
    );
    const row = await stored(view.id);
    expect(booked.order).toEqual(row);
    expect(booked.event.order).toEqual(row);
    expect(row).toMatchObject({
      status: STATUS_HISTORY,
      tp: '1.06500',
      sl: '1.09500',
      version: 3,
      closePrice: '1.08400',
      pnlMicros: 27_000_000,
      closeReason: 'manual',
      closedAt: 1_790_000_001_000,
    });
  });

  it('a close that needs the house’s protection, and a cancel: each as stored', async () => {
    const poorId = await insertFundedUser(db, String(uids++), 545_060_000);
    const poor = await open(poorId, 1);
    const lost = await inTransaction(db, (tx) =>
      closeHolding(tx, poor, EURUSD, '1.12000', -900_000_000, 'stop_out', 1_790_000_002_000),
    );
    expect(lost.order.protectionMicros).toBeGreaterThan(0);
    expect(lost.order).toEqual(await stored(poor.id));

    const userId = await insertFundedUser(db, String(uids++), 10_000_000_000);
    const pending = await open(userId, 0);
    const cancelled = await inTransaction(db, (tx) =>
      cancelPending(tx, pending, EURUSD, 'cancelled', 1_790_000_003_000),
    );
    expect(cancelled.order).toEqual(await stored(pending.id));
    expect(cancelled.order).toMatchObject({ status: STATUS_HISTORY, closePrice: null, pnlMicros: 0 });
  });
});

describe('orders read as arrays (readArrays)', () => {
  it('are the records an object read gives, and leave the statement giving objects', async () => {
    const userId = await insertFundedUser(db, String(uids++), 10_000_000_000);
    const holding = await open(userId, 1, { tp: '1.07000' });
    const pending = await open(userId, 0);
    const closed = await open(userId, 1);
    await inTransaction(db, (tx) =>
      closeHolding(tx, closed, EURUSD, '1.08400', -1_000, 'manual', 1_790_000_005_000),
    );
    const query = db.reader
      .selectFrom('orders')
      .select(ORDER_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('id');
    const arrays = await readArrays(db.reader, query.compile());
    expect(arrays.map((row) => recordOf(row))).toEqual(
      await Promise.all([holding, pending, closed].map((o) => stored(o.id))),
    );
    // The same text through Kysely afterwards: objects, as before.
    const objects = await query.execute();
    expect(objects[0]).toMatchObject({ id: holding.id, user_id: userId });
  });
});

describe('the open orders', () => {
  it('are read in id order, none closed among them', async () => {
    const userId = await insertFundedUser(db, String(uids++), 10_000_000_000);
    const a = await open(userId, 1);
    const b = await open(userId, 0);
    const c = await open(userId, 1);
    await inTransaction(db, (tx) => closeHolding(tx, c, EURUSD, '1.08500', 100, 'manual', 1_790_000_004_000));
    const ids = (await selectOpenOrders(db.kysely)).map((o) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(c.id);
  });

  it('through their partial index (the plan of the statement the read runs)', async () => {
    const plan = await planOf(db, (tx) => selectOpenOrders(tx), { indexesWhenUsable: true });
    expect(plan).toContain('orders_open_idx');
  });
});
