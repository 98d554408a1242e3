import { LANGUAGE_TAGS } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSettings } from '../../lib/stores/settings';
import { rankingQuery } from './queries';
import { RankRow } from './RankRow';
import './rank.css';

/**
 * An empty board says "coming soon" in the page itself (spec), with nothing to dismiss: a dialog on
 * every visit blocked the tab bar and outlived Back.
 */
function Empty() {
  const { t } = useTranslation();
  return (
    <section className="rank-empty" data-testid="rank-empty" role="status">
      <div className="rank-empty__mark" aria-hidden="true">
        <ClockCircleOutline />
      </div>
      <h2 className="rank-empty__title">{t('common.coming_soon_title')}</h2>
      <p className="rank-empty__body">{t('rank.empty')}</p>
    </section>
  );
}

/** /rank (kept alive): the leaders, read again on every visit. */
export function RankScreen() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const location = useLocation();
  const active = location.pathname === '/rank';
  const query = useQuery(rankingQuery());
  const { refetch } = query;
  const list = query.data?.list;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the page (its key) reads again
  useEffect(() => {
    if (active) void refetch();
  }, [active, location.key, refetch]);

  const updated = query.data?.updated_at;
  return (
    <div className="rank-page" data-testid="page-rank">
      <header className="page-header">
        <h1 className="page-header__title">{t('rank.title')}</h1>
      </header>
      <PullToRefresh
        onRefresh={async () => {
          await refetch();
        }}
        pullingText={t('common.pull_to_refresh')}
        canReleaseText={t('common.release_to_refresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        {!list ? (
          query.isError ? (
            <ErrorBlock status="disconnected" title={t('rank.load_failed')} description="">
              <button type="button" className="plain-button" onClick={() => void refetch()}>
                {t('common.retry')}
              </button>
            </ErrorBlock>
          ) : (
            <div className="rank-skeleton" data-testid="rank-loading">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={6} animated />
            </div>
          )
        ) : list.length === 0 ? (
          <Empty />
        ) : (
          <>
            <p className="rank-page__hint">{t('rank.hint')}</p>
            <ol className="rank-list" data-testid="rank-list">
              {list.map((entry) => (
                <RankRow key={entry.uid} entry={entry} />
              ))}
            </ol>
            {updated ? (
              <p className="rank-page__updated" data-testid="rank-updated">
                {t('rank.updated', {
                  time: new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(new Date(updated)),
                })}
              </p>
            ) : null}
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
