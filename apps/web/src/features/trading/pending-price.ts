import { ORDER_STATUS_PENDING, type Order, type TradeInstrument } from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';

/**
 * The current price of an order as the screen shows it. A holding order's comes live with FOREX_TRADE;
 * that push carries holding orders only, so a pending order's `Price` would stay what my_deal said when
 * the list was read. For those it is read from the live quotes (DAY_MARKET, in the cached trade list):
 * the price the order would open at now, the ask for a buy and the bid for a sell, as the server says.
 */
export function currentPriceOf(order: Order, instruments: readonly TradeInstrument[] | undefined): string {
  if (order.Status !== ORDER_STATUS_PENDING || !instruments) return order.Price;
  const inst = instruments.find((i) => i.Id === order.ForexId);
  if (!inst) return order.Price;
  return sideFromOrderType(order.OrderType) === 'buy' ? inst.Ask : inst.Bid;
}
