import type { Order, OrderStatus, TradeInstrument } from '@meridian/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { OrderRow } from './OrderRow';
import { currentPriceOf } from './pending-price';
import { dealsQuery, flattenDeals } from './queries';

/** Spec section 9: the pull-to-refresh indicator closes after 500 ms, whatever the network does. */
export const REFRESH_CLOSE_MS = 500;

/** Starts the refetch and lets the indicator close on time; the list updates when the data lands. */
export function refreshAndClose(refetch: () => Promise<unknown>): Promise<void> {
  refetch().catch(() => undefined);
  return new Promise((resolve) => setTimeout(resolve, REFRESH_CLOSE_MS));
}

/** Pull-to-refresh and infinite scrolling with the app's texts; shared by the orders and the ledger. */
export function PagedList({
  onRefresh,
  hasMore,
  loadMore,
  empty,
  children,
}: {
  onRefresh(): Promise<void>;
  hasMore: boolean;
  loadMore(): Promise<void>;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={onRefresh}
      pullingText={t('common.pull_to_refresh')}
      canReleaseText={t('common.release_to_refresh')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.refreshed')}
    >
      {empty ? <ErrorBlock status="empty" title={t('common.no_data')} description="" /> : children}
      <InfiniteScroll hasMore={hasMore} loadMore={loadMore}>
        {(more, failed, retry) =>
          failed ? (
            <button type="button" className="paged-list__more" onClick={retry}>
              {t('common.retry')}
            </button>
          ) : (
            <span className="paged-list__more">
              {more ? t('common.loading') : empty ? null : t('common.no_more')}
            </span>
          )
        }
      </InfiniteScroll>
    </PullToRefresh>
  );
}

interface OrderListProps {
  status: OrderStatus;
  /** Kept-alive and hidden, the list must not page on its own: a hidden sentinel looks visible. */
  active: boolean;
  /** The live quotes: pending orders show their current price from them. */
  instruments: readonly TradeInstrument[] | undefined;
  onOpen(order: Order): void;
}

export function OrderList({ status, active, instruments, onOpen }: OrderListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(dealsQuery(status, queryClient));
  const orders = flattenDeals(query.data);

  if (!query.data) {
    if (query.isError) {
      return (
        <ErrorBlock status="disconnected" title={t('common.no_data')} description="">
          <button type="button" className="plain-button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </ErrorBlock>
      );
    }
    return (
      <div className="order-list__loading" data-testid="orders-loading">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }

  return (
    <PagedList
      onRefresh={() => refreshAndClose(query.refetch)}
      hasMore={active && query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage({ throwOnError: true });
      }}
      empty={orders.length === 0}
    >
      <ul className="order-list" data-testid={`order-list-${status}`}>
        {orders.map((order) => (
          <li key={order.Id}>
            <OrderRow order={order} price={currentPriceOf(order, instruments)} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </PagedList>
  );
}
