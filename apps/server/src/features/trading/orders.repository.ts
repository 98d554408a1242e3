import type { CloseReason } from '@meridian/contract';
import type { FillDirection } from '@meridian/trading';
import { type Kysely, type Selectable, sql } from 'kysely';
import { precompiledQuery, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isPostgres } from '../accounts/index.js';
import { type OrderRecord, STATUS_HISTORY, type StatusCode } from './model.js';
import type { OrdersTable } from './trading.schema.js';
import './trading.schema.js';

type Executor = Kysely<Database> | Tx;

export function toRecord(r: Selectable<OrdersTable>): OrderRecord {
  return {
    id: Number(r.id),
    userId: r.user_id,
    instrumentId: r.instrument_id,
    side: r.side === 1 ? 'buy' : 'sell',
    status: r.status as StatusCode,
    lots: r.lots,
    leverage: r.leverage,
    openPrice: r.open_price,
    targetPrice: r.target_price,
    fillDirection: r.fill_direction as FillDirection | null,
    tp: r.tp,
    sl: r.sl,
    marginMicros: Number(r.margin_micros),
    feeMicros: Number(r.fee_micros),
    closePrice: r.close_price,
    pnlMicros: Number(r.pnl_micros),
    protectionMicros: Number(r.protection_micros),
    closeReason: r.close_reason as CloseReason | null,
    version: r.version,
    createdAt: Number(r.created_at),
    filledAt: r.filled_at === null ? null : Number(r.filled_at),
    closedAt: r.closed_at === null ? null : Number(r.closed_at),
  };
}

/**
 * The orders table's columns, qualified, in the order recordOf reads them: for reads that take
 * rows as arrays (readArrays), where a wide row's object was half the cost.
 */
export const ORDER_COLUMNS = [
  'orders.id',
  'orders.user_id',
  'orders.instrument_id',
  'orders.side',
  'orders.status',
  'orders.lots',
  'orders.leverage',
  'orders.open_price',
  'orders.target_price',
  'orders.fill_direction',
  'orders.tp',
  'orders.sl',
  'orders.margin_micros',
  'orders.fee_micros',
  'orders.close_price',
  'orders.pnl_micros',
  'orders.protection_micros',
  'orders.close_reason',
  'orders.version',
  'orders.created_at',
  'orders.filled_at',
  'orders.closed_at',
] as const satisfies ReadonlyArray<`orders.${keyof OrdersTable}`>;

/** An order from a row read as an array of ORDER_COLUMNS, starting at `at`. */
export function recordOf(v: readonly unknown[], at = 0): OrderRecord {
  const nullable = (x: unknown) => (x === null ? null : Number(x));
  return {
    id: Number(v[at]),
    userId: Number(v[at + 1]),
    instrumentId: Number(v[at + 2]),
    side: Number(v[at + 3]) === 1 ? 'buy' : 'sell',
    status: Number(v[at + 4]) as StatusCode,
    lots: v[at + 5] as string,
    leverage: Number(v[at + 6]),
    openPrice: v[at + 7] as string | null,
    targetPrice: v[at + 8] as string | null,
    fillDirection: v[at + 9] as FillDirection | null,
    tp: v[at + 10] as string | null,
    sl: v[at + 11] as string | null,
    marginMicros: Number(v[at + 12]),
    feeMicros: Number(v[at + 13]),
    closePrice: v[at + 14] as string | null,
    pnlMicros: Number(v[at + 15]),
    protectionMicros: Number(v[at + 16]),
    closeReason: v[at + 17] as CloseReason | null,
    version: Number(v[at + 18]),
    createdAt: Number(v[at + 19]),
    filledAt: nullable(v[at + 20]),
    closedAt: nullable(v[at + 21]),
  };
}

/** The order a compiled statement returned, if any. */
function firstRecord(rows: Selectable<OrdersTable>[]): OrderRecord | undefined {
  const row = rows[0];
  return row ? toRecord(row) : undefined;
}

export interface NewOrder {
  userId: number;
  instrumentId: number;
  side: 'buy' | 'sell';
  status: 0 | 1;
  lots: string;
  leverage: number;
  openPrice: string | null;
  targetPrice: string | null;
  fillDirection: FillDirection | null;
  tp: string | null;
  sl: string | null;
  marginMicros: number;
  feeMicros: number;
  createdAt: number;
}

/** What the INSERT of an order binds, in order. */
type OrderInsert = [
  userId: number,
  instrumentId: number,
  side: 1 | 2,
  status: 0 | 1,
  lots: string,
  leverage: number,
  openPrice: string | null,
  targetPrice: string | null,
  fillDirection: FillDirection | null,
  tp: string | null,
  sl: string | null,
  marginMicros: number,
  feeMicros: number,
  createdAt: number,
  filledAt: number | null,
];

