import type { TradeInstrument } from '@meridian/contract';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { toggleCategory } from '../markets/category-filter';
import { useDayMarketLive, useRouteActive } from '../markets/live';
import { useCategories, useTradeList } from '../markets/queries';
import { useSelectedInstrument } from '../markets/selected-instrument';
import { CategoryChips, CategoryChipsSkeleton } from './CategoryChips';
import { useFavourites } from './favourites';
import { arrangeInstruments } from './instrument-search';
import { MarketRow } from './MarketRow';
import { MarketSkeleton } from './MarketSkeleton';
import '../markets/markets.css';
import './home.css';

/** Rows a screen of `viewportHeight` CSS pixels shows (64 px each), and two more. */
export function firstScreenRows(viewportHeight: number): number {
  return Math.max(8, Math.ceil(viewportHeight / 64) + 2);
}

/** The quotes home: instrument search, categories, then every instrument with its live price, starred first. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = useRouteActive('/');
  const tradeList = useTradeList();
  const categories = useCategories();
  const select = useSelectedInstrument((s) => s.select);
  const [category, setCategory] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const favouriteCodes = useFavourites((s) => s.codes);
  const toggleFavourite = useFavourites((s) => s.toggle);
  useDayMarketLive(active);

  const openInstrument = useCallback(
    (instrument: TradeInstrument) => {
      select({ id: instrument.Id, code: instrument.Code });
      void navigate('/trade');
    },
    [select, navigate],
  );

  const favourites = useMemo(() => new Set(favouriteCodes), [favouriteCodes]);

  return (
    <div data-testid="page-home" className="home">
      <header className="page-header">
        <h1 className="page-header__title">{t('home.title')}</h1>
        <button
          type="button"
          className="icon-button"
          aria-label={t('home.search_companies')}
          data-testid="home-search"
          onClick={() => void navigate('/product')}
        >
          <SearchOutline />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('home.language')}
          data-testid="home-language"
          onClick={() => void navigate('/language')}
        >
          <GlobalOutline />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('nav.user')}
          data-testid="home-user"
          onClick={() => void navigate('/user')}
        >
          <UserOutline />
        </button>
      </header>
      <search className="market-search">
        <SearchOutline className="market-search__icon" aria-hidden="true" />
        <input
          type="search"
          className="market-search__input"
          data-testid="instrument-search"
          aria-label={t('home.search_placeholder')}
          placeholder={t('home.search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      {categories.data && categories.data.length > 0 && (
        <CategoryChips
          categories={categories.data}
          selected={category}
          onTap={(id) => setCategory((current) => toggleCategory(current, id))}
        />
      )}
      {categories.isPending && <CategoryChipsSkeleton />}
      <div className="market-list__head">
        <span>{t('markets.instrument')}</span>
        <span>{t('home.last_price')}</span>
      </div>
      {tradeList.data ? (
        <MarketList
          list={tradeList.data}
          category={category}
          query={query}
          favourites={favourites}
          onOpen={openInstrument}
          onToggleFavourite={toggleFavourite}
        />
      ) : tradeList.isError ? (
        <div className="market-list__error">
          <p>{t('markets.load_failed')}</p>
          <button type="button" className="plain-button" onClick={() => void tradeList.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <MarketSkeleton />
      )}
    </div>
  );
}

interface MarketListProps {
  list: readonly TradeInstrument[];
  category: number | null;
  query: string;
  favourites: ReadonlySet<string>;
  onOpen(instrument: TradeInstrument): void;
  onToggleFavourite(code: string): void;
}

/**
 * The quotes, rendered deferred. Quotes move four times a second: their re-render runs in slices
 * React can interrupt, so a tick never blocks a tap or scroll (and a slow phone drops ticks rather
 * than frames). The deferral lives here, not in the screen, so the deferred render starts at this
 * component and reads no query: a render in slices that read a store which changed before it
 * finished (the next tick, a small chart's points) is thrown away by React and done again in one
 * blocking piece, the screen's whole list in one long task.
 */
const MarketList = memo(function MarketList({
  list,
  category,
  query,
  favourites,
  onOpen,
  onToggleFavourite,
}: MarketListProps) {
  const { t } = useTranslation();
  // First the skeleton, then the rows in the deferred render (as for every later tick).
  const shownList = useDeferredValue<readonly TradeInstrument[] | null>(list, null);
  const rows = useMemo(
    () => (shownList ? arrangeInstruments(shownList, { category, query, favourites }) : null),
    [shownList, category, query, favourites],
  );
  // The rows that fit the screen render first, and the rest right after in a background render
  // React can interrupt: the first paint of the list is not held by rows no one sees yet.
  const count = rows?.length ?? 0;
  const firstRows = Math.min(count, firstScreenRows(window.innerHeight));
  const deferredCount = useDeferredValue(count, firstRows);
  const shown = Math.max(firstRows, deferredCount);
  if (!rows) return <MarketSkeleton />;
  if (rows.length === 0)
    return (
      <p className="market-list__empty" data-testid="market-empty" role="status">
        {t('home.empty')}
      </p>
    );
  return (
    <ul className="market-list" data-testid="market-list">
      {rows.slice(0, shown).map((instrument) => (
        <MarketRow
          key={instrument.Id}
          instrument={instrument}
          favourite={favourites.has(instrument.Code)}
          onOpen={onOpen}
          onToggleFavourite={onToggleFavourite}
        />
      ))}
    </ul>
  );
});
