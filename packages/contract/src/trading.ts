import { z } from 'zod';
import { DecimalString, InstrumentCode } from './markets.js';
import { LedgerPage, LedgerQuery, Money } from './money.js';
import {
  CLOSE_REASONS,
  ORDER_STATUS_HISTORY,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  ORDER_TYPE_BUY,
  ORDER_TYPE_SELL,
  PLACE_MARKET,
  PLACE_PENDING,
} from './trading-constants.js';
import { wholeNumber } from './whole-number.js';

/**
 * Trading: the REST payloads of /v1/api/forex/{submit,my_deal,close,cancel_trade,set_stop_price},
 * /v1/api/main/account/forexDetail, /v1/api/main/accountLog/forexChange,
 * /v1/api/main/user/resetForexDemoAccount, and the FOREX_TRADE / FOREX_CLOSED socket messages.
 * Field names are the specification's. Money is a 6-decimal USD string (see money.ts); prices and
 * lots are decimal strings; "0" for a TP/SL price means none.
 */

export const OrderType = z.union([z.literal(ORDER_TYPE_BUY), z.literal(ORDER_TYPE_SELL)]);
export type OrderType = z.infer<typeof OrderType>;

export const OrderStatus = z.union([
  z.literal(ORDER_STATUS_PENDING),
  z.literal(ORDER_STATUS_HOLDING),
  z.literal(ORDER_STATUS_HISTORY),
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const CloseReason = z.enum(CLOSE_REASONS);
export type CloseReason = z.infer<typeof CloseReason>;

export const OrderInstrument = z.object({
  ShowCode: z.string().min(1),
  Code: InstrumentCode,
  PricePrecision: z.number().int().min(0).max(10),
});
export type OrderInstrument = z.infer<typeof OrderInstrument>;

export const Order = z.object({
  Id: z.number().int().positive(),
  /** The instrument's Id (as `forex_id` of submit). */
  ForexId: z.number().int().positive(),
  ForexTradeLists: OrderInstrument,
  /** 1 buy (long), 2 sell (short). */
  OrderType,
  Status: OrderStatus,
  /** Lots. */
  Quantity: DecimalString,
  /** The open price; for a pending order not yet filled, its target price. */
  OriginPrice: DecimalString,
  /**
   * Holding: the current executable closing price (bid for a buy, ask for a sell). Pending: the
   * current executable opening price. History: the close price (the target price if cancelled).
   */
  Price: DecimalString,
  /** Epoch ms of the quote `Price` comes from (holding and pending), or of the close (history). */
  UpdatePrice: z.number().int().optional(),
  /** Holding: floating P&L at `Price`. History: realised P&L. Pending: 0. */
  FactProfits: Money,
  /** The margin frozen for this order. */
  CautionMoney: Money,
  /** The fee: charged at open (market), or when a pending order fills (shown in advance). */
  TradeFee: Money,
  /** Stop-loss price, "0" = none. */
  TargetLossPrice: DecimalString,
  /** Take-profit price, "0" = none. */
  TargetProfitPrice: DecimalString,
  /** Leverage. */
  Multiple: z.number().int().positive(),
  /** Only in history (status 3). */
  CloseReason: CloseReason.nullable(),
  /**
   * History: the house's credit (negative balance protection) when this close would have left the
   * free balance below zero; "0.000000" otherwise. `FactProfits` is the loss before it, so the two
   * side by side say what the trader lost and what the house covered. (Optional for older servers.)
   */
  Protection: Money.optional(),
  /** Creation time formatted "YYYY-MM-DD HH:mm:ss" in UTC. */
  CreateTimeHandler: z.string(),
  /** Creation time, epoch ms. */
  CreateTime: z.number().int(),
  /** When a pending order filled (or a market order opened), epoch ms; null while pending. */
  FillTime: z.number().int().nullable(),
  /** When it left the book, epoch ms; null unless status 3. */
  CloseTime: z.number().int().nullable(),
  /**
   * Set on a position a copy account holds (copy trading): the copy's id and the strategy's name.
   * The copy runs it: it closes when the provider's position closes or the copy stops.
   */
  CopyId: z.number().int().positive().optional(),
  CopyName: z.string().optional(),
});
export type Order = z.infer<typeof Order>;

// ---- requests (GET query parameters) ----------------------------------------------------------

/**
 * Free-form strings for numbers the server must judge itself (lots, prices), so a bad value gets
 * its own translated refusal (lots_invalid, price_invalid…) rather than a generic validation error.
 */
const NumberText = z.string().trim().max(64);

/** GET /v1/api/forex/submit. Lots, prices and leverage are checked by the server. */
export const SubmitOrderQuery = z.object({
  /**
   * 1 buy; the specification reads any other number as sell (answers always say 2). Blank or not a
   * number is refused. The one number field read as any number, not decimal digits only
   * (wholeNumber): issue 11 keeps the specification's reading ("-1" sells, "1.0" buys).
   */
  type: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number())
    .transform((v): OrderType => (v === ORDER_TYPE_BUY ? ORDER_TYPE_BUY : ORDER_TYPE_SELL)),
  /** Lots, a decimal string on the instrument's `Pip` step. */
  cont: NumberText,
  forex_id: wholeNumber(z.number().int().positive()),
  /** 1 market, 0 pending at target_price. */
  status: wholeNumber(z.union([z.literal(PLACE_MARKET), z.literal(PLACE_PENDING)])),
  /** Required (> 0) for a pending order; ignored for a market order. */
  target_price: NumberText.default('0'),
  /** "0" or absent = none. */
  stop_loss_price: NumberText.default('0'),
  /** "0" or absent = none. */
  target_profit_price: NumberText.default('0'),
  /** One of the instrument's HasForexMultiple values. */
  multiple: wholeNumber(z.number().int().positive()),
});
export type SubmitOrderQuery = z.input<typeof SubmitOrderQuery>;

export const MY_DEAL_PAGE_SIZE = 10;

/** GET /v1/api/forex/my_deal: one page (10, newest first) of the user's orders in one status. */
export const MyDealQuery = z.object({
  status: wholeNumber(OrderStatus),
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});
export type MyDealQuery = z.input<typeof MyDealQuery>;

/** GET /v1/api/forex/close and /v1/api/forex/cancel_trade. */
export const OrderIdQuery = z.object({ id: wholeNumber(z.number().int().positive()) });
export type OrderIdQuery = z.input<typeof OrderIdQuery>;

/** GET /v1/api/forex/set_stop_price: replaces both levels ("0" clears one). */
export const SetStopPriceQuery = z.object({
  id: wholeNumber(z.number().int().positive()),
  target_profit_price: NumberText.default('0'),
  stop_loss_price: NumberText.default('0'),
});
export type SetStopPriceQuery = z.input<typeof SetStopPriceQuery>;

// ---- responses --------------------------------------------------------------------------------

/**
 * The account's figures at current quotes. `balance` free, `lock_balance` frozen (the margin of
 * holding and pending orders), `margin` the margin of holding orders, `profit` their floating P&L,
 * `equity` = balance + lock_balance + profit, `risk_rate` = equity / margin × 100 as a percent
 * string with 2 decimals, or null without holding orders.
 */
export const AccountFigures = z.object({
  balance: Money,
  lock_balance: Money,
  margin: Money,
  profit: Money,
  equity: Money,
  risk_rate: z.string().nullable(),
});
export type AccountFigures = z.infer<typeof AccountFigures>;

/**
 * my_deal: `data` the page, `total` the count in this status, `all_fact_profits` the floating P&L of
 * all holding orders (status 1), the realised P&L of the whole history (status 3), or 0 (status 0);
 * plus the account figures for the summary card.
 */
export const MyDealResponse = AccountFigures.extend({
  data: z.array(Order),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  all_fact_profits: Money,
});
export type MyDealResponse = z.infer<typeof MyDealResponse>;

/** submit, close, cancel_trade and set_stop_price answer with the order as it now stands. */
export const OrderResponse = Order;
export type OrderResponse = Order;

/** GET /v1/api/main/account/forexDetail: available (free) and frozen balance, plus the figures. */
export const ForexDetail = AccountFigures;
export type ForexDetail = AccountFigures;

/**
 * GET /v1/api/main/accountLog/forexChange?page=N: the ledger (defined with the accounts in
 * money.ts: id, kind, number, lock_number, balance, lock_balance, memo, created_at; 20 a page).
 */
export const ForexChangeQuery = LedgerQuery;
export const ForexChangePage = LedgerPage;
export type ForexChangePage = LedgerPage;

/** GET /v1/api/main/user/resetForexDemoAccount (demo accounts only): the balances after it. */
export const ResetDemoResponse = z.object({ balance: Money, lock_balance: Money });
export type ResetDemoResponse = z.infer<typeof ResetDemoResponse>;

// ---- socket messages --------------------------------------------------------------------------

export const TradeOrderTick = z.object({
  Id: z.number().int().positive(),
  /** The current executable closing price. */
  Price: DecimalString,
  FactProfits: Money,
});
export type TradeOrderTick = z.infer<typeof TradeOrderTick>;

/**
 * Topic FOREX_TRADE (login required): the user's figures and each holding order's price and
 * floating P&L, conflated to a few a second; sent on subscribe and while the user holds orders
 * (and once more after the last one closes, so the totals settle).
 */
export const ForexTradeMessage = z.object({
  type: z.literal('FOREX_TRADE'),
  code: z.literal(1),
  data: AccountFigures.extend({ orders: z.array(TradeOrderTick) }),
});
export type ForexTradeMessage = z.infer<typeof ForexTradeMessage>;

/**
 * Topic FOREX_CLOSED (login required): the server took an order off the book (TP, SL, stop-out,
 * or a pending order cancelled because its fee could not be paid). `Price` is the close price,
 * `FactProfits` the realised P&L.
 */
export const ForexClosedMessage = z.object({
  type: z.literal('FOREX_CLOSED'),
  code: z.literal(1),
  data: z.object({
    Id: z.number().int().positive(),
    reason: CloseReason,
    FactProfits: Money,
    Price: DecimalString,
  }),
});
export type ForexClosedMessage = z.infer<typeof ForexClosedMessage>;
