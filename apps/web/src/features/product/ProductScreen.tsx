import type { Company } from '@meridian/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ActionItem } from '../../lib/action-item';
import { useEscape } from '../../lib/sheet';
import { useSettings } from '../../lib/stores/settings';
import { ComingSoonPanel } from '../coming-soon/ComingSoonPanel';
import { flattenPages } from '../news/paging';
import { CompanyDetail } from './CompanyDetail';
import { companySearchQuery } from './queries';
import { useDebounced } from './use-debounced';
import './product.css';

const SEARCH_DELAY_MS = 300;

function CompanyResults({ name, onOpen }: { name: string; onOpen: (company: Company) => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(companySearchQuery(name));
  const rows = query.data ? flattenPages(query.data.pages) : null;
  if (!rows) {
    if (query.isError) {
      return (
        <ErrorBlock status="disconnected" title={t('product.load_failed')} description="">
          <button type="button" className="plain-button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </ErrorBlock>
      );
    }
    return (
      <div className="company-skeleton">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <ErrorBlock status="empty" title={t('product.no_result')} description="" data-testid="company-empty" />
    );
  }
  return (
    <>
      <List className="company-list" data-testid="company-list">
        {rows.map((company) => (
          <ActionItem
            key={company.id}
            itemTestId={`company-row-${company.id}`}
            onClick={() => onOpen(company)}
            prefix={<img className="company-row__logo" src={company.logo} alt="" width={40} height={40} />}
            description={<bdi>{company.location}</bdi>}
          >
            <bdi>{company.name}</bdi>
          </ActionItem>
        ))}
      </List>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="company-list__more" onClick={retry}>
              {t('common.retry')}
            </button>
          ) : (
            <span className="company-list__more">{hasMore ? t('common.loading') : t('common.no_more')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}

/** /product: the service-provider directory. Only the main site offers it (spec: active when isMain). */
export function ProductScreen() {
  const { t } = useTranslation();
  const isMain = useSettings((s) => s.isMain);
  const [input, setInput] = useState('');
  const name = useDebounced(input.trim(), SEARCH_DELAY_MS);
  const [selected, setSelected] = useState<Company | null>(null);
  useEscape(selected !== null, () => setSelected(null));

  if (!isMain) return <ComingSoonPanel showBack />;

  return (
    <div className="product-page" data-testid="page-product">
      <div className="product-search" data-testid="product-search">
        <SearchBar
          placeholder={t('product.search_placeholder')}
          value={input}
          onChange={setInput}
          onSearch={(value) => setInput(value)}
          onClear={() => setInput('')}
        />
      </div>
      <CompanyResults name={name} onOpen={setSelected} />
      <Popup
        visible={selected !== null}
        onMaskClick={() => setSelected(null)}
        onClose={() => setSelected(null)}
        bodyClassName="company-popup"
        destroyOnClose
      >
        {selected && <CompanyDetail company={selected} onClose={() => setSelected(null)} />}
      </Popup>
    </div>
  );
}
