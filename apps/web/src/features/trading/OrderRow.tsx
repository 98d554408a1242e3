import { ORDER_STATUS_HISTORY, ORDER_STATUS_PENDING, type Order } from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatFixed } from '../../lib/format';
import { PATHS } from '../../lib/paths';
import { signed, tone } from './display';
import { reasonText } from './live';

/**
 * A position a copy account holds is run by the copy (it closes with the provider's position or when
 * the copy stops): its row opens the copy, never the sheet with Close and TP/SL.
 */
function RowFrame({
  order,
  onOpen,
  children,
}: {
  order: Order;
  onOpen(order: Order): void;
  children: ReactNode;
}) {
  if (order.CopyId !== undefined) {
    return (
      <Link
        to={`${PATHS.followCopy}?id=${order.CopyId}`}
        className="order-row order-row--copied"
        data-testid={`order-row-${order.Id}`}
      >
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="order-row"
      data-testid={`order-row-${order.Id}`}
      onClick={() => onOpen(order)}
    >
      {children}
    </button>
  );
}

/** One order in the list; tapping it opens the detail sheet (a copied one: its copy). `price` is its live current price. */
export function OrderRow({
  order,
  price,
  onOpen,
}: {
  order: Order;
  price: string;
  onOpen(order: Order): void;
}) {
  const { t } = useTranslation();
  const side = sideFromOrderType(order.OrderType);
  const precision = order.ForexTradeLists.PricePrecision;
  const pending = order.Status === ORDER_STATUS_PENDING;
  const history = order.Status === ORDER_STATUS_HISTORY;
  // A cancelled pending order never traded: it has a target price and a reason, not a P&L.
  const cancelled = history && order.CloseReason === 'cancelled';
  return (
    <RowFrame order={order} onOpen={onOpen}>
      <span className="order-row__head">
        <span className="order-row__code">{order.ForexTradeLists.ShowCode}</span>
        <span className={`order-row__side order-row__side--${side}`}>
          {side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </span>
        <span className="order-row__lev">{t('trading.leverage_value', { value: order.Multiple })}</span>
        {cancelled ? (
          <span className="order-row__note">{reasonText('cancelled')}</span>
        ) : (
          !pending && (
            <span className={`order-row__pnl num ${tone(order.FactProfits)}`} data-testid="row-pnl">
              {signed(order.FactProfits, 2)}
            </span>
          )
        )}
      </span>
      <span className="order-row__facts">
        <span>
          {t('orders.lots')} <b className="num">{order.Quantity}</b>
        </span>
        <span>
          {pending || cancelled ? t('orders.target_price') : t('orders.open_price')}{' '}
          <b className="num">{formatFixed(order.OriginPrice, precision)}</b>
        </span>
        {!cancelled && (
          <span>
            {history ? t('orders.close_price') : t('orders.current_price')}{' '}
            <b className="num" data-testid="row-price">
              {formatFixed(price, precision)}
            </b>
          </span>
        )}
      </span>
      {order.CopyId !== undefined && (
        <span className="order-row__copied" data-testid={`order-row-${order.Id}-copied`}>
          {order.CopyName ? t('follow.copied_badge', { name: order.CopyName }) : t('follow.copied')}
        </span>
      )}
    </RowFrame>
  );
}
