import type { AccountFigures, Order } from '@meridian/contract';
import { formatMicros, riskRatePct } from '@meridian/trading';
import type { Instrument } from '../markets/index.js';
import { type OrderRecord, STATUS_HISTORY, STATUS_HOLDING } from './model.js';
import { closingPriceOf, openingPriceOf, type Pricing } from './pricing.js';

export const money = (micros: number): string => formatMicros(micros, 6);

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** "YYYY-MM-DD HH:mm:ss" in UTC: the same text on every server whatever its time zone. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** The wire shape of an order, valued at the current quote when it is still on the book. */
export function presentOrder(order: OrderRecord, inst: Instrument, pricing: Pricing): Order {
  let price: string;
  let profit: number;
  let updated: number | undefined;
  if (order.status === STATUS_HISTORY) {
    price = order.closePrice ?? order.targetPrice ?? order.openPrice ?? '0';
    profit = order.pnlMicros;
    updated = order.closedAt ?? undefined;
  } else {
    const quote = pricing.quote(inst);
    updated = quote.time;
    if (order.status === STATUS_HOLDING) {
      price = closingPriceOf(order.side, quote);
      profit = pricing.floating(order, inst, quote);
    } else {
      price = openingPriceOf(order.side, quote);
      profit = 0;
    }
  }
  return {
    Id: order.id,
    ForexId: inst.id,
    ForexTradeLists: { ShowCode: inst.showCode, Code: inst.code, PricePrecision: inst.pricePrecision },
    OrderType: order.side === 'buy' ? 1 : 2,
    Status: order.status,
    Quantity: order.lots,
    OriginPrice: order.openPrice ?? order.targetPrice ?? '0',
    Price: price,
    ...(updated !== undefined ? { UpdatePrice: updated } : {}),
    FactProfits: money(profit),
    CautionMoney: money(order.marginMicros),
    TradeFee: money(order.feeMicros),
    TargetLossPrice: order.sl ?? '0',
    TargetProfitPrice: order.tp ?? '0',
    Multiple: order.leverage,
    CloseReason: order.status === STATUS_HISTORY ? order.closeReason : null,
    Protection: money(order.protectionMicros),
    CreateTimeHandler: formatTime(order.createdAt),
    CreateTime: order.createdAt,
    FillTime: order.filledAt,
    CloseTime: order.closedAt,
  };
}

export interface FiguresInput {
  freeMicros: number;
  frozenMicros: number;
  /** Margin of the holding orders. */
  marginMicros: number;
  /** Floating P&L of the holding orders. */
  profitMicros: number;
  /**
   * Frozen for withdrawals not yet paid or returned: on its way out, it backs no position, so the
   * equity and the risk rate leave it out, as the stop-out does (0 when absent).
   */
  leavingMicros?: number;
}

export function presentFigures(f: FiguresInput): AccountFigures {
  const equity = f.freeMicros + f.frozenMicros - (f.leavingMicros ?? 0) + f.profitMicros;
  const rate = riskRatePct({ equityMicros: equity, usedMarginMicros: f.marginMicros });
  return {
    balance: money(f.freeMicros),
    lock_balance: money(f.frozenMicros),
    margin: money(f.marginMicros),
    profit: money(f.profitMicros),
    equity: money(equity),
    risk_rate: rate === null ? null : rate.toFixed(2),
  };
}
