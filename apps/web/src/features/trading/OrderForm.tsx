import { MARKET_OPEN, type Order, type TradeInstrument } from '@meridian/contract';
import type { Side } from '@meridian/trading';
import { useQuery } from '@tanstack/react-query';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError, newIdempotencyKey } from '../../lib/api';
import { formatBalance } from '../../lib/format';
import { loginRedirect } from '../../lib/guards';
import { useMountedOnceNeeded } from '../../lib/once-needed';
import { usePricesLive } from '../../lib/stores/connection';
import { useSession } from '../../lib/stores/session';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { Toggle } from '../../lib/toggle';
import type { SubmitPayload } from './api';
import { freeMargin } from './display';
import { LevelInput } from './LevelInput';
import { useTradingLive } from './live';
import { useSubmitOrder } from './mutations';
import type { OrderRequest } from './OrderConfirmSheet';
import {
  adaptToInstrument,
  canStepDown,
  canStepUp,
  checkSubmit,
  currentPrice,
  estimate,
  estimateTexts,
  initialFormState,
  type OrderFormState,
  type OrderMode,
  problemText,
  stepDown,
  stepUp,
  toggleLevel,
} from './order-form';
import { figuresQuery } from './queries';
import { TradeActionBar } from './TradeActionBar';
import { useTradePrefs } from './trade-prefs';
import '../markets/markets.css';
import './trading.css';

// The confirmation sheet and the "order placed" dialog bring antd-mobile's popups (react-spring and
// the gesture library): they load and mount when first needed, not with the screen.
const OrderConfirmSheet = lazy(async () => ({
  default: (await import('./OrderConfirmSheet')).OrderConfirmSheet,
}));
const OrderPlaced = lazy(async () => ({ default: (await import('./OrderPlaced')).OrderPlaced }));

interface OrderFormProps {
  instrument: TradeInstrument | null;
  /** The whole trade list: a non-USD instrument's margin converts through another pair's price. */
  instruments: readonly TradeInstrument[];
}

/**
 * The order form under the chart on /trade (spec sections 2 and 5). Memo: the trade screen's urgent
 * re-render on a quote tick passes the same instrument, and only its deferred one the new prices.
 */
