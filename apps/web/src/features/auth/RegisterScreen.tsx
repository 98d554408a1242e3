import { ACCOUNT_TYPE_EMAIL, CODE_PURPOSE_REGISTER } from '@meridian/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeFrom } from '../../app/guards';
import { useSettings } from '../../app/stores/settings';
import { showMessage } from '../../app/toast';
import { AccountField, ChannelSwitch, useShowMobile } from './channel';
import { CodeField, useCaptcha } from './code-field';
import { PasswordField, TextField } from './form-kit';
import { type Channel, register, sendCode } from './mutations';
import { validateCodeDestination, validateRegister } from './validation';

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
  const [busy, setBusy] = useState(false);

  const switchChannel = (next: Channel) => {
    setChannel(next);
    setAccount('');
    setCode('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateRegister({ account, password, repeat, code });
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    setBusy(true);
    register({
      channel,
      account,
      areaId,
      password,
      repeat,
      code,
      inviteCode,
      captchaId: captchaMode ? (captcha.image?.id ?? null) : null,
    })
      .then(() => {
        showMessage('success', t('register.success'));
        return navigate(safeFrom(params.get('from')), { replace: true });
      })
      .catch(() => {
        // A captcha is single use: whatever went wrong, the next attempt needs a fresh one.
        if (captchaMode) {
          setCode('');
          captcha.refresh();
        }
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="auth-page" data-testid="page-register">
      {showMobile && <ChannelSwitch value={channel} onChange={switchChannel} />}
      <form className="auth-form" onSubmit={submit} noValidate>
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
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
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
