import { ERRORS } from '@meridian/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api';
import { PasswordField, SubmitButton, TextField, useFormSubmit } from '../../lib/form-kit';
import { safeFrom } from '../../lib/guards';
import { CodeField, useCaptcha } from './code-field';
import { DemoEntry } from './DemoEntry';
import { useLogin } from './mutations';
import { validateLogin } from './validation';
import './auth.css';

const refusedWith = (error: unknown, code: number) =>
  error instanceof ApiError && error.kind === 'envelope' && error.code === code;

/**
 * /login: account and password, then on to `from` (or home); the demo account is one tap below.
 * Two more fields appear when the server asks for them: the authenticator code (two-factor
 * authentication is on: the same form is sent again with it) and an image captcha (after repeated
 * failed logins on the account or from this address).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const captcha = useCaptcha(needsCaptcha);
  const login = useLogin();
  // Register and forgot keep `from`, so a visitor who signs up there still lands where they wanted.
  const fromQuery = params.get('from') ? `?from=${encodeURIComponent(params.get('from') ?? '')}` : '';

  const submit = useFormSubmit({
    pending: login.isPending,
    check: () => {
      const problem = validateLogin({ account, password });
      if (problem) return problem;
      if (needsCode && otpCode.trim() === '') return 'security.enter_code';
      if (needsCaptcha && captchaAnswer.trim() === '') return 'security.enter_captcha';
      return null;
    },
    send: () =>
      login.mutate(
        {
          account,
          password,
          ...(needsCode ? { otpCode } : {}),
          ...(needsCaptcha && captcha.image
            ? { captcha: { id: captcha.image.id, answer: captchaAnswer } }
            : {}),
        },
        {
          onSuccess: () => void navigate(safeFrom(params.get('from')), { replace: true }),
          onError: (error) => {
            // The API client has shown the server's words; here the form grows what it asks for.
            if (refusedWith(error, ERRORS.two_factor_required.code)) setNeedsCode(true);
            if (refusedWith(error, ERRORS.captcha_required.code)) setNeedsCaptcha(true);
            // A captcha is single use: whatever went wrong, the next attempt needs a fresh one.
            if (needsCaptcha) {
              setCaptchaAnswer('');
              captcha.refresh();
            }
          },
        },
      ),
  });

  return (
    <div className="form-page" data-testid="page-login">
      <h2 className="form-page__heading">{t('login.welcome')}</h2>
      <form className="form-stack" onSubmit={submit} noValidate>
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
        {needsCode ? (
          <>
            <TextField
              label={t('security.code')}
              testId="login-otp"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={otpCode}
              onChange={setOtpCode}
              maxLength={32}
              ltr
            />
            <p className="auth-muted auth-hint" data-testid="login-otp-hint">
              {t('security.login_code_hint')}
            </p>
          </>
        ) : null}
        {needsCaptcha ? (
          <CodeField
            testId="login-captcha"
            value={captchaAnswer}
            onChange={setCaptchaAnswer}
            captcha={captcha}
          />
        ) : null}
        <SubmitButton testId="login-submit" pending={login.isPending}>
          {t('login.submit')}
        </SubmitButton>
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
