import type { TradeInstrument } from '@meridian/contract';
import { GlobalOutline, SearchOutline, UserOutline } from 'antd-mobile-icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { filterByCategory, toggleCategory } from '../markets/category-filter';
import { useDayMarketLive, useRouteActive } from '../markets/live';
import { useCategories, useTradeList } from '../markets/queries';
import { useSelectedInstrument } from '../markets/selected-instrument';
import { CategoryChips } from './CategoryChips';
import { MarketRow } from './MarketRow';
import { MarketSkeleton } from './MarketSkeleton';
import '../markets/markets.css';
import './home.css';

/** The quotes home: categories, then every instrument with its live price. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = useRouteActive('/');
  const tradeList = useTradeList();
  const categories = useCategories();
  const select = useSelectedInstrument((s) => s.select);
  const [category, setCategory] = useState<number | null>(null);
  useDayMarketLive(active);

  const openInstrument = useCallback(
    (instrument: TradeInstrument) => {
      select({ id: instrument.Id, code: instrument.Code });
      void navigate('/trade');
    },
    [select, navigate],
  );

  const rows = tradeList.data ? filterByCategory(tradeList.data, category) : null;

  return (
    <div data-testid="page-home" className="home">
      <header className="page-header">
        <h1 className="page-header__title">{t('home.title')}</h1>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.search')}
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
      {categories.data && categories.data.length > 0 && (
        <CategoryChips
          categories={categories.data}
          selected={category}
          onTap={(id) => setCategory((current) => toggleCategory(current, id))}
        />
      )}
      <div className="market-list__head">
        <span>{t('markets.instrument')}</span>
        <span>{t('home.last_price')}</span>
      </div>
      {rows ? (
        rows.length > 0 ? (
          <ul className="market-list" data-testid="market-list">
            {rows.map((instrument) => (
              <MarketRow key={instrument.Id} instrument={instrument} onOpen={openInstrument} />
            ))}
          </ul>
        ) : (
          <p className="market-list__empty">{t('home.empty')}</p>
        )
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
