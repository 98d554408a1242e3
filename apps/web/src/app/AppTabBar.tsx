import { Dialog, TabBar } from 'antd-mobile';
import { BillOutline, FlagOutline, HistogramOutline, PayCircleOutline, TeamOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TKey } from './route-table';

interface Tab {
  key: 'quotes' | 'trade' | 'orders' | 'documentary' | 'ranking';
  /** null: copy trading is not built yet, the tab explains that instead of navigating. */
  path: string | null;
  label: TKey;
  icon: ReactNode;
}

const TABS: readonly Tab[] = [
  { key: 'quotes', path: '/', label: 'nav.quotes', icon: <HistogramOutline /> },
  { key: 'trade', path: '/trade', label: 'nav.trade', icon: <PayCircleOutline /> },
  { key: 'orders', path: '/order', label: 'nav.orders', icon: <BillOutline /> },
  { key: 'documentary', path: null, label: 'nav.documentary', icon: <TeamOutline /> },
  { key: 'ranking', path: '/rank', label: 'nav.ranking', icon: <FlagOutline /> },
];

export function AppTabBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.path === location.pathname)?.key ?? '';

  const onChange = (key: string) => {
    const tab = TABS.find((x) => x.key === key);
    if (!tab) return;
    if (tab.path === null) {
      Dialog.alert({ content: t('messages.coming_soon'), confirmText: t('common.confirm') });
      return;
    }
    if (tab.path !== location.pathname) void navigate(tab.path);
  };

  return (
    <nav className="app-tabbar" data-testid="tabbar">
      <TabBar activeKey={active} onChange={onChange} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} data-testid={`tab-${tab.key}`} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </nav>
  );
}
