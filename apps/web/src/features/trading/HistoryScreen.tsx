import type { LedgerItem } from '@meridian/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatBalance, formatFixed } from '../../lib/format';
import { formatDateTime, signed, tone } from './display';
import { PagedList, refreshAndClose } from './OrderList';
import { figuresQuery, flattenLedger, ledgerQuery, tradingKeys } from './queries';
import '../markets/markets.css';
import './trading.css';

/** /mine/history: available and frozen balance, and the paged ledger (amount, memo, time). */
export function HistoryScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const figures = useQuery(figuresQuery());
  const ledger = useInfiniteQuery(ledgerQuery());
  const rows = ledger.data ? flattenLedger(ledger.data.pages) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit (its key) reads the account again
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: tradingKeys.figures() });
  }, [location.key, queryClient]);

  return (
    <div className="ledger-page" data-testid="page-history">
      <section className="ledger-balances" data-testid="ledger-balances">
        <div>
          <span className="ledger-balances__label">{t('user.available_balance')}</span>
          <span className="ledger-balances__value num" data-testid="available-balance">
            {formatBalance(figures.data?.balance)}
          </span>
        </div>
        <div>
          <span className="ledger-balances__label">{t('user.frozen_balance')}</span>
          <span className="ledger-balances__value num" data-testid="frozen-balance">
            {formatBalance(figures.data?.lock_balance)}
          </span>
        </div>
      </section>
      <h2 className="ledger-page__title">{t('user.ledger')}</h2>
      {rows === null ? (
        ledger.isError ? (
          <ErrorBlock status="disconnected" title={t('common.no_data')} description="">
            <button type="button" className="plain-button" onClick={() => void ledger.refetch()}>
              {t('common.retry')}
            </button>
          </ErrorBlock>
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )
      ) : (
        <PagedList
          onRefresh={() => refreshAndClose(() => Promise.all([ledger.refetch(), figures.refetch()]))}
          hasMore={ledger.hasNextPage}
          loadMore={async () => {
            await ledger.fetchNextPage({ throwOnError: true });
          }}
          empty={rows.length === 0}
        >
          <ul className="ledger-list" data-testid="ledger-list">
            {rows.map((row) => (
              <LedgerRow key={row.id} row={row} />
            ))}
          </ul>
        </PagedList>
      )}
    </div>
  );
}

/** Amounts to the micro-unit: a ledger line is what the trader reconciles a fee or a P&L against. */
function LedgerRow({ row }: { row: LedgerItem }) {
  const { t } = useTranslation();
  const frozen = formatFixed(row.lock_number, 6);
  const movesFrozen = !/^-?0\.0+$/.test(frozen);
  return (
    <li className="ledger-row" data-testid={`ledger-row-${row.id}`}>
      <div className="ledger-row__main">
        <span className="ledger-row__memo" data-testid="ledger-memo">
          {row.memo}
        </span>
        <span className={`ledger-row__number num ${tone(row.number)}`} data-testid="ledger-number">
          {signed(row.number, 6)}
        </span>
      </div>
      <div className="ledger-row__sub">
        <time className="num" dateTime={new Date(row.created_at).toISOString()}>
          {formatDateTime(row.created_at)}
        </time>
        {movesFrozen && (
          <span data-testid="ledger-frozen">
            {t('trading.frozen_delta')} <span className="num">{signed(row.lock_number, 6)}</span>
          </span>
        )}
      </div>
    </li>
  );
}
