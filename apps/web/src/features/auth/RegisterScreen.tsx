import { ACCOUNT_TYPE_EMAIL, CODE_PURPOSE_REGISTER } from '@meridian/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PasswordField, SubmitButton, TextField, useFormSubmit } from '../../lib/form-kit';
import { safeFrom } from '../../lib/guards';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { AccountField, ChannelSwitch, useShowMobile } from './channel';
import { CodeField, useCaptcha } from './code-field';
import { type Channel, sendCode, useRegister } from './mutations';
import { validateCodeDestination, validateRegister } from './validation';
import './auth.css';

/**
 * /register: e-mail or phone, password twice, and either a code sent to the account
 * (verify_reg_type 1) or an image captcha (2). `invite_code` in the query is filled in.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const showMobile = useShowMobile();
  const captchaMode = Number(useSettings((s) => s.verify_reg_type)) === 2;
  const areaId = useSettings((s) => s.selectedArea?.id ?? null);
  const captcha = useCaptcha(captchaMode);

  const [channelChoice, setChannel] = useState<Channel>(ACCOUNT_TYPE_EMAIL);
  const channel: Channel = showMobile ? channelChoice : ACCOUNT_TYPE_EMAIL;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code') ?? '');
  const registration = useRegister();

  const switchChannel = (next: Channel) => {
    setChannel(next);
    setAccount('');
    setCode('');
  };

  const submit = useFormSubmit({
    pending: registration.isPending,
    check: () => validateRegister({ account, password, repeat, code }),
    send: () =>
      registration.mutate(
        {
          channel,
          account,
          areaId,
          password,
          repeat,
          code,
          inviteCode,
          captchaId: captchaMode ? (captcha.image?.id ?? null) : null,
        },
        {
          onSuccess: () => {
            showMessage('success', t('register.success'));
            void navigate(safeFrom(params.get('from')), { replace: true });
          },
          onError: () => {
            // A captcha is single use: whatever went wrong, the next attempt needs a fresh one.
            if (captchaMode) {
              setCode('');
              captcha.refresh();
            }
          },
        },
      ),
  });

  return (
    <div className="form-page" data-testid="page-register">
      {showMobile && <ChannelSwitch value={channel} onChange={switchChannel} />}
      <form className="form-stack" onSubmit={submit} noValidate>
        <AccountField channel={channel} testId="register-email" value={account} onChange={setAccount} />
        <PasswordField
          label={t('register.password')}
          testId="register-password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          maxLength={128}
        />
        <PasswordField
          label={t('register.repeat_password')}
          testId="register-repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          maxLength={128}
        />
        <CodeField
          testId="register-code"
          value={code}
          onChange={setCode}
          captcha={captchaMode ? captcha : undefined}
          send={
            captchaMode
              ? undefined
              : {
                  check: () => validateCodeDestination(account),
                  run: () => sendCode(channel, account, areaId, CODE_PURPOSE_REGISTER),
                }
          }
        />
        <TextField
          label={t('register.invite_code')}
          testId="register-invite"
          value={inviteCode}
          onChange={setInviteCode}
          maxLength={32}
        />
        <SubmitButton testId="register-submit" pending={registration.isPending}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <div className="auth-links">
        <span>
          <span className="auth-muted">{t('register.have_account')}</span>{' '}
          <button
            type="button"
            className="auth-link"
            onClick={() => void navigate('/login', { replace: true })}
          >
            {t('login.submit')}
          </button>
        </span>
      </div>
    </div>
  );
}
