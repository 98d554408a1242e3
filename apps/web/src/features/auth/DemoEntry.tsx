import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeFrom } from '../../app/guards';
import { openDemoAccount } from './mutations';

/** The one-tap demo account, offered wherever a visitor is asked to log in; continues to `from`. */
export function DemoEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);

  const start = () => {
    if (busy) return;
    setBusy(true);
    openDemoAccount()
      .then(() => navigate(safeFrom(params.get('from')), { replace: true }))
      // The API client has already shown why it failed.
      .catch(() => undefined)
      .finally(() => setBusy(false));
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
        loading={busy}
        onClick={start}
      >
        {t('login.try_demo')}
      </Button>
      <p className="auth-demo__hint">{t('login.demo_hint')}</p>
    </section>
  );
}
