import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api';
import { useGoBack } from '../../lib/go-back';
import { useSettings } from '../../lib/stores/settings';
import { articleIdFrom } from './article-id';
import { formatNewsDate } from './format-date';
import { newsDetailQuery } from './queries';
import './news.css';

function Failure({ message }: { message: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <section className="news-detail__failure" data-testid="news-detail-error">
      <ErrorBlock status="empty" title={message} description="" />
      <Button color="primary" fill="outline" shape="rounded" onClick={goBack}>
        {t('common.back')}
      </Button>
    </section>
  );
}

/** /news/detail?id=…: the article in the reader's language; its HTML was sanitised by the server. */
export function NewsDetailScreen() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const id = articleIdFrom(useLocation().search);
  const query = useQuery({ ...newsDetailQuery(id ?? 0, lang), enabled: id !== null });

  if (id === null) return <Failure message={t('news.not_found')} />;
  if (query.isError) {
    const error = query.error;
    // An envelope carries the server's own translated reason (news_not_found); anything else is generic.
    const message =
      error instanceof ApiError && error.kind === 'envelope' && error.message
        ? error.message
        : t('news.load_failed');
    return <Failure message={message} />;
  }
  const article = query.data;
  if (!article) {
    return (
      <div className="news-detail" data-testid="news-detail-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  return (
    <article className="news-detail" data-testid="news-detail">
      <h1 className="news-detail__title">{article.title}</h1>
      <time className="news-detail__date" dateTime={new Date(article.created_at * 1000).toISOString()}>
        {formatNewsDate(article.created_at, lang)}
      </time>
      <div
        className="news-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises every body with an allow-list (features/news/sanitize.ts) and the CSP forbids inline script
        dangerouslySetInnerHTML={{ __html: article.content }}
      />
    </article>
  );
}
