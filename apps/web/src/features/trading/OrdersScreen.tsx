import type { Order } from '@meridian/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/stores/session';
import { useDayMarketLive } from '../markets/live';
import { useTradeList } from '../markets/queries';
import { useTradingLive } from './live';
import { OrderList } from './OrderList';
import { OrderSheet } from './OrderSheet';
import { currentPriceOf } from './pending-price';
import { dealsQuery, figuresQuery, flattenDeals, type OrdersTab, TAB_STATUS, tradingKeys } from './queries';
import { MarginCallWarning, SummaryCard } from './SummaryCard';
import '../markets/markets.css';
import './trading.css';

const TABS: readonly { key: OrdersTab; label: 'orders.holding' | 'orders.pending' | 'orders.history' }[] = [
  { key: 'holding', label: 'orders.holding' },
  { key: 'pending', label: 'orders.pending' },
  { key: 'history', label: 'orders.history' },
];

function TabTitle({ tab, label }: { tab: OrdersTab; label: string }) {
  return <span data-testid={`orders-tab-${tab}`}>{label}</span>;
}

function isTab(key: string): key is OrdersTab {
  return key === 'holding' || key === 'pending' || key === 'history';
}

/** /order: the summary card, the Holding / Pending / History lists and the detail sheet. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const active = location.pathname === '/order';
  const isLogin = useSession((s) => s.isLogin);
  const [tab, setTab] = useState<OrdersTab>('holding');
  const [openId, setOpenId] = useState<number | null>(null);
  useTradingLive();
  // Pending orders are not in the FOREX_TRADE push: their current price comes from the live quotes.
  const tradeList = useTradeList();
  useDayMarketLive(active && tab === 'pending');

  const figures = useQuery({ ...figuresQuery(), enabled: isLogin });
  const list = useInfiniteQuery({ ...dealsQuery(TAB_STATUS[tab], queryClient), enabled: isLogin });
  // The sheet shows the cached order, so live prices reach it; when the order leaves the list
  // (closed by the server, or here) the sheet closes with it.
  const openOrder = openId === null ? null : (flattenDeals(list.data).find((o) => o.Id === openId) ?? null);
  useEffect(() => {
    if (openId !== null && openOrder === null) setOpenId(null);
  }, [openId, openOrder]);

  // Kept alive: each return to the page reads the lists and figures again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the page (its key) refreshes
  useEffect(() => {
    if (!active || !isLogin) return;
    void queryClient.invalidateQueries({ queryKey: tradingKeys.deals() });
    void queryClient.invalidateQueries({ queryKey: tradingKeys.figures() });
  }, [active, isLogin, location.key, queryClient]);

  const realised = tab === 'history' ? list.data?.pages[0]?.all_fact_profits : undefined;

  return (
    <div className="orders-page" data-testid="page-orders">
      <h1 className="visually-hidden">{t('nav.orders')}</h1>
      <SummaryCard tab={tab} figures={figures.data} realised={realised} />
      <MarginCallWarning figures={figures.data} />
      <Tabs
        className="orders-tabs"
        // antd-mobile places the active-tab line from the left unless told the page is right to left.
        direction={i18n.dir() === 'rtl' ? 'rtl' : 'ltr'}
        activeKey={tab}
        onChange={(key) => {
          if (isTab(key)) setTab(key);
        }}
      >
        {TABS.map((entry) => (
          <Tabs.Tab key={entry.key} title={<TabTitle tab={entry.key} label={t(entry.label)} />} />
        ))}
      </Tabs>
      <OrderList
        key={tab}
        status={TAB_STATUS[tab]}
        active={active}
        instruments={tradeList.data}
        onOpen={(order: Order) => setOpenId(order.Id)}
      />
      <OrderSheet
        order={openOrder}
        price={openOrder ? currentPriceOf(openOrder, tradeList.data) : undefined}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}
