import {
  ORDER_STATUS_HISTORY,
  ORDER_STATUS_HOLDING,
  ORDER_STATUS_PENDING,
  type Order,
} from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/toast';
import { formatFee, formatFixed } from '../../lib/format';
import { confirmDialog } from '../user/confirm';
import { formatDateTime, levelText, signed, tone } from './display';
import { reasonText } from './live';
import { useCancelOrder, useCloseOrder } from './mutations';
import { StopEditor } from './StopEditor';

interface OrderSheetProps {
  /** The order as the cached list has it now (live price and P&L); null closes the sheet. */
  order: Order | null;
  onClose(): void;
}

/** The detail bottom sheet: every figure of one order, and what can be done with it in its status. */
export function OrderSheet({ order, onClose }: OrderSheetProps) {
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyClassName="order-sheet__body"
    >
      {order && <SheetContent order={order} onClose={onClose} />}
    </Popup>
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

function SheetContent({ order, onClose }: { order: Order; onClose(): void }) {
  const { t } = useTranslation();
  const closeOrder = useCloseOrder();
  const cancelOrder = useCancelOrder();
  const side = sideFromOrderType(order.OrderType);
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
    <div className="order-sheet" data-testid="order-sheet">
      <header className="order-sheet__head">
        <span className="order-sheet__code">{order.ForexTradeLists.ShowCode}</span>
        <span className={`order-row__side order-row__side--${side}`}>
          {side === 'buy' ? t('trade.buy') : t('trade.sell')}
        </span>
        <span className="order-row__lev">{t('trading.leverage_value', { value: order.Multiple })}</span>
        {!pending && !cancelled && (
          <span className={`order-sheet__pnl num ${tone(order.FactProfits)}`} data-testid="sheet-pnl">
            {signed(order.FactProfits, 2)}
          </span>
        )}
      </header>
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
            {formatFixed(order.Price, precision)}
          </Fact>
        )}
        <Fact label={t('orders.margin')} testId="sheet-margin">
          {formatFee(order.CautionMoney)}
        </Fact>
        {!cancelled && (
          <Fact label={t('orders.handling_fee')} testId="sheet-fee">
            {formatFee(order.TradeFee)}
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
      </dl>

      {holding && <StopEditor key={order.Id} order={order} />}

      <div className="order-sheet__actions">
        {holding && (
          <Button
            block
            color="danger"
            data-testid="order-close"
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
        <Button block fill="none" data-testid="order-sheet-dismiss" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </div>
  );
}
