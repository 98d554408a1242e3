import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeFrom } from '../../app/guards';
import { showMessage } from '../../app/toast';
import { DemoEntry } from './DemoEntry';
import { PasswordField, TextField } from './form-kit';
import { logIn } from './mutations';
import { validateLogin } from './validation';

/** /login: account and password, then on to `from` (or home); the demo account is one tap below. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Register and forgot keep `from`, so a visitor who signs up there still lands where they wanted.
  const fromQuery = params.get('from') ? `?from=${encodeURIComponent(params.get('from') ?? '')}` : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateLogin({ account, password });
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    setBusy(true);
    logIn(account, password)
      .then(() => navigate(safeFrom(params.get('from')), { replace: true }))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <div className="auth-page" data-testid="page-login">
      <h2 className="auth-page__heading">{t('login.welcome')}</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label={t('login.account')}
          testId="login-account"
          autoComplete="username"
          inputMode="email"
          value={account}
          onChange={setAccount}
          maxLength={254}
        />
        <PasswordField
          label={t('login.password')}
          testId="login-password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          maxLength={128}
        />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </form>
      <div className="auth-links">
        <button type="button" className="auth-link" onClick={() => void navigate(`/forgot${fromQuery}`)}>
          {t('login.forgot')}
        </button>
        <span>
          <span className="auth-muted">{t('login.no_account')}</span>{' '}
          <button
            type="button"
            className="auth-link"
            data-testid="to-register"
            onClick={() => void navigate(`/register${fromQuery}`)}
          >
            {t('login.register')}
          </button>
        </span>
      </div>
      <DemoEntry />
    </div>
  );
}
