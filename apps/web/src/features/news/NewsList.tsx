import type { NewsSummary } from '@meridian/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ActionItem } from '../../lib/action-item';
import { useSettings } from '../../lib/stores/settings';
import { formatNewsDate } from './format-date';
import { flattenPages } from './paging';
import { type NewsFilter, newsListQuery } from './queries';

function NewsRowMeta({ item }: { item: NewsSummary }) {
  const lang = useSettings((s) => s.lang);
  return (
    <>
      <span className="news-row__desc">{item.desc}</span>
      <time className="news-row__date" dateTime={new Date(item.created_at * 1000).toISOString()}>
        {formatNewsDate(item.created_at, lang)}
      </time>
    </>
  );
}

function NewsRow({ item, onOpen }: { item: NewsSummary; onOpen: (id: number) => void }) {
  return (
    <ActionItem
      itemTestId={`news-row-${item.id}`}
      className="news-row"
      onClick={() => onOpen(item.id)}
      arrowIcon={false}
      prefix={<img className="news-row__logo" src={item.logo} alt="" width={48} height={48} loading="lazy" />}
      description={<NewsRowMeta item={item} />}
    >
      <span className="news-row__title">{item.title}</span>
    </ActionItem>
  );
}

/** Paged news, newest first: pull down to refresh, scroll to the end for the next page. */
export function NewsList({ category }: { category: NewsFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const query = useInfiniteQuery(newsListQuery(category, lang));
  const rows = query.data ? flattenPages(query.data.pages) : null;
  const open = (id: number) => void navigate(`/news/detail?id=${id}`);

  if (!rows) {
    if (query.isError) {
      return (
        <ErrorBlock status="disconnected" title={t('news.load_failed')} description="">
          <button type="button" className="plain-button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </ErrorBlock>
      );
    }
    return (
      <div className="news-skeleton" data-testid="news-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }

  return (
    <PullToRefresh
      onRefresh={() => query.refetch()}
      pullingText={t('common.pull_to_refresh')}
      canReleaseText={t('common.release_to_refresh')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.refreshed')}
    >
      {rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('news.empty')} description="" />
      ) : (
        <List className="news-list" data-testid="news-list">
          {rows.map((item) => (
            <NewsRow key={item.id} item={item} onOpen={open} />
          ))}
        </List>
      )}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="news-list__more" onClick={retry}>
              {t('common.retry')}
            </button>
          ) : (
            <span className="news-list__more">
              {hasMore ? t('common.loading') : rows.length > 0 ? t('common.no_more') : null}
            </span>
          )
        }
      </InfiniteScroll>
    </PullToRefresh>
  );
}
