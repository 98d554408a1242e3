import {
  ORDER_STATUS_HISTORY,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  type Order,
} from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatBalance, formatFixed } from '../../lib/format';
import { Sheet } from '../../lib/sheet';
import { usePricesLive } from '../../lib/stores/connection';
import { showMessage } from '../../lib/toast';
import { confirmDialog } from '../user/confirm';
import { formatDateTime, levelText, signed, tone } from './display';
import { reasonText } from './live';
import { useCancelOrder, useCloseOrder } from './mutations';
import { StopEditor } from './StopEditor';

interface OrderSheetProps {
  /** The order as the cached list has it now (live price and P&L); null closes the sheet. */
  order: Order | null;
  /** The live current price, when the list knows a fresher one than the order (pending orders). */
  price?: string;
  onClose(): void;
}

/**
 * The detail bottom sheet: every figure of one order, and what can be done with it in its status.
 * Dismissing is the named close icon in the header, well apart from "Close position" at the bottom.
 */
export function OrderSheet({ order, price, onClose }: OrderSheetProps) {
  const { t } = useTranslation();
  const side = order ? sideFromOrderType(order.OrderType) : 'buy';
  const showPnl =
    order !== null && order.Status !== ORDER_STATUS_PENDING && order.CloseReason !== 'cancelled';
  return (
    <Sheet
      visible={order !== null}
      onClose={onClose}
      title={order?.ForexTradeLists.ShowCode ?? ''}
      closeLabel={t('orders.dismiss_details')}
      headerExtra={
        order && (
          <>
            <span className={`order-row__side order-row__side--${side}`}>
              {side === 'buy' ? t('trade.buy') : t('trade.sell')}
            </span>
            <span className="order-row__lev">{t('trading.leverage_value', { value: order.Multiple })}</span>
            {showPnl && (
              <span className={`order-sheet__pnl num ${tone(order.FactProfits)}`} data-testid="sheet-pnl">
                {signed(order.FactProfits, 2)}
              </span>
            )}
          </>
        )
      }
      testId="order-sheet"
    >
      {order && <SheetContent order={order} price={price ?? order.Price} onClose={onClose} />}
    </Sheet>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="order-sheet__fact">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A negative-balance-protection credit worth showing (absent or zero means none). */
function hasProtection(amount: string | undefined): boolean {
  return amount !== undefined && !/^-?0(\.0+)?$/.test(amount);
}

function SheetContent({ order, price, onClose }: { order: Order; price: string; onClose(): void }) {
  const { t } = useTranslation();
  const closeOrder = useCloseOrder();
  const cancelOrder = useCancelOrder();
  // Closing is at the market price: not while prices are not live (cancelling a pending order is fine).
  const pricesLive = usePricesLive().live;
  const precision = order.ForexTradeLists.PricePrecision;
  const holding = order.Status === ORDER_STATUS_HOLDING;
  const pending = order.Status === ORDER_STATUS_PENDING;
  const history = order.Status === ORDER_STATUS_HISTORY;
  const cancelled = history && order.CloseReason === 'cancelled';
  const none = t('orders.none');

  const close = () => {
    confirmDialog(t('orders.confirm_close'))
      .then(async (ok) => {
        if (!ok) return;
        await closeOrder.mutateAsync(order.Id);
        showMessage('success', t('orders.closed_ok'));
        onClose();
      })
      // The API client has shown the server's answer.
      .catch(() => undefined);
  };

  const cancel = () => {
    confirmDialog(t('orders.confirm_cancel'))
      .then(async (ok) => {
        if (!ok) return;
        await cancelOrder.mutateAsync(order.Id);
        showMessage('success', t('orders.cancelled_ok'));
        onClose();
      })
      .catch(() => undefined);
  };

  return (
    <div className="order-sheet">
      <dl className="order-sheet__facts">
        <Fact label={t('orders.order_id')} testId="sheet-id">
          {order.Id}
        </Fact>
        <Fact label={t('orders.lots')} testId="sheet-lots">
          {order.Quantity}
        </Fact>
        <Fact
          label={pending || cancelled ? t('orders.target_price') : t('orders.open_price')}
          testId="sheet-open-price"
        >
          {formatFixed(order.OriginPrice, precision)}
        </Fact>
        {!cancelled && (
          <Fact label={history ? t('orders.close_price') : t('orders.current_price')} testId="sheet-price">
            {formatFixed(price, precision)}
          </Fact>
        )}
        <Fact label={t('orders.margin')} testId="sheet-margin">
          {formatBalance(order.CautionMoney)}
        </Fact>
        {!cancelled && (
          <Fact label={t('orders.handling_fee')} testId="sheet-fee">
            {formatBalance(order.TradeFee)}
          </Fact>
        )}
        <Fact label={t('orders.stop_profit')} testId="sheet-tp">
          {levelText(order.TargetProfitPrice, precision) ?? none}
        </Fact>
        <Fact label={t('orders.stop_loss')} testId="sheet-sl">
          {levelText(order.TargetLossPrice, precision) ?? none}
        </Fact>
        <Fact label={t('orders.open_time')}>{formatDateTime(order.FillTime ?? order.CreateTime)}</Fact>
        {history && order.CloseTime !== null && (
          <Fact label={t('trading.close_time')}>{formatDateTime(order.CloseTime)}</Fact>
        )}
        {history && order.CloseReason && (
          <Fact label={t('trading.close_reason')} testId="sheet-reason">
            {reasonText(order.CloseReason)}
          </Fact>
        )}
        {history && hasProtection(order.Protection) && (
          // Beside the loss: what the house covered so the balance did not go below zero.
          <Fact label={t('orders.protection_credit')} testId="sheet-protection">
            {signed(order.Protection ?? '0', 2)}
          </Fact>
        )}
      </dl>

      {holding && <StopEditor key={order.Id} order={order} />}

      <div className="order-sheet__actions">
        {holding && (
          <Button
            block
            color="danger"
            data-testid="order-close"
            disabled={!pricesLive}
            loading={closeOrder.isPending}
            onClick={close}
          >
            {t('orders.close_position')}
          </Button>
        )}
        {pending && (
          <Button
            block
            color="danger"
            data-testid="order-cancel"
            loading={cancelOrder.isPending}
            onClick={cancel}
          >
            {t('orders.cancel_order')}
          </Button>
        )}
      </div>
    </div>
  );
}