function insertOrderRow(
  db: Kysely<Database>,
  ...[
    userId,
    instrumentId,
    side,
    status,
    lots,
    leverage,
    openPrice,
    targetPrice,
    fillDirection,
    tp,
    sl,
    marginMicros,
    feeMicros,
    createdAt,
    filledAt,
  ]: OrderInsert
) {
  return db.insertInto('orders').values({
    user_id: userId,
    instrument_id: instrumentId,
    side,
    status,
    lots,
    leverage,
    open_price: openPrice,
    target_price: targetPrice,
    fill_direction: fillDirection,
    tp,
    sl,
    margin_micros: marginMicros,
    fee_micros: feeMicros,
    created_at: createdAt,
    filled_at: filledAt,
  });
}

/**
 * The one write of every order placement, so it skips Kysely's per-call build and compile. On
 * SQLite without RETURNING: the new id is the statement's last insert rowid, and a statement with
 * RETURNING steps as a reader and gives back a row to build (1-2 µs of a copied open's insert).
 */
const insertOrderQuery = precompiledQuery((db, ...row: OrderInsert) => insertOrderRow(db, ...row));
const insertOrderReturningQuery = precompiledQuery((db, ...row: OrderInsert) =>
  insertOrderRow(db, ...row).returning('id'),
);

export async function insertOrder(db: Executor, o: NewOrder): Promise<OrderRecord> {
  const { rows, insertId } = await (isPostgres(db) ? insertOrderReturningQuery : insertOrderQuery)(
    db,
    o.userId,
    o.instrumentId,
    o.side === 'buy' ? 1 : 2,
    o.status,
    o.lots,
    o.leverage,
    o.openPrice,
    o.targetPrice,
    o.fillDirection,
    o.tp,
    o.sl,
    o.marginMicros,
    o.feeMicros,
    o.createdAt,
    o.status === 1 ? o.createdAt : null,
  );
  const id = insertId ?? (rows[0] as { id: unknown } | undefined)?.id;
  if (id === undefined) throw new Error('insert into orders returned no id');
  // The row is what was given, with the table's defaults for the rest: only its id is read back
  // (every column of RETURNING * is a value to build, 6 µs of a copied open's 11 in the insert).
  return {
    id: Number(id),
    userId: o.userId,
    instrumentId: o.instrumentId,
    side: o.side,
    status: o.status,
    lots: o.lots,
    leverage: o.leverage,
    openPrice: o.openPrice,
    targetPrice: o.targetPrice,
    fillDirection: o.fillDirection,
    tp: o.tp,
    sl: o.sl,
    marginMicros: o.marginMicros,
    feeMicros: o.feeMicros,
    closePrice: null,
    pnlMicros: 0,
    protectionMicros: 0,
    closeReason: null,
    version: 1,
    createdAt: o.createdAt,
    filledAt: o.status === 1 ? o.createdAt : null,
    closedAt: null,
  };
}

/** The order if it belongs to `userId`; another user's order is indistinguishable from none. */
const selectOwnOrderQuery = precompiledQuery((db, id: number, userId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId),
);

/** Every close and cancel a trader asks for reads the order first, so compiled once. */
export async function selectOwnOrder(
  db: Executor,
  id: number,
  userId: number,
): Promise<OrderRecord | undefined> {
  const { rows } = await selectOwnOrderQuery(db, id, userId);
  return firstRecord(rows);
}

export async function selectOrder(db: Executor, id: number): Promise<OrderRecord | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export interface OrderChange {
  status?: StatusCode;
  openPrice?: string;
  tp?: string | null;
  sl?: string | null;
  closePrice?: string | null;
  pnlMicros?: number;
  protectionMicros?: number;
  closeReason?: CloseReason;
  filledAt?: number;
  closedAt?: number;
  /** A pending order's margin restated at its fill price. */
  marginMicros?: number;
}

/**
 * Changes the order only while it is still in `fromStatus` (the guard that makes exactly one of two
 * racing closes win). Returns the order as it now stands, or undefined when the guard refused.
 */
