import {
  type ForexChangePage,
  type ForexDetail,
  type Order,
  type OrderStatus,
  type RequestOf,
  routes,
} from '@meridian/contract';
import { api } from '../../lib/services';

/** submit's query as this app sends it (the contract's SubmitOrderQuery input). */
export type SubmitPayload = RequestOf<typeof routes.submitOrder>;

/** set_stop_price's query (the contract's SetStopPriceQuery input); "0" clears a level. */
export type StopPayload = RequestOf<typeof routes.setStopPrice>;

// Submits and edits show the loading toast: the trader must not tap twice while money moves.
const ACTION = { loading: true } as const;

/**
 * `idempotencyKey`: the order's own (the confirm sheet keeps one per order, so a second tap after an
 * answer that never came places it once); without it, each call gets a fresh one.
 */
export function submitOrder(query: SubmitPayload, idempotencyKey?: string): Promise<Order> {
  return api.call(routes.submitOrder, query, idempotencyKey ? { ...ACTION, idempotencyKey } : ACTION);
}

export function closeOrder(id: number): Promise<Order> {
  return api.call(routes.closeOrder, { id }, ACTION);
}

export function cancelOrder(id: number): Promise<Order> {
  return api.call(routes.cancelOrder, { id }, ACTION);
}

export function setStopPrice(query: StopPayload): Promise<Order> {
  return api.call(routes.setStopPrice, query, ACTION);
}

export function fetchDeals(status: OrderStatus, page: number, signal?: AbortSignal) {
  return api.call(routes.myDeal, { status, page }, { signal });
}

export function fetchForexDetail(signal?: AbortSignal): Promise<ForexDetail> {
  return api.call(routes.forexDetail, {}, { signal });
}

export function fetchLedger(page: number, signal?: AbortSignal): Promise<ForexChangePage> {
  return api.call(routes.forexChange, { page }, { signal });
}
