/**
 * The in-transaction steps that move money for orders. Each runs inside the caller's transaction
 * (a write-queue job), changes the order with a status-guarded UPDATE first — so of two racing
 * closes exactly one passes and the other books nothing — then posts the ledger rows through
 * postLedgerEntry, the only code that changes balances.
 */
import type { CloseReason } from '@meridian/contract';
import { closeProtectionMicros } from '@meridian/trading';
import type { DialectName, Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import {
  isPostgres,
  moveOrderCounts,
  type OrderCountDeltas,
  type PostedAccount,
  postLedgerEntry,
  refusedPosting,
  tryPostLedgerPair,
} from '../accounts/index.js';
import type { Instrument } from '../markets/index.js';
import { closeHoldingRow } from './closing.repository.js';
import {
  type OrderEvent,
  type OrderRecord,
  STATUS_HISTORY,
  STATUS_HOLDING,
  STATUS_PENDING,
} from './model.js';
import {
  closeOrderIf,
  fillOrderIf,
  insertOrder,
  type NewOrder,
  toRecord,
  updateOrderIf,
} from './orders.repository.js';
import { placeOrderRow } from './placement.repository.js';

export const LEDGER_KINDS = {
  marginFreeze: 'margin_freeze',
  fee: 'trade_fee',
  marginRelease: 'margin_release',
  pnl: 'realised_pnl',
  protection: 'balance_protection',
  demoReset: 'demo_reset',
  marginRestate: 'margin_restate',
} as const;

const REF = 'order';

/**
 * How each booking moves the account's open-order counts (the caps read them; migration 0014).
 * Each rides on the booking's first ledger posting, in the same guarded statement.
 */
const OPENED_HOLDING: OrderCountDeltas = { holding: 1, pending: 0 };
const OPENED_PENDING: OrderCountDeltas = { holding: 0, pending: 1 };
const CLOSED_HOLDING: OrderCountDeltas = { holding: -1, pending: 0 };
const CANCELLED_PENDING: OrderCountDeltas = { holding: 0, pending: -1 };
const FILLED_PENDING: OrderCountDeltas = { holding: 1, pending: -1 };

export interface Opened {
  order: OrderRecord;
  /** The account after the placement. */
  freeMicros: number;
  frozenMicros: number;
  /**
   * The account's orders in the new order's status, the new one included, as the placement left
   * the account's count under its row lock (for the caps: OrderLimits.checkCaps).
   */
  sameStatusAfter: number;
  /** The account's version after the placement, which bumped it by exactly one (migration 0016). */
  accountVersion: number;
}

/**
 * Places an order: the order row, its margin frozen, and for a market order its fee charged, each
 * with its ledger row. Throws insufficient_balance (nothing written) when the free balance cannot
 * pay both. On PostgreSQL this is one statement (placement.repository.ts), elsewhere three or four.
 */
export async function openOrder(
  tx: Tx,
  dialect: DialectName,
  o: NewOrder,
  code: string,
  chargeFee: boolean,
): Promise<Opened> {
  const chargeMicros = chargeFee ? o.feeMicros : 0;
  if (dialect === 'postgres') {
    const row = await placeOrderRow(tx, {
      ...o,
      side: o.side === 'buy' ? 1 : 2,
      filledAt: o.status === STATUS_HOLDING ? o.createdAt : null,
      chargeMicros,
      code,
      marginKind: LEDGER_KINDS.marginFreeze,
      marginMemo: 'ledger_margin_freeze',
      feeKind: LEDGER_KINDS.fee,
      feeMemo: 'ledger_trade_fee',
    });
    if (!row) return refusedPosting(tx, o.userId);
    return {
      order: toRecord(row),
      freeMicros: Number(row.after_balance_micros),
      frozenMicros: Number(row.after_frozen_micros),
      sameStatusAfter: Number(row.same_status_after),
      accountVersion: Number(row.after_version),
    };
  }
  const order = await insertOrder(tx, o);
  const params = { code, lots: o.lots, id: order.id };
  const ref = { memoParams: params, refType: REF, refId: order.id };
  const holding = o.status === STATUS_HOLDING;
  const orderCounts = holding ? OPENED_HOLDING : OPENED_PENDING;
  const margin = {
    ...ref,
    kind: LEDGER_KINDS.marginFreeze,
    freeDelta: -o.marginMicros,
    frozenDelta: o.marginMicros,
    memoKey: 'ledger_margin_freeze',
  };
  const posted =
    chargeMicros > 0
      ? ((await tryPostLedgerPair(
          tx,
          o.userId,
          margin,
          {
            ...ref,
            kind: LEDGER_KINDS.fee,
            freeDelta: -chargeMicros,
            frozenDelta: 0,
            memoKey: 'ledger_trade_fee',
          },
          { at: o.createdAt, orderCounts },
        )) ?? (await refusedPosting(tx, o.userId)))
      : await postLedgerEntry(tx, { ...margin, userId: o.userId, at: o.createdAt, orderCounts });
  return {
    order,
    freeMicros: posted.balanceMicros,
    frozenMicros: posted.frozenMicros,
    sameStatusAfter: holding ? posted.holdingOrders : posted.pendingOrders,
    accountVersion: posted.version,
  };
}

export interface Booked {
  order: OrderRecord;
  event: OrderEvent;
}

/**
 * Closes a holding order at `closePrice`: frozen −= margin, free += margin + P&L. A loss larger than
 * the free balance is paid from it and then from the margin frozen for the account's other
 * positions (the free balance goes below zero; equity backs it). Negative balance protection guards
 * the account's equity (packages/trading protection.ts): only a close that leaves the account with
 * no position and its balance below zero gets the house's credit, exactly that shortfall, in its
 * own ledger row. Throws order_not_holding when the order already left status 1.
 *
 * On PostgreSQL the usual close (the free balance covers the loss) is one statement, shared with
 * other accounts' closes started together (closing.repository.ts); a refusal there wrote nothing and
 * the close goes step by step, as on SQLite. Step by step, the margin release comes first and its
 * guarded UPDATE returns the balances and the holding count it locked (on PostgreSQL the newest
 * committed ones), so the protection is decided from those: no separate read or lock of the account.
 */
export async function closeHolding(
  tx: Tx,
  order: OrderRecord,
  inst: Instrument,
  closePrice: string,
  pnlMicros: number,
  reason: CloseReason,
  at: number,
): Promise<Booked> {
  const params = { code: inst.showCode, id: order.id };
  if (isPostgres(tx)) {
    // One statement, shared with the other accounts' closes started with it (closing.repository.ts).
    const row = await closeHoldingRow(tx, {
      orderId: order.id,
      userId: order.userId,
      closePrice,
      pnlMicros,
      reason,
      at,
      marginMicros: order.marginMicros,
      memoParams: JSON.stringify(params),
      releaseKind: LEDGER_KINDS.marginRelease,
      releaseMemo: 'ledger_margin_release',
      pnlKind: LEDGER_KINDS.pnl,
      pnlMemo: 'ledger_realised_pnl',
    });
    if (row) {
      const closed = toRecord(row);
      const freeMicros = Number(row.after_balance_micros);
      const frozenMicros = Number(row.after_frozen_micros);
      return { order: closed, event: { order: closed, freeMicros, frozenMicros } };
    }
    // Refused, nothing written: the order left status 1 (refused below), or the loss is larger
    // than the free balance after the release (step by step, below).
  }
  const provisional = await closeOrderIf(tx, order, STATUS_HOLDING, { closePrice, pnlMicros, reason, at });
  if (!provisional) throw new AppError('order_not_holding');
  const release = {
    kind: LEDGER_KINDS.marginRelease,
    freeDelta: order.marginMicros,
    frozenDelta: -order.marginMicros,
    memoKey: 'ledger_margin_release',
    memoParams: params,
    refType: REF,
    refId: order.id,
  };
  const pnl = {
    kind: LEDGER_KINDS.pnl,
    freeDelta: pnlMicros,
    frozenDelta: 0,
    memoKey: 'ledger_realised_pnl',
    memoParams: params,
    refType: REF,
    refId: order.id,
  };
  // The usual close: release and P&L together. Refused only when the loss is larger than the free
  // balance after the release: then step by step.
  if (pnlMicros !== 0) {
    const both = await tryPostLedgerPair(tx, order.userId, release, pnl, { at, orderCounts: CLOSED_HOLDING });
    if (both) {
      return {
        order: provisional,
        event: { order: provisional, freeMicros: both.balanceMicros, frozenMicros: both.frozenMicros },
      };
    }
  }
  // Step by step. The holding count moves with the last posting, so that no statement shows a flat
  // account below zero before its protection is booked (the CHECK of migration 0021).
  const released = await postLedgerEntry(tx, { ...release, userId: order.userId, at });
  const protection = closeProtectionMicros({
    freeMicros: released.balanceMicros,
    frozenMicros: released.frozenMicros,
    pnlMicros,
    holdingAfter: released.holdingOrders - 1,
  });
  let closed = provisional;
  let posted: PostedAccount = released;
  if (protection > 0) {
    posted = await postLedgerEntry(tx, {
      userId: order.userId,
      kind: LEDGER_KINDS.protection,
      freeDelta: protection,
      frozenDelta: 0,
      memoKey: 'ledger_balance_protection',
      memoParams: params,
      refType: REF,
      refId: order.id,
      at,
      ...(pnlMicros === 0 ? { orderCounts: CLOSED_HOLDING } : {}),
    });
    closed =
      (await updateOrderIf(tx, order.id, STATUS_HISTORY, { protectionMicros: protection })) ?? provisional;
  }
  if (pnlMicros !== 0) {
    // The loss may take the free balance below zero: the margin frozen for the account's other
    // positions backs it (and once the account is flat, the protection above).
    posted = await postLedgerEntry(tx, {
      ...pnl,
      userId: order.userId,
      at,
      orderCounts: CLOSED_HOLDING,
      overdraw: true,
    });
  } else if (protection === 0) {
    posted = await moveOrderCounts(tx, order.userId, CLOSED_HOLDING, at);
  }
  return {
    order: closed,
    event: { order: closed, freeMicros: posted.balanceMicros, frozenMicros: posted.frozenMicros },
  };
}

/** Cancels a pending order and releases its margin. Throws order_not_pending when it already left 0. */
export async function cancelPending(
  tx: Tx,
  order: OrderRecord,
  inst: Instrument,
  reason: CloseReason,
  at: number,
): Promise<Booked> {
  const cancelled = await closeOrderIf(tx, order, STATUS_PENDING, {
    closePrice: null,
    pnlMicros: 0,
    reason,
    at,
  });
  if (!cancelled) throw new AppError('order_not_pending');
  const posted = await postLedgerEntry(tx, {
    userId: order.userId,
    kind: LEDGER_KINDS.marginRelease,
    freeDelta: order.marginMicros,
    frozenDelta: -order.marginMicros,
    memoKey: 'ledger_margin_release',
    memoParams: { code: inst.showCode, id: order.id },
    refType: REF,
    refId: order.id,
    at,
    orderCounts: CANCELLED_PENDING,
  });
  return {
    order: cancelled,
    event: { order: cancelled, freeMicros: posted.balanceMicros, frozenMicros: posted.frozenMicros },
  };
}

/**
 * Fills a pending order at `fillPrice` and charges its fee. Its margin, frozen at the target price
 * when it was placed, is restated at the fill price (`marginMicros`; a gap fills at a better price
 * than the target): the difference moves between free and frozen in its own ledger line, so the
 * frozen balance stays the margin of the positions at their real open prices. Throws
 * order_not_pending if it is no longer pending, insufficient_balance if the fee (or a larger
 * margin) does not fit.
 */
export async function fillPending(
  tx: Tx,
  order: OrderRecord,
  inst: Instrument,
  fillPrice: string,
  at: number,
  marginMicros: number = order.marginMicros,
): Promise<Booked> {
  const filled = await fillOrderIf(tx, order.id, fillPrice, at, marginMicros);
  if (!filled) throw new AppError('order_not_pending');
  const restate = marginMicros - order.marginMicros;
  let restated: Awaited<ReturnType<typeof postLedgerEntry>> | undefined;
  if (restate !== 0) {
    restated = await postLedgerEntry(tx, {
      userId: order.userId,
      kind: LEDGER_KINDS.marginRestate,
      freeDelta: -restate,
      frozenDelta: restate,
      memoKey: 'ledger_margin_restate',
      memoParams: { code: inst.showCode, id: order.id },
      refType: REF,
      refId: order.id,
      at,
      orderCounts: FILLED_PENDING,
    });
  }
  if (order.feeMicros > 0) {
    const posted = await postLedgerEntry(tx, {
      userId: order.userId,
      kind: LEDGER_KINDS.fee,
      freeDelta: -order.feeMicros,
      frozenDelta: 0,
      memoKey: 'ledger_trade_fee',
      memoParams: { code: inst.showCode, id: order.id },
      refType: REF,
      refId: order.id,
      at,
      ...(restated ? {} : { orderCounts: FILLED_PENDING }),
    });
    return {
      order: filled,
      event: { order: filled, freeMicros: posted.balanceMicros, frozenMicros: posted.frozenMicros },
    };
  }
  // No money moved (no fee, filled at its target): the counts move on their own.
  const balance = restated ?? (await moveOrderCounts(tx, order.userId, FILLED_PENDING, at));
  return {
    order: filled,
    event: { order: filled, freeMicros: balance.balanceMicros, frozenMicros: balance.frozenMicros },
  };
}
