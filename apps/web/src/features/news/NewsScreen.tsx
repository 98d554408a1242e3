import { isRtl, NEWS_CATEGORY_ANNOUNCEMENT, NEWS_CATEGORY_MARKET } from '@meridian/contract';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSettings } from '../../lib/stores/settings';
import { NewsList } from './NewsList';
import type { NewsFilter } from './queries';
import './news.css';

const TABS = [
  { key: 'all', category: null, label: 'news.all' },
  { key: 'announcements', category: NEWS_CATEGORY_ANNOUNCEMENT, label: 'news.announcements' },
  { key: 'market', category: NEWS_CATEGORY_MARKET, label: 'news.market' },
] as const satisfies readonly { key: string; category: NewsFilter; label: string }[];

type TabKey = (typeof TABS)[number]['key'];

function TabTitle({ tab, text }: { tab: string; text: string }) {
  return <span data-testid={`news-tab-${tab}`}>{text}</span>;
}

/** /news: every category by default, with tabs to narrow to announcements or market news. */
export function NewsScreen() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const [tab, setTab] = useState<TabKey>('all');
  const current = TABS.find((x) => x.key === tab) ?? TABS[0];
  return (
    <div className="news-page" data-testid="page-news">
      <header className="page-header">
        <h1 className="page-header__title">{t('news.title')}</h1>
      </header>
      <Tabs
        className="news-tabs"
        activeKey={tab}
        direction={isRtl(lang) ? 'rtl' : 'ltr'}
        onChange={(key) => setTab(TABS.find((x) => x.key === key)?.key ?? 'all')}
      >
        {TABS.map((x) => (
          <Tabs.Tab key={x.key} title={<TabTitle tab={x.key} text={t(x.label)} />} />
        ))}
      </Tabs>
      <NewsList key={current.key} category={current.category} />
    </div>
  );
}
