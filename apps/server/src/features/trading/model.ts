import {
  type CloseReason,
  ORDER_STATUS_HISTORY,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  type OrderStatus,
} from '@meridian/contract';
import type { FillDirection, Side } from '@meridian/trading';

// An order's state: the contract's constants under the names the trading code reads them by
// (placement mode is another thing: PLACE_MARKET / PLACE_PENDING of submit).
export const STATUS_PENDING = ORDER_STATUS_PENDING;
export const STATUS_HOLDING = ORDER_STATUS_HOLDING;
export const STATUS_HISTORY = ORDER_STATUS_HISTORY;
export type StatusCode = OrderStatus;

/** One order as the service and the worker see it (camelCase of the orders row). */
export interface OrderRecord {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: StatusCode;
  lots: string;
  leverage: number;
  openPrice: string | null;
  targetPrice: string | null;
  fillDirection: FillDirection | null;
  tp: string | null;
  sl: string | null;
  marginMicros: number;
  feeMicros: number;
  closePrice: string | null;
  pnlMicros: number;
  protectionMicros: number;
  closeReason: CloseReason | null;
  version: number;
  createdAt: number;
  filledAt: number | null;
  closedAt: number | null;
}

/**
 * Published on the bus after every committed change of an order: the order as it now stands and
 * the owner's balances after the change. The trigger worker (on the leader) and the FOREX_TRADE
 * pushes (on every node) keep their copies with it; `version` tells a late event from a fresh one.
 */
export interface OrderEvent {
  order: OrderRecord;
  freeMicros: number;
  frozenMicros: number;
}

export const ORDER_EVENTS_CHANNEL = 'trading.orders';

export function isOrderEvent(value: unknown): value is OrderEvent {
  const v = value as Partial<OrderEvent> | null;
  return (
    typeof v?.freeMicros === 'number' &&
    typeof v.frozenMicros === 'number' &&
    typeof v.order === 'object' &&
    v.order !== null &&
    typeof v.order.id === 'number' &&
    typeof v.order.userId === 'number' &&
    typeof v.order.version === 'number'
  );
}

/**
 * Published after a balance changes outside an order (money moved into or out of a copy account,
 * a fee, a withdrawal requested, paid or returned): the trigger worker re-levels the account's
 * stop-out at once instead of at its next resync. Funding's deposits are still picked up by the
 * resync (RESYNC_MS).
 */
export const BALANCE_EVENTS_CHANNEL = 'trading.balances';

export interface BalanceEvent {
  userId: number;
  freeMicros: number;
  frozenMicros: number;
  /**
   * Withdrawals requested and not yet paid or returned (part of the frozen money, on its way out:
   * it no longer backs positions); absent when the move did not change it.
   */
  leavingMicros?: number;
}

export function isBalanceEvent(value: unknown): value is BalanceEvent {
  const v = value as Partial<BalanceEvent> | null;
  return (
    typeof v?.userId === 'number' &&
    typeof v.freeMicros === 'number' &&
    typeof v.frozenMicros === 'number' &&
    (v.leavingMicros === undefined || typeof v.leavingMicros === 'number')
  );
}
