import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { useGoBack } from '../lib/go-back';
import type { RouteMeta } from '../lib/route-context';

/**
 * The bar of sub-pages: a real, named back button (antd-mobile's NavBar draws an unnamed div) and the
 * page title as the page's heading.
 */
export function TopNav({ def }: { def: RouteMeta }) {
  const { t } = useTranslation();
  const location = useLocation();
  const goBack = useGoBack();
  const title = typeof def.title === 'function' ? def.title(new URLSearchParams(location.search)) : def.title;
  return (
    <header className="top-nav" data-testid="top-nav">
      <div className="top-nav__bar">
        <button
          type="button"
          className="top-nav__back"
          aria-label={t('common.back')}
          data-testid="top-nav-back"
          onClick={goBack}
        >
          <LeftOutline aria-hidden="true" />
        </button>
        {title ? <h1 className="top-nav__title">{t(title)}</h1> : <span className="top-nav__title" />}
      </div>
    </header>
  );
}
