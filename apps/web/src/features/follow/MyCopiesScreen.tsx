import type { CopySummary } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PATHS } from '../../lib/paths';
import { CopyStatus } from './copy-parts';
import { money, signedMoney, toneOf } from './display';
import { copyPath } from './links';
import { useCopyLive } from './live';
import { Avatar, LoadFailed, Loading, LoginRequired, Stat, StatGrid, StrategyTags, useUserId } from './parts';
import { myCopiesQuery } from './queries';

function CopyCard({ copy: c }: { copy: CopySummary }) {
  const { t } = useTranslation();
  const id = `copy-card-${c.copy_id}`;
  return (
    <li className="strategy-card" data-testid={id}>
      <div className="strategy-card__head">
        <Avatar id={c.strategy_id} name={c.strategy_name} src={c.strategy_avatar} />
        <div className="strategy-card__who">
          <h2 className="strategy-card__name">
            <Link to={copyPath(c.copy_id)} className="strategy-card__link" data-testid={`${id}-link`}>
              <bdi>{c.strategy_name}</bdi>
            </Link>
          </h2>
          <span className="strategy-card__provider">{t('follow.by_provider', { name: c.provider })}</span>
        </div>
        <StrategyTags isDemo={c.is_demo === 1} isSample={false} />
      </div>
      <div className="strategy-card__status">
        <CopyStatus copy={c} testId={`${id}-status`} />
      </div>
      <StatGrid>
        <Stat
          label={`${t('follow.equity')} (${t('common.usd')})`}
          value={money(c.equity)}
          testId={`${id}-equity`}
        />
        <Stat
          label={`${t('follow.pnl')} (${t('common.usd')})`}
          value={signedMoney(c.pnl)}
          tone={toneOf(c.pnl)}
          testId={`${id}-pnl`}
        />
        <Stat
          label={`${t('follow.invested')} (${t('common.usd')})`}
          value={money(c.invested)}
          testId={`${id}-invested`}
        />
        <Stat
          label={`${t('follow.fees_paid')} (${t('common.usd')})`}
          value={money(c.fees_paid)}
          testId={`${id}-fees`}
        />
        <Stat label={t('follow.open_positions')} value={String(c.open_positions)} testId={`${id}-open`} />
        <Stat label={t('follow.skipped')} value={String(c.skipped)} testId={`${id}-skipped`} />
      </StatGrid>
    </li>
  );
}

function MyCopies() {
  const { t } = useTranslation();
  const userId = useUserId();
  const query = useQuery(myCopiesQuery(userId));
  useCopyLive();
  const list = query.data?.list;

  if (!list) {
    return query.isError ? (
      <LoadFailed title={t('follow.copies_failed')} onRetry={() => void query.refetch()} />
    ) : (
      <Loading testId="copies-loading" />
    );
  }
  if (list.length === 0) {
    const heading = <h2 className="inline-heading">{t('follow.copies_empty_title')}</h2>;
    return (
      <div className="follow-empty" data-testid="copies-empty">
        <ErrorBlock status="empty" title={heading} description={t('follow.copies_empty_body')}>
          <Link to={PATHS.follow} className="plain-button follow-empty__link">
            {t('follow.browse')}
          </Link>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <ul className="strategy-list" data-testid="copy-list">
      {list.map((c) => (
        <CopyCard key={c.copy_id} copy={c} />
      ))}
    </ul>
  );
}

/** /follow/copies: the caller's copy accounts, active first, kept current by COPY_TRADE. */
export function MyCopiesScreen() {
  return (
    <div className="follow-page follow-page--sub" data-testid="page-my-copies">
      <LoginRequired>
        <MyCopies />
      </LoginRequired>
    </div>
  );
}
