import type { CopyDetail, CopySummary } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { CopyLedger, CopyOrders, SkippedTrades } from './CopyLists';
import { type FundsDirection, FundsSheet, StopSheet } from './CopySheets';
import { CopyStatus } from './copy-parts';
import { addMoney, formatDateTime, money, percent, signedMoney, toneOf } from './display';
import { idParam, strategyPath } from './links';
import { useCopyLive } from './live';
import {
  Avatar,
  LoadFailed,
  Loading,
  LoginRequired,
  Note,
  Stat,
  StatGrid,
  StrategyTags,
  useUserId,
} from './parts';
import { copyDetailQuery } from './queries';

type DetailTab = 'positions' | 'history' | 'skipped' | 'ledger';
const TABS: readonly DetailTab[] = ['positions', 'history', 'skipped', 'ledger'];
const isTab = (key: string): key is DetailTab => (TABS as readonly string[]).includes(key);

/** A tab label tests find in any language (antd-mobile's tabs take no data attributes), with its count. */
function TabTitle({ tab, label, count }: { tab: DetailTab; label: string; count: number }) {
  return (
    <span data-testid={`copy-tab-${tab}`}>
      {label} <span className="follow-tabs__count num">{count}</span>
    </span>
  );
}

/** Funds a stopped copy gave back: P&L is defined against them (returned − invested). */
const returnedOf = (c: Pick<CopySummary, 'invested' | 'pnl'>) => addMoney(c.invested, c.pnl);

function Summary({ copy: c }: { copy: CopyDetail }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const stopped = c.status === 'stopped';
  return (
    <section className="follow-hero" aria-labelledby="copy-name">
      <div className="follow-hero__head">
        <Avatar id={c.strategy_id} name={c.strategy_name} src={c.strategy_avatar} size="lg" />
        <div className="follow-hero__who">
          <h2 className="follow-hero__name" id="copy-name">
            <Link to={strategyPath(c.strategy_id)} data-testid="copy-strategy-link">
              <bdi>{c.strategy_name}</bdi>
            </Link>
          </h2>
          <span className="follow-hero__provider">{t('follow.by_provider', { name: c.provider })}</span>
          <span className="follow-tags">
            <StrategyTags isDemo={c.is_demo === 1} isSample={false} />
            <CopyStatus copy={c} testId="copy-status" />
          </span>
        </div>
      </div>
      <div className="follow-hero__main">
        <span className="follow-hero__label">{`${t('follow.equity')} (${t('common.usd')})`}</span>
        <bdi className="follow-hero__roi num" data-testid="copy-equity">
          {money(stopped ? returnedOf(c) : c.equity)}
        </bdi>
      </div>
      <StatGrid testId="copy-stats">
        <Stat
          label={`${t('follow.pnl')} (${t('common.usd')})`}
          value={signedMoney(c.pnl)}
          tone={toneOf(c.pnl)}
          testId="copy-pnl"
        />
        <Stat
          label={`${t('follow.invested')} (${t('common.usd')})`}
          value={money(c.invested)}
          testId="copy-invested"
        />
        {stopped ? (
          <Stat
            label={`${t('follow.returned')} (${t('common.usd')})`}
            value={money(returnedOf(c))}
            testId="copy-returned"
          />
        ) : (
          <Stat
            label={`${t('follow.free_balance')} (${t('common.usd')})`}
            value={money(c.balance)}
            testId="copy-free"
          />
        )}
        <Stat
          label={`${t('follow.fees_paid')} (${t('common.usd')})`}
          value={money(c.fees_paid)}
          testId="copy-fees"
        />
        <Stat
          label={`${t('follow.high_water_mark')} (${t('common.usd')})`}
          value={money(c.high_water_mark)}
        />
        <Stat
          label={t('follow.equity_stop')}
          value={c.equity_stop_loss === null ? t('follow.none') : money(c.equity_stop_loss)}
          text={c.equity_stop_loss === null}
          testId="copy-stop-loss"
        />
        <Stat
          label={t('follow.fee_rate')}
          value={c.is_demo === 1 ? t('follow.no_fee') : percent(c.fee_rate)}
          text={c.is_demo === 1}
        />
        <Stat label={t('follow.open_positions')} value={String(c.open_positions)} />
        <Stat label={t('follow.started')} value={formatDateTime(c.started_at, lang)} text />
        {c.stopped_at !== null && (
          <Stat label={t('follow.stopped_at')} value={formatDateTime(c.stopped_at, lang)} text />
        )}
      </StatGrid>
    </section>
  );
}

