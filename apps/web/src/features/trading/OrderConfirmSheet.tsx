import type { TradeInstrument } from '@meridian/contract';
import type { Side } from '@meridian/trading';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from '../../i18n/use-translation';
import { Sheet } from '../../lib/sheet';
import type { SubmitPayload } from './api';
import { levelText } from './display';
import { lotsText } from './lots-text';
import { quoteTexts } from './TradeActionBar';

/** An order the form has checked, waiting for the trader's confirmation. */
export interface OrderRequest {
  side: Side;
  payload: SubmitPayload;
  /** Estimated margin and fee as the form shows them. */
  margin: string;
  fee: string;
  /** This order's idempotency key: confirming it again after no answer came places it once. */
  key: string;
}

interface OrderConfirmSheetProps {
  request: OrderRequest | null;
  instrument: TradeInstrument | null;
  busy: boolean;
  onConfirm(request: OrderRequest): void;
  onClose(): void;
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="order-confirm__fact">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The confirm step before an order is placed (unless the trader turned on one-tap trading): what will
 * be bought or sold, at which live price or target, with which levels, and what it commits.
 */
export function OrderConfirmSheet({ request, instrument, busy, onConfirm, onClose }: OrderConfirmSheetProps) {
  const { t } = useTranslation();
  const open = request !== null && instrument !== null;
  const side = request?.side ?? 'buy';
  const sideText = side === 'buy' ? t('trade.buy_long') : t('trade.sell_short');
  const { bid, ask } = quoteTexts(instrument);
  const precision = instrument?.PricePrecision ?? 0;
  const pending = Number(request?.payload.status) === 0;
  const none = t('orders.none');
  return (
    <Sheet
      visible={open}
      onClose={onClose}
      title={t('trading.confirm_title')}
      closeLabel={t('trading.confirm_dismiss')}
      testId="order-confirm"
    >
      {request && instrument && (
        <div className="order-confirm">
          <p className="order-confirm__summary">
            <span className={`order-row__side order-row__side--${side}`}>{sideText}</span>{' '}
            <span data-testid="confirm-summary">
              {lotsText(t, String(request.payload.cont))} · {instrument.ShowCode}
            </span>
          </p>
          <dl className="order-confirm__facts">
            <Fact
              label={pending ? t('orders.target_price') : t('trade.market_price')}
              value={pending ? String(request.payload.target_price) : side === 'buy' ? ask : bid}
              testId="confirm-price"
            />
            <Fact
              label={t('trade.leverage')}
              value={t('trading.leverage_value', { value: request.payload.multiple })}
            />
            <Fact
              label={t('orders.stop_profit')}
              value={levelText(String(request.payload.target_profit_price), precision) ?? none}
            />
            <Fact
              label={t('orders.stop_loss')}
              value={levelText(String(request.payload.stop_loss_price), precision) ?? none}
            />
            <Fact label={t('orders.estimated_margin')} value={request.margin} testId="confirm-margin" />
            <Fact label={t('orders.estimated_fee')} value={request.fee} testId="confirm-fee" />
          </dl>
          {!pending && <p className="order-confirm__note">{t('trading.confirm_market_note')}</p>}
          <div className="order-confirm__actions">
            <Button
              block
              className={`order-confirm__go order-confirm__go--${side}`}
              data-testid="order-confirm-place"
              loading={busy}
              onClick={() => onConfirm(request)}
            >
              {t('trading.confirm_place', { side: sideText })}
            </Button>
          </div>
        </div>
      )}
    </Sheet>
  );
}
