import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The page's heading, drawn where antd-mobile puts the block's title.
  const heading = <h1 className="inline-heading">{t('common.page_not_found')}</h1>;
  return (
    <div className="page-center" data-testid="page-not-found">
      <ErrorBlock status="empty" title={heading} description="" />
      <Button color="primary" shape="rounded" onClick={() => void navigate('/', { replace: true })}>
        {t('common.go_home')}
      </Button>
    </div>
  );
}
