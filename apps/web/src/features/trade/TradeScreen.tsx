import type { Period, TradeInstrument } from '@meridian/contract';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useDayMarketLive, useRouteActive } from '../markets/live';
import { useTradeList } from '../markets/queries';
import { type SelectedInstrument, useSelectedInstrument } from '../markets/selected-instrument';
import { OrderForm } from '../trading/OrderForm';
import { PeriodBar } from './PeriodBar';
import { TradeHeader } from './TradeHeader';
import '../markets/markets.css';
import './trade.css';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { useMountedOnceNeeded } from '../../lib/once-needed';
import { Spinner } from '../../lib/spinner';

// The chart library is the heaviest thing on this screen: it is requested once the rest of the screen
// (quote, form, Sell and Buy) has painted, into a frame of the chart's own fixed size (no shift).
// Memoised: a tick re-renders the screen, and the chart (which reads its candles' query) has nothing
// to redo for it; its own query's changes reach it directly.
const KlineChart = lazy(async () => ({ default: memo((await import('./KlineChart')).KlineChart) }));
// The instrument drawer is an antd-mobile popup (react-spring, the gesture library): it loads after
// the first paint too, mounted closed, so it opens at once when tapped.
const InstrumentDrawer = lazy(async () => ({
  default: (await import('./InstrumentDrawer')).InstrumentDrawer,
}));

/** /trade: instrument, live quote, period, chart and the order form. */
export function TradeScreen() {
  const active = useRouteActive('/trade');
  const tradeList = useTradeList();
  const selected = useSelectedInstrument((s) => s.selected);
  const period = useSelectedInstrument((s) => s.period);
  const select = useSelectedInstrument((s) => s.select);
  const setPeriod = useSelectedInstrument((s) => s.setPeriod);
  useDayMarketLive(active);
  return (
    <TradeView
      liveList={tradeList.data}
      listFailed={tradeList.isError}
      refetchList={tradeList.refetch}
      selected={selected}
      period={period}
      select={select}
      setPeriod={setPeriod}
      active={active}
    />
  );
}

interface TradeViewProps {
  liveList: readonly TradeInstrument[] | undefined;
  listFailed: boolean;
  refetchList(): unknown;
  selected: SelectedInstrument | null;
  period: Period;
  select(instrument: SelectedInstrument): void;
  setPeriod(period: Period): void;
  active: boolean;
}

/**
 * The screen below its stores. Quotes move four times a second: the screen's re-render for each
 * runs deferred, in slices React can interrupt (as on the home list), instead of a synchronous
 * render of the quote, the form and its margin estimate inside the task that received the tick.
 * The deferral lives here, below the screen's queries and stores, so the deferred render starts
 * here and does not read them: a render in slices that read a store which changed before it
 * finished (the next tick) is thrown away by React and done again in one blocking piece.
 */
const TradeView = memo(function TradeView({
  liveList,
  listFailed,
  refetchList,
  selected,
  period,
  select,
  setPeriod,
  active,
}: TradeViewProps) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const chartTime = useAfterFirstPaint();
  const drawerMounted = useMountedOnceNeeded(drawerOpen);
  const list = useDeferredValue(liveList);
  // A remembered instrument that is no longer listed falls back to the first one.
  const instrument = list?.find((i) => i.Id === selected?.id) ?? list?.[0] ?? null;

  const openSelector = useCallback(() => setDrawerOpen(true), []);
  const choose = useCallback(
    (inst: TradeInstrument) => {
      select({ id: inst.Id, code: inst.Code });
      setDrawerOpen(false);
    },
    [select],
  );

  return (
    <div className="trade" data-testid="page-trade">
      {/* The tab pages have no top bar: the page's heading is for assistive technology. */}
      <h1 className="visually-hidden">{t('nav.trade')}</h1>
      <TradeHeader
        instrument={instrument}
        fallbackCode={selected?.code ?? null}
        onOpenSelector={openSelector}
      />
      <PeriodBar value={period} onChange={setPeriod} />
      <div className="kline-chart" data-testid="kline-chart">
        {instrument && chartTime ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <KlineChart
              forexId={instrument.Id}
              code={instrument.Code}
              precision={instrument.PricePrecision}
              period={period}
              active={active}
            />
          </Suspense>
        ) : listFailed ? (
          <div className="kline-chart__overlay">
            <p>{t('markets.load_failed')}</p>
            <button type="button" className="plain-button" onClick={() => void refetchList()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <ChartPlaceholder />
        )}
      </div>
      <p className="trade__time-zone">{t('markets.london_time')}</p>
      <div className="order-form-slot" data-testid="order-form-slot">
        <OrderForm instrument={instrument} instruments={list ?? []} />
      </div>
      {drawerMounted && (
        <Suspense fallback={null}>
          <InstrumentDrawer
            visible={drawerOpen}
            instruments={list ?? []}
            selectedId={instrument?.Id ?? null}
            onSelect={choose}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
});

function ChartPlaceholder() {
  return (
    <div className="kline-chart__overlay">
      <Spinner />
    </div>
  );
}
