import BillOutline from 'antd-mobile-icons/es/BillOutline';
import FlagOutline from 'antd-mobile-icons/es/FlagOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { TKey } from '../i18n';
import { useTranslation } from '../i18n/use-translation';
import { PATHS } from '../lib/paths';

interface Tab {
  key: 'quotes' | 'trade' | 'orders' | 'documentary' | 'ranking';
  path: string;
  label: TKey;
  icon: ReactNode;
}

const TABS: readonly Tab[] = [
  { key: 'quotes', path: PATHS.home, label: 'nav.quotes', icon: <HistogramOutline /> },
  { key: 'trade', path: PATHS.trade, label: 'nav.trade', icon: <PayCircleOutline /> },
  { key: 'orders', path: PATHS.orders, label: 'nav.orders', icon: <BillOutline /> },
  { key: 'documentary', path: PATHS.follow, label: 'nav.documentary', icon: <TeamOutline /> },
  { key: 'ranking', path: PATHS.rank, label: 'nav.ranking', icon: <FlagOutline /> },
];

/**
 * The bottom tabs as real links (antd-mobile's TabBar items are divs the keyboard cannot reach), the
 * current one marked for assistive technology.
 */
export function AppTabBar() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="app-tabbar" data-testid="tabbar" aria-label={t('nav.main')}>
      <ul className="app-tabbar__list">
        {TABS.map((tab) => {
          const current = tab.path === location.pathname;
          return (
            <li key={tab.key}>
              <Link
                to={tab.path}
                className={`app-tabbar__item${current ? ' app-tabbar__item--active' : ''}`}
                data-testid={`tab-${tab.key}`}
                aria-current={current ? 'page' : undefined}
              >
                <span className="app-tabbar__icon" aria-hidden="true">
                  {tab.icon}
                </span>
                <span className="app-tabbar__label">{t(tab.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
