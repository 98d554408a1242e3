import { STRATEGY_SORTS, type StrategySort } from '@meridian/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PATHS } from '../../lib/paths';
import { Chip, ChipGroup, LoadFailed, Loading } from './parts';
import { followKeys, type StrategyFilters, strategiesQuery } from './queries';
import { StrategyCard } from './StrategyCard';

/** The risk ceilings offered as chips (null: any). */
const RISK_CHOICES = [null, 3, 5, 7] as const;
const DEMO_CHOICES = [
  { value: null, label: 'follow.filter_all' },
  { value: 0, label: 'follow.filter_real' },
  { value: 1, label: 'follow.filter_demo' },
] as const;
/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 350;

function Controls({
  filters,
  onChange,
}: {
  filters: StrategyFilters;
  onChange(next: Partial<StrategyFilters>): void;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [text, setText] = useState(filters.q);

  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <div className="follow-controls">
      <search>
        <form
          className="follow-search"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ q: text });
          }}
        >
          <label className="visually-hidden" htmlFor={searchId}>
            {t('follow.search_label')}
          </label>
          <SearchOutline className="follow-search__icon" aria-hidden="true" />
          <input
            id={searchId}
            className="follow-search__input"
            type="search"
            enterKeyHint="search"
            maxLength={40}
            value={text}
            placeholder={t('follow.search_placeholder')}
            data-testid="strategy-search"
            dir="auto"
            onChange={(e) => setText(e.target.value)}
          />
        </form>
      </search>
      <div className="follow-sort">
        <label className="follow-sort__label" htmlFor={sortId}>
          {t('follow.sort_label')}
        </label>
        <select
          id={sortId}
          className="follow-sort__select"
          value={filters.sort}
          data-testid="strategy-sort"
          onChange={(e) => onChange({ sort: e.target.value as StrategySort })}
        >
          {STRATEGY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`follow.sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <ChipGroup label={t('follow.filter_label')}>
        {DEMO_CHOICES.map((choice) => (
          <Chip
            key={String(choice.value)}
            selected={filters.demo === choice.value}
            onSelect={() => onChange({ demo: choice.value })}
            testId={`strategy-filter-${choice.value === null ? 'all' : choice.value === 1 ? 'demo' : 'real'}`}
          >
            {t(choice.label)}
          </Chip>
        ))}
      </ChipGroup>
      <ChipGroup label={t('follow.risk_filter_label')}>
        {RISK_CHOICES.map((risk) => (
          <Chip
            key={String(risk)}
            selected={filters.maxRisk === risk}
            onSelect={() => onChange({ maxRisk: risk })}
            testId={`strategy-risk-${risk ?? 'any'}`}
          >
            {risk === null ? t('follow.risk_any') : t('follow.risk_at_most', { value: risk })}
          </Chip>
        ))}
      </ChipGroup>
    </div>
  );
}

const INITIAL: StrategyFilters = { sort: 'roi', demo: null, maxRisk: null, q: '' };

/** /follow (the documentary tab, kept alive): strategies to copy, filtered, sorted and paged. */
export function StrategiesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const active = location.pathname === PATHS.follow;
  const [filters, setFilters] = useState<StrategyFilters>(INITIAL);
  const query = useInfiniteQuery(strategiesQuery(filters));
  const list = query.data?.pages.flatMap((p) => p.list);

  // Kept alive: each visit reads the list again if it has gone stale meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation to the page (its key) is the trigger
  useEffect(() => {
    if (active)
      void queryClient.refetchQueries({ queryKey: followKeys.strategies(), stale: true, type: 'active' });
  }, [active, location.key, queryClient]);

  // Stable, so the search field's delay is not restarted by every render of the list.
  const change = useCallback((next: Partial<StrategyFilters>) => setFilters((f) => ({ ...f, ...next })), []);

  const emptyHeading = <h2 className="inline-heading">{t('follow.empty_title')}</h2>;
  return (
    <div className="follow-page" data-testid="page-follow">
      <header className="page-header">
        <h1 className="page-header__title">{t('follow.title')}</h1>
      </header>
      <nav className="follow-links" aria-label={t('follow.my_links')}>
        <Link to={PATHS.followCopies} className="follow-links__item" data-testid="follow-my-copies">
          {t('follow.my_copies')}
        </Link>
        <Link to={PATHS.followMine} className="follow-links__item" data-testid="follow-my-strategy">
          {t('follow.my_strategy')}
        </Link>
      </nav>
      <p className="follow-page__hint">{t('follow.hint')}</p>
      <Controls filters={filters} onChange={change} />
      {!list ? (
        query.isError ? (
          <LoadFailed title={t('follow.load_failed')} onRetry={() => void query.refetch()} />
        ) : (
          <Loading testId="strategies-loading" screenful />
        )
      ) : list.length === 0 ? (
        <div className="follow-empty" data-testid="strategies-empty" role="status">
          <ErrorBlock status="empty" title={emptyHeading} description={t('follow.empty_body')} />
        </div>
      ) : (
        <>
          <ol className="strategy-list" data-testid="strategy-list">
            {list.map((s) => (
              <StrategyCard key={s.id} strategy={s} />
            ))}
          </ol>
          {query.hasNextPage ? (
            <div className="follow-more">
              <Button
                fill="outline"
                shape="rounded"
                loading={query.isFetchingNextPage}
                data-testid="strategies-more"
                onClick={() => void query.fetchNextPage()}
              >
                {t('follow.load_more')}
              </Button>
            </div>
          ) : (
            <p className="follow-more follow-more--end">{t('common.no_more')}</p>
          )}
        </>
      )}
    </div>
  );
}