function Detail({ copyId }: { copyId: number }) {
  const { t, i18n } = useTranslation();
  const userId = useUserId();
  const query = useQuery(copyDetailQuery(userId, copyId));
  useCopyLive();
  const [tab, setTab] = useState<DetailTab>('positions');
  const [funds, setFunds] = useState<FundsDirection | null>(null);
  const [stopping, setStopping] = useState(false);
  const [returned, setReturned] = useState<string | null>(null);

  const copy = query.data;
  if (!copy) {
    if (query.isError) {
      const error = query.error;
      const title =
        error instanceof ApiError && error.kind === 'envelope' && error.message
          ? error.message
          : t('follow.copy_failed');
      return <LoadFailed title={title} onRetry={() => void query.refetch()} testId="copy-error" />;
    }
    return <Loading testId="copy-loading" />;
  }

  const counts: Record<DetailTab, number> = {
    positions: copy.positions.length,
    history: copy.history.length,
    skipped: copy.skipped_trades.length,
    ledger: copy.ledger.length,
  };

  return (
    <>
      <Summary copy={copy} />
      {/* Said where the trader is looking, and announced: what came back when the copy stopped. */}
      <div role="status" className="follow-status">
        {returned !== null && (
          <p className="follow-done" data-testid="copy-stopped-result">
            {t('follow.stop_done', { amount: money(returned) })}
          </p>
        )}
      </div>
      {copy.status === 'active' && (
        <div className="follow-buttons">
          <Button
            shape="rounded"
            color="primary"
            fill="outline"
            data-testid="copy-add"
            onClick={() => setFunds('add')}
          >
            {t('follow.add_funds')}
          </Button>
          <Button
            shape="rounded"
            color="primary"
            fill="outline"
            data-testid="copy-withdraw"
            onClick={() => setFunds('withdraw')}
          >
            {t('follow.withdraw_funds')}
          </Button>
          <Button
            shape="rounded"
            color="danger"
            fill="outline"
            data-testid="copy-stop"
            onClick={() => setStopping(true)}
          >
            {t('follow.stop_copying')}
          </Button>
        </div>
      )}
      <Tabs
        className="follow-tabs"
        direction={i18n.dir() === 'rtl' ? 'rtl' : 'ltr'}
        activeKey={tab}
        onChange={(key) => {
          if (isTab(key)) setTab(key);
        }}
      >
        {TABS.map((key) => (
          <Tabs.Tab
            key={key}
            title={<TabTitle tab={key} label={t(`follow.tab.${key}`)} count={counts[key]} />}
          />
        ))}
      </Tabs>
      <div className="follow-tab-panel">
        {tab === 'positions' && <CopyOrders orders={copy.positions} closed={false} testId="copy-positions" />}
        {tab === 'history' && <CopyOrders orders={copy.history} closed testId="copy-history" />}
        {tab === 'skipped' && <SkippedTrades trades={copy.skipped_trades} />}
        {tab === 'ledger' && <CopyLedger lines={copy.ledger} />}
      </div>
      <FundsSheet copy={copy} userId={userId} direction={funds} onClose={() => setFunds(null)} />
      <StopSheet
        copy={copy}
        userId={userId}
        visible={stopping}
        onClose={() => setStopping(false)}
        onStopped={(result) => {
          setStopping(false);
          const back = returnedOf(result);
          setReturned(back);
          showMessage('success', t('follow.stop_done', { amount: money(back) }));
        }}
      />
    </>
  );
}

/** /follow/copy?id=N: one copy account, its money moves, stop, and what it did and skipped. */
export function CopyDetailScreen() {
  const { t } = useTranslation();
  const copyId = idParam(useLocation().search, 'id');
  return (
    <div className="follow-page follow-page--sub" data-testid="page-copy">
      <LoginRequired>
        {copyId === null ? (
          <Note testId="copy-missing">{t('follow.copy_failed')}</Note>
        ) : (
          <Detail copyId={copyId} />
        )}
      </LoginRequired>
    </div>
  );
}
