import { GlobalOutline, SearchOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ComingSoonPanel } from '../coming-soon/ComingSoonPanel';

/** The quotes home. The header is final (search, language, account); the market list comes next. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="page-home">
      <header className="page-header">
        <h1 className="page-header__title">{t('home.title')}</h1>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.search')}
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
      <ComingSoonPanel showBack={false} />
    </div>
  );
}
