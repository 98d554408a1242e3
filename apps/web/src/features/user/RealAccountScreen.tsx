import Button from 'antd-mobile/es/components/button';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useGoBack } from '../../lib/go-back';
import { featureText, registerLink } from './real-account';
import './user.css';

/**
 * Shown in place of a real-account page (deposit, withdraw, wallet, verification, invites, password)
 * when a demo account opens it: what the feature does, why a demo account cannot use it, and the way
 * on, opening a real account, instead of a toast and a dead end.
 */
export function RealAccountScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { pathname, search } = useLocation();
  return (
    <section className="real-only" data-testid="page-real-only">
      <div className="coming-soon__mark" aria-hidden="true">
        <UserAddOutline />
      </div>
      <h2 className="real-only__title">{t('messages.only_real_account')}</h2>
      <p className="real-only__feature" data-testid="real-only-feature">
        {t(featureText(pathname))}
      </p>
      <p className="real-only__text">{t('real_only.demo_is_virtual')}</p>
      <div className="real-only__actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          data-testid="real-only-register"
          onClick={() => void navigate(registerLink(pathname, search))}
        >
          {t('real_only.open_real')}
        </Button>
        <Button block fill="none" shape="rounded" data-testid="real-only-back" onClick={goBack}>
          {t('common.back')}
        </Button>
      </div>
    </section>
  );
}
