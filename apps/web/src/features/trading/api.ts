import {
  type ForexChangePage,
  ForexChangePage as ForexChangePageSchema,
  type ForexDetail,
  ForexDetail as ForexDetailSchema,
  MyDealResponse,
  type Order,
  OrderResponse,
  type OrderStatus,
} from '@meridian/contract';
import { api } from '../../app/services';

/** Spec section 7: every trading call is a GET with query parameters. */
export const TRADING_PATHS = {
  submit: '/v1/api/forex/submit',
  myDeal: '/v1/api/forex/my_deal',
  close: '/v1/api/forex/close',
  cancel: '/v1/api/forex/cancel_trade',
  setStopPrice: '/v1/api/forex/set_stop_price',
  forexDetail: '/v1/api/main/account/forexDetail',
  forexChange: '/v1/api/main/accountLog/forexChange',
} as const;

/** submit's query (contract SubmitOrderQuery), as this app sends it: every value already a plain string or number. */
export interface SubmitPayload {
  type: 1 | 2;
  cont: string;
  forex_id: number;
  status: 0 | 1;
  target_price: string;
  stop_loss_price: string;
  target_profit_price: string;
  multiple: number;
}

/** set_stop_price's query (contract SetStopPriceQuery); "0" clears a level. */
export interface StopPayload {
  id: number;
  target_profit_price: string;
  stop_loss_price: string;
}

// Submits and edits show the loading toast: the trader must not tap twice while money moves.
const ACTION = { loading: true } as const;

export async function submitOrder(query: SubmitPayload): Promise<Order> {
  const res = await api.get(TRADING_PATHS.submit, { ...query }, ACTION);
  return OrderResponse.parse(res.data);
}

export async function closeOrder(id: number): Promise<Order> {
  const res = await api.get(TRADING_PATHS.close, { id }, ACTION);
  return OrderResponse.parse(res.data);
}

export async function cancelOrder(id: number): Promise<Order> {
  const res = await api.get(TRADING_PATHS.cancel, { id }, ACTION);
  return OrderResponse.parse(res.data);
}

export async function setStopPrice(query: StopPayload): Promise<Order> {
  const res = await api.get(TRADING_PATHS.setStopPrice, { ...query }, ACTION);
  return OrderResponse.parse(res.data);
}

export async function fetchDeals(status: OrderStatus, page: number, signal?: AbortSignal) {
  const res = await api.get(TRADING_PATHS.myDeal, { status, page }, { signal });
  return MyDealResponse.parse(res.data);
}

export async function fetchForexDetail(signal?: AbortSignal): Promise<ForexDetail> {
  const res = await api.get(TRADING_PATHS.forexDetail, undefined, { signal });
  return ForexDetailSchema.parse(res.data);
}

export async function fetchLedger(page: number, signal?: AbortSignal): Promise<ForexChangePage> {
  const res = await api.get(TRADING_PATHS.forexChange, { page }, { signal });
  return ForexChangePageSchema.parse(res.data);
}