export async function updateOrderIf(
  db: Executor,
  id: number,
  fromStatus: StatusCode,
  change: OrderChange,
): Promise<OrderRecord | undefined> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({
      version: eb('version', '+', 1),
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.openPrice !== undefined ? { open_price: change.openPrice } : {}),
      ...(change.tp !== undefined ? { tp: change.tp } : {}),
      ...(change.sl !== undefined ? { sl: change.sl } : {}),
      ...(change.closePrice !== undefined ? { close_price: change.closePrice } : {}),
      ...(change.pnlMicros !== undefined ? { pnl_micros: change.pnlMicros } : {}),
      ...(change.protectionMicros !== undefined ? { protection_micros: change.protectionMicros } : {}),
      ...(change.closeReason !== undefined ? { close_reason: change.closeReason } : {}),
      ...(change.filledAt !== undefined ? { filled_at: change.filledAt } : {}),
      ...(change.closedAt !== undefined ? { closed_at: change.closedAt } : {}),
      ...(change.marginMicros !== undefined ? { margin_micros: change.marginMicros } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/*
 * The three moves every order makes (close, cancel, fill), each one guarded UPDATE compiled once:
 * the trade monitor books them by the thousand, and building updateOrderIf's dynamic set each time
 * cost more than running it.
 */
const closeOrderQuery = precompiledQuery(
  (db, closePrice: string, pnlMicros: number, reason: string, closedAt: number, id: number, from: number) =>
    db
      .updateTable('orders')
      .set((eb) => ({
        version: eb('version', '+', sql.lit(1)),
        status: sql.lit(3),
        close_price: closePrice,
        pnl_micros: pnlMicros,
        close_reason: reason,
        closed_at: closedAt,
      }))
      .where('id', '=', id)
      .where('status', '=', from)
      .returning(['version', 'tp', 'sl']),
);

/**
 * A holding order closed (from 1) or a pending one cancelled (from 0, no price, no P&L); `order` is
 * the order as the caller read it. The closed order is built from it and the statement's changes:
 * an open order's columns never change but through a status change (which the guard refuses) or
 * its TP/SL (setStops, on a holding), so only those and the version are read back (every column
 * of RETURNING * is a value to build: a third of the statement's time).
 */
export async function closeOrderIf(
  db: Executor,
  order: OrderRecord,
  fromStatus: 0 | 1,
  close: { closePrice: string | null; pnlMicros: number; reason: CloseReason; at: number },
): Promise<OrderRecord | undefined> {
  const { rows } = await closeOrderQuery(
    db,
    close.closePrice as string,
    close.pnlMicros,
    close.reason,
    close.at,
    order.id,
    fromStatus,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...order,
    status: STATUS_HISTORY,
    tp: row.tp,
    sl: row.sl,
    closePrice: close.closePrice,
    pnlMicros: close.pnlMicros,
    closeReason: close.reason,
    version: row.version,
    closedAt: close.at,
  };
}

const fillOrderQuery = precompiledQuery(
  (db, openPrice: string, filledAt: number, marginMicros: number, id: number) =>
    db
      .updateTable('orders')
      .set((eb) => ({
        version: eb('version', '+', sql.lit(1)),
        status: sql.lit(1),
        open_price: openPrice,
        filled_at: filledAt,
        margin_micros: marginMicros,
      }))
      .where('id', '=', id)
      .where('status', '=', sql.lit(0))
      .returningAll(),
);

/** A pending order filled at `openPrice`, its margin restated (or the same). */
export async function fillOrderIf(
  db: Executor,
  id: number,
  openPrice: string,
  filledAt: number,
  marginMicros: number,
): Promise<OrderRecord | undefined> {
  const { rows } = await fillOrderQuery(db, openPrice, filledAt, marginMicros, id);
  return firstRecord(rows);
}

/** One page of a user's orders in one status: newest first (history: most recently closed first). */
export async function selectOrderPage(
  db: Executor,
  userId: number,
  status: StatusCode,
  limit: number,
  offset: number,
): Promise<OrderRecord[]> {
  let q = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', status);
  q = status === 3 ? q.orderBy('closed_at', 'desc').orderBy('id', 'desc') : q.orderBy('id', 'desc');
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map(toRecord);
}

/** Runs on every placement (the caps), so compiled once. */
/** selectOrderPage over several owners (a trader and their copy accounts). */
export async function selectOwnersOrderPage(
  db: Executor,
  userIds: readonly number[],
  status: StatusCode,
  limit: number,
  offset: number,
): Promise<OrderRecord[]> {
  let q = db.selectFrom('orders').selectAll().where('user_id', 'in', userIds).where('status', '=', status);
  q = status === 3 ? q.orderBy('closed_at', 'desc').orderBy('id', 'desc') : q.orderBy('id', 'desc');
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map(toRecord);
}

export async function countOwnersOrders(
  db: Executor,
  userIds: readonly number[],
  status: StatusCode,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', 'in', userIds)
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const countOrdersQuery = precompiledQuery((db, userId: number, status: number) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', status),
);

export async function countOrders(db: Executor, userId: number, status: StatusCode): Promise<number> {
  const { rows } = await countOrdersQuery(db, userId, status);
  return Number(rows[0]?.n ?? 0);
}

/** Realised P&L of the whole history, micros. */
export async function sumRealised(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('pnl_micros').as('s'))
    .where('user_id', '=', userId)
    .where('status', '=', 3)
    .executeTakeFirstOrThrow();
  return Number(row.s ?? 0);
}

export async function selectUserOrders(
  db: Executor,
  userId: number,
  statuses: StatusCode[],
): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** An account's holdings on one instrument and side, summed in floating point (an estimate). */
export interface HoldingExposure {
  instrumentId: number;
  side: 'buy' | 'sell';
  /** Σ lots. */
  lots: number;
  /** Σ lots × open price. */
  lotsTimesOpen: number;
}

const lotsReal = sql<number>`CAST(lots AS DOUBLE PRECISION)`;
const selectHoldingExposureQuery = precompiledQuery((db, userId: number, exceptId: number) =>
  db
    .selectFrom('orders')
    .select([
      'instrument_id',
      'side',
      sql<number>`SUM(${lotsReal})`.as('lots'),
      sql<number>`SUM(${lotsReal} * CAST(open_price AS DOUBLE PRECISION))`.as('lots_open'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', sql.lit(1))
    .where('id', '<>', exceptId)
    .groupBy(['instrument_id', 'side']),
);

/**
 * An account's holding orders but one (`exceptId`), summed per instrument and side by the database
 * in double precision: what a float estimate of their open P&L needs, in one statement (a row per
 * instrument and side, whatever the number of positions). Never money: a decision taken on it must
 * allow for its rounding.
 */
export async function selectHoldingExposure(
  db: Executor,
  userId: number,
  exceptId: number,
): Promise<HoldingExposure[]> {
  const { rows } = await selectHoldingExposureQuery(db, userId, exceptId);
  return rows.map((r) => ({
    instrumentId: r.instrument_id,
    side: r.side === 1 ? 'buy' : 'sell',
    lots: Number(r.lots),
    lotsTimesOpen: Number(r.lots_open),
  }));
}

/** Every order still on the book (pending or holding): the worker's rebuild after a start. */
export async function selectOpenOrders(db: Executor): Promise<OrderRecord[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    // Literals, as the partial index orders_open_idx names them (0018): a bound list would not match it.
    .where('status', 'in', [sql.lit(0), sql.lit(1)])
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** The orders in `statuses` of several owners (500 at a time), oldest first. */
export async function selectOwnersOrders(
  db: Executor,
  userIds: readonly number[],
  statuses: StatusCode[],
): Promise<OrderRecord[]> {
  const out: OrderRecord[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .where('status', 'in', statuses)
      .orderBy('id')
      .execute();
    out.push(...rows.map(toRecord));
  }
  return out;
}

/**
 * Each account's free and frozen balance, and the part of the frozen money that is leaving it:
 * withdrawals requested and not yet paid or returned (status 0, funding's table). That money no
 * longer backs positions: the stop-out counts equity without it.
 */
export async function selectBalances(
  db: Executor,
  userIds: readonly number[],
  /** false: skip the withdrawals' read (copy accounts never withdraw; leavingMicros reads 0). */
  withLeaving = true,
): Promise<Map<number, AccountFigures>> {
  const out = new Map<number, AccountFigures>();
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('accounts')
      .select(['user_id', 'balance_micros', 'frozen_micros', 'holding_orders'])
      .where('user_id', 'in', chunk)
      .execute();
    const leaving = !withLeaving
      ? []
      : await db
          .selectFrom('withdrawals')
          .select((eb) => ['user_id', eb.fn.sum<string | number>('amount_micros').as('leaving')])
          .where('status', '=', 0)
          .where('user_id', 'in', chunk)
          .groupBy('user_id')
          .execute();
    const leavingOf = new Map(leaving.map((r) => [r.user_id, Number(r.leaving)]));
    for (const r of rows) {
      out.set(r.user_id, {
        freeMicros: Number(r.balance_micros),
        frozenMicros: Number(r.frozen_micros),
        leavingMicros: leavingOf.get(r.user_id) ?? 0,
        holdingOrders: Number(r.holding_orders),
      });
    }
  }
  return out;
}

export interface AccountBalance {
  freeMicros: number;
  frozenMicros: number;
  /** Frozen for withdrawals not yet paid or returned. */
  leavingMicros: number;
}

/** An account's balances as selectBalances reads them, with its count of holding orders. */
export interface AccountFigures extends AccountBalance {
  /**
   * The account's holding orders, counted by the postings that open and close them (migration
   * 0014): none, and its equity is its balance, without reading its orders.
   */
  holdingOrders: number;
}
