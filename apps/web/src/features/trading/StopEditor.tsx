import type { Order } from '@meridian/contract';
import { sideFromOrderType } from '@meridian/trading';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatFixed } from '../../lib/format';
import { showMessage } from '../../lib/toast';
import { LevelInput } from './LevelInput';
import { useSetStopPrice } from './mutations';
import { checkStops, type LevelField, levelFromOrder, problemText, toggleLevel } from './order-form';

/**
 * TP/SL of a holding order. A box ticked for the first time starts at the order's current price, as
 * on the order form; the levels are judged against that live price before they are sent.
 */
export function StopEditor({ order }: { order: Order }) {
  const { t } = useTranslation();
  const save = useSetStopPrice();
  const [takeProfit, setTakeProfit] = useState<LevelField>(() => levelFromOrder(order.TargetProfitPrice));
  const [stopLoss, setStopLoss] = useState<LevelField>(() => levelFromOrder(order.TargetLossPrice));
  const price = formatFixed(order.Price, order.ForexTradeLists.PricePrecision);

  const submit = () => {
    const check = checkStops(order.Id, sideFromOrderType(order.OrderType), order.Price, takeProfit, stopLoss);
    if (!check.ok) {
      showMessage('error', problemText(t, check.problem));
      return;
    }
    save.mutate(check.payload, {
      onSuccess: () => showMessage('success', t('orders.updated_ok')),
      onError: () => undefined,
    });
  };

  return (
    <section className="stop-editor" data-testid="stop-editor">
      <LevelInput
        kind="tp"
        label={t('orders.stop_profit')}
        field={takeProfit}
        onToggle={(on) => setTakeProfit((f) => toggleLevel(f, on, price))}
        onChange={(value) => setTakeProfit((f) => ({ ...f, value }))}
      />
      <LevelInput
        kind="sl"
        label={t('orders.stop_loss')}
        field={stopLoss}
        onToggle={(on) => setStopLoss((f) => toggleLevel(f, on, price))}
        onChange={(value) => setStopLoss((f) => ({ ...f, value }))}
      />
      <Button
        block
        color="primary"
        fill="outline"
        data-testid="order-set-stop"
        loading={save.isPending}
        onClick={submit}
      >
        {t('orders.set_tp_sl')}
      </Button>
    </section>
  );
}
