import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page-center" data-testid="page-not-found">
      <ErrorBlock status="empty" title={t('common.page_not_found')} description="" />
      <Button color="primary" shape="rounded" onClick={() => void navigate('/', { replace: true })}>
        {t('common.go_home')}
      </Button>
    </div>
  );
}
