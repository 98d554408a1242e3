import { BillOutline, FlagOutline, HistogramOutline, PayCircleOutline, TeamOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { TKey } from '../i18n';
import { PATHS } from '../lib/paths';
import { showMessage } from '../lib/toast';

interface Tab {
  key: 'quotes' | 'trade' | 'orders' | 'documentary' | 'ranking';
  /** null: copy trading is not built yet, the tab says so instead of navigating. */
  path: string | null;
  label: TKey;
  icon: ReactNode;
}

const TABS: readonly Tab[] = [
  { key: 'quotes', path: PATHS.home, label: 'nav.quotes', icon: <HistogramOutline /> },
  { key: 'trade', path: PATHS.trade, label: 'nav.trade', icon: <PayCircleOutline /> },
  { key: 'orders', path: PATHS.orders, label: 'nav.orders', icon: <BillOutline /> },
  { key: 'documentary', path: null, label: 'nav.documentary', icon: <TeamOutline /> },
  { key: 'ranking', path: PATHS.rank, label: 'nav.ranking', icon: <FlagOutline /> },
];

/**
 * The bottom tabs as real links (antd-mobile's TabBar items are divs the keyboard cannot reach), the
 * current one marked for assistive technology. Copy trading is a button that says it is coming, in a
 * toast that goes away by itself: nothing blocks the screen or outlives a navigation.
 */
export function AppTabBar() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="app-tabbar" data-testid="tabbar" aria-label={t('nav.main')}>
      <ul className="app-tabbar__list">
        {TABS.map((tab) => {
          const current = tab.path === location.pathname;
          const content = (
            <>
              <span className="app-tabbar__icon" aria-hidden="true">
                {tab.icon}
              </span>
              <span className="app-tabbar__label">{t(tab.label)}</span>
            </>
          );
          return (
            <li key={tab.key}>
              {tab.path === null ? (
                <button
                  type="button"
                  className="app-tabbar__item"
                  data-testid={`tab-${tab.key}`}
                  onClick={() => showMessage('info', t('messages.copy_trading_soon'))}
                >
                  {content}
                </button>
              ) : (
                <Link
                  to={tab.path}
                  className={`app-tabbar__item${current ? ' app-tabbar__item--active' : ''}`}
                  data-testid={`tab-${tab.key}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
