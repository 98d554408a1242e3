import type { Order } from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';
import Button from 'antd-mobile/es/components/button';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useDialogFocus, useEscape } from '../../lib/sheet';
import { lotsText } from './lots-text';

/** After an order: what was placed, with the way to the orders page; Escape or Close dismisses it. */
export function OrderPlaced({
  order,
  onClose,
  onView,
}: {
  order: Order | null;
  onClose(): void;
  onView(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const side = order ? sideFromOrderType(order.OrderType) : 'buy';
  const ref = useDialogFocus(order !== null);
  useEscape(order !== null, onClose);
  return (
    <CenterPopup visible={order !== null} onMaskClick={onClose} destroyOnClose>
      {order && (
        <div
          ref={ref}
          className="order-success"
          data-testid="order-success"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <h2 className="order-success__title" id={titleId}>
            {order.Status === 0 ? t('trading.pending_placed') : t('trade.order_success')}
          </h2>
          <p className="order-success__body">
            {t('trading.success_summary', {
              side: side === 'buy' ? t('trade.buy') : t('trade.sell'),
              lots: lotsText(t, order.Quantity),
              code: order.ForexTradeLists.ShowCode,
            })}
          </p>
          <div className="order-success__actions">
            <Button block color="primary" data-testid="order-success-view" onClick={onView}>
              {t('trade.view_orders')}
            </Button>
            <Button block fill="none" data-testid="order-success-close" onClick={onClose}>
              {t('common.close')}
            </Button>
          </div>
        </div>
      )}
    </CenterPopup>
  );
}