export const OrderForm = memo(function OrderForm({ instrument, instruments }: OrderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isLogin = useSession((s) => s.isLogin);
  const balance = useSession((s) => s.balance);
  // The account's figures (kept current by the FOREX_TRADE pushes): the free margin shown below.
  const figures = useQuery({ ...figuresQuery(), enabled: isLogin }).data;
  const tradeFeeType = Number(useSettings((s) => s.trade_fee_type));
  const [state, setState] = useState<OrderFormState>(() => initialFormState(instrument));
  const [formFor, setFormFor] = useState<number | null>(instrument?.Id ?? null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [confirming, setConfirming] = useState<OrderRequest | null>(null);
  const oneTap = useTradePrefs((s) => s.oneTap);
  const setOneTap = useTradePrefs((s) => s.setOneTap);
  const submit = useSubmitOrder();
  useTradingLive();
  const pricesLive = usePricesLive().live;
  const sheetsMounted = useMountedOnceNeeded(confirming !== null || placed !== null);

  // Switching instruments resets what no longer fits (lots grid, leverage options, levels).
  if (instrument && instrument.Id !== formFor) {
    setFormFor(instrument.Id);
    setState((s) => adaptToInstrument(s, instrument));
  }

  const cost = useMemo(
    () => (instrument ? estimate(state, instrument, instruments, tradeFeeType) : null),
    [state, instrument, instruments, tradeFeeType],
  );

  // Until the list arrives the bar is there already, disabled, so nothing moves when prices land.
  if (!instrument) {
    return (
      <div className="order-form order-form--empty" data-testid="order-form">
        <TradeActionBar instrument={null} disabled onPlace={() => undefined} />
      </div>
    );
  }

  const open = instrument.MarketStatus === MARKET_OPEN;
  // Buy and Sell are disabled while the market is closed, an order is on its way, or the prices on
  // screen are not live (offline, reconnecting, feed behind: the connection banner says which).
  const blocked = !open || submit.isPending || !pricesLive;
  const options = instrument.HasForexMultiple.map((m) => m.Value);
  const texts = estimateTexts(cost);
  const update = (patch: Partial<OrderFormState>) => setState((s) => ({ ...s, ...patch }));
  const price = currentPrice(instrument);

  const place = (side: Side) => {
    if (!isLogin) {
      void navigate(loginRedirect('/trade', ''));
      return;
    }
    const check = checkSubmit(side, state, instrument);
    if (!check.ok) {
      if (check.problem) showMessage('error', problemText(t, check.problem));
      return;
    }
    if (oneTap) send(check.payload);
    else
      setConfirming({
        side,
        payload: check.payload,
        margin: texts.margin,
        fee: texts.fee,
        key: newIdempotencyKey(),
      });
  };

  const send = (payload: SubmitPayload, key?: string) => {
    submit.mutate(
      { payload, ...(key ? { key } : {}) },
      {
        onSuccess: (order) => {
          setConfirming(null);
          setPlaced(order);
        },
        // The API client has shown why. A refusal (the server answered): back to the form, where the
        // order can be changed, with the message in view. No answer (offline, timed out): the sheet
        // stays, and confirming again sends the same key, so an order that did arrive is placed once.
        onError: (error) => {
          if (error instanceof ApiError && error.kind === 'envelope') setConfirming(null);
        },
      },
    );
  };

  const modeButton = (mode: OrderMode, label: string) => (
    <button
      type="button"
      className={`order-form__mode ${state.mode === mode ? 'order-form__mode--active' : ''}`}
      data-testid={`order-type-${mode}`}
      aria-pressed={state.mode === mode}
      onClick={() => update({ mode })}
    >
      {label}
    </button>
  );

  return (
    <section className="order-form" data-testid="order-form" aria-label={t('nav.trade')}>
      <div className="order-form__modes">
        {modeButton('market', t('trade.market_order'))}
        {modeButton('pending', t('trade.limit_order'))}
      </div>

      {state.mode === 'pending' && (
        <label className="order-form__row">
          <span className="order-form__label">{t('trade.pending_price')}</span>
          <input
            className="trading-input num"
            name="target_price"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            data-testid="order-price"
            placeholder={price}
            value={state.price}
            onChange={(e) => update({ price: e.target.value })}
          />
        </label>
      )}

      <div className="order-form__row">
        <span className="order-form__label">{t('trade.leverage')}</span>
        {options.length === 0 ? (
          <span className="order-form__note" data-testid="no-multiple">
            {t('messages.no_multiple')}
          </span>
        ) : (
          <div className="order-form__chips">
            {options.map((value) => (
              <button
                key={value}
                type="button"
                className={`lev-chip ${state.leverage === value ? 'lev-chip--active' : ''}`}
                data-testid={`leverage-${value}`}
                aria-pressed={state.leverage === value}
                onClick={() => update({ leverage: value })}
              >
                {t('trading.leverage_value', { value })}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="order-form__row">
        <span className="order-form__label">{t('trade.lot_size')}</span>
        <div className="lots-stepper">
          <button
            type="button"
            className="lots-stepper__button"
            data-testid="lots-minus"
            aria-label={t('trading.lots_down')}
            disabled={!canStepDown(state.lots, instrument)}
            onClick={() => update({ lots: stepDown(state.lots, instrument) })}
          >
            <MinusOutline />
          </button>
          <input
            className="trading-input lots-stepper__input num"
            name="cont"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            data-testid="lots-input"
            aria-label={t('trade.lot_size')}
            value={state.lots}
            onChange={(e) => update({ lots: e.target.value })}
          />
          <button
            type="button"
            className="lots-stepper__button"
            data-testid="lots-plus"
            aria-label={t('trading.lots_up')}
            disabled={!canStepUp(state.lots, instrument)}
            onClick={() => update({ lots: stepUp(state.lots, instrument) })}
          >
            <AddOutline />
          </button>
        </div>
      </div>

      <LevelInput
        kind="tp"
        label={t('orders.stop_profit')}
        field={state.takeProfit}
        onToggle={(on) => setState((s) => ({ ...s, takeProfit: toggleLevel(s.takeProfit, on, price) }))}
        onChange={(value) => setState((s) => ({ ...s, takeProfit: { ...s.takeProfit, value } }))}
      />
      <LevelInput
        kind="sl"
        label={t('orders.stop_loss')}
        field={state.stopLoss}
        onToggle={(on) => setState((s) => ({ ...s, stopLoss: toggleLevel(s.stopLoss, on, price) }))}
        onChange={(value) => setState((s) => ({ ...s, stopLoss: { ...s.stopLoss, value } }))}
      />

      <dl className="order-form__estimates">
        <div>
          <dt>{t('orders.estimated_margin')}</dt>
          <dd className="num" data-testid="est-margin">
            {texts.margin}
          </dd>
        </div>
        <div>
          <dt>{t('orders.estimated_fee')}</dt>
          <dd className="num" data-testid="est-fee">
            {texts.fee}
          </dd>
        </div>
        {isLogin && (
          <div>
            {/* What an order may take: the free balance less the open loss (the server's rule). */}
            <dt>{t('trading.free_margin')}</dt>
            <dd className="num" data-testid="form-available">
              {figures ? freeMargin(figures) : formatBalance(balance)}
            </dd>
          </div>
        )}
      </dl>

      {!open && (
        <p className="order-form__note order-form__closed" data-testid="order-form-closed">
          {t('trade.closed_market')}
        </p>
      )}

      <Toggle
        label={t('trading.one_tap')}
        description={t('trading.one_tap_desc')}
        checked={oneTap}
        onChange={setOneTap}
        testId="one-tap"
      />

      <TradeActionBar instrument={instrument} disabled={blocked} onPlace={place} />

      {sheetsMounted && (
        <Suspense fallback={null}>
          <OrderConfirmSheet
            request={confirming}
            instrument={instrument}
            busy={submit.isPending}
            onConfirm={(request) => send(request.payload, request.key)}
            onClose={() => setConfirming(null)}
          />
          <OrderPlaced
            order={placed}
            onClose={() => setPlaced(null)}
            onView={() => {
              setPlaced(null);
              void navigate('/order');
            }}
          />
        </Suspense>
      )}
    </section>
  );
});
