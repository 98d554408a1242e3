import Button from 'antd-mobile/es/components/button';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { safeFrom } from '../../lib/guards';
import { useDemoAccount } from './mutations';
import './auth.css';

/** The one-tap demo account, offered wherever a visitor is asked to log in; continues to `from`. */
export function DemoEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const demo = useDemoAccount();

  const start = () => {
    if (demo.isPending) return;
    // A failure needs nothing here: the API client has already shown why.
    demo.mutate(undefined, {
      onSuccess: () => void navigate(safeFrom(params.get('from')), { replace: true }),
    });
  };

  return (
    <section className="auth-demo">
      <Button
        block
        color="primary"
        fill="outline"
        shape="rounded"
        size="large"
        data-testid="try-demo"
        loading={demo.isPending}
        onClick={start}
      >
        {t('login.try_demo')}
      </Button>
      <p className="auth-demo__hint">{t('login.demo_hint')}</p>
    </section>
  );
}
