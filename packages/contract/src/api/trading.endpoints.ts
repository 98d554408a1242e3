import { LedgerPage, LedgerQuery } from '../money.js';
import {
  ForexDetail,
  MyDealQuery,
  MyDealResponse,
  OrderIdQuery,
  OrderResponse,
  ResetDemoResponse,
  SetStopPriceQuery,
  SubmitOrderQuery,
} from '../trading.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';
import { tradingRoutes } from './trading.routes.js';

export const tradingEndpoints = defineEndpoints('trading', tradingRoutes, {
  submitOrder: {
    request: SubmitOrderQuery,
    response: OrderResponse,
    summary: 'Open a position at the market (status 1) or place a pending order at target_price (status 0).',
    errors: [
      'unknown_instrument',
      'market_closed',
      'no_leverage_configured',
      'leverage_not_offered',
      'lots_invalid',
      'lots_off_step',
      'lots_below_minimum',
      'lots_too_large',
      'target_price_required',
      'price_invalid',
      'price_out_of_range',
      'take_profit_wrong_side',
      'stop_loss_wrong_side',
      'insufficient_balance',
      'insufficient_free_margin',
      'order_too_large',
      'too_many_positions',
      'too_many_pending_orders',
      'order_rate_limited',
    ],
  },
  myDeal: {
    request: MyDealQuery,
    response: MyDealResponse,
    summary: "One page of the caller's orders in one status, with the account figures.",
    errors: [],
  },
  closeOrder: {
    request: OrderIdQuery,
    response: OrderResponse,
    summary: 'Close a holding order at the market.',
    errors: ['order_not_found', 'order_not_holding', 'market_closed'],
  },
  cancelOrder: {
    request: OrderIdQuery,
    response: OrderResponse,
    summary: 'Cancel a pending order and release its margin.',
    errors: ['order_not_found', 'order_not_pending'],
  },
  setStopPrice: {
    request: SetStopPriceQuery,
    response: OrderResponse,
    summary: 'Replace the take-profit and stop-loss of a holding order ("0" clears one).',
    errors: [
      'order_not_found',
      'order_not_holding',
      'price_invalid',
      'price_out_of_range',
      'take_profit_wrong_side',
      'stop_loss_wrong_side',
    ],
  },
  forexDetail: {
    request: NoInput,
    response: ForexDetail,
    summary: 'Free and frozen balance with the account figures at current quotes.',
    errors: [],
  },
  forexChange: {
    request: LedgerQuery,
    response: LedgerPage,
    summary: "One page of the caller's ledger, newest first.",
    errors: [],
  },
  resetDemo: {
    request: NoInput,
    response: ResetDemoResponse,
    summary: 'Close everything on a demo account and restore its starting balance.',
    errors: ['demo_only'],
  },
});
