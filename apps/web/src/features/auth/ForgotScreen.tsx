import { ACCOUNT_TYPE_EMAIL, CODE_PURPOSE_RESET } from '@meridian/contract';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettings } from '../../app/stores/settings';
import { showMessage } from '../../app/toast';
import { AccountField, ChannelSwitch, useShowMobile } from './channel';
import { CodeField } from './code-field';
import { PasswordField } from './form-kit';
import { type Channel, resetForgottenPassword, sendCode } from './mutations';
import { validateCodeDestination, validateForgot } from './validation';

/**
 * /forgot: a reset code is sent to the account's e-mail or phone; with it a new password is set.
 * The server ends every session of the account, so the user logs in again afterwards.
 */
export function ForgotScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showMobile = useShowMobile();
  const areaId = useSettings((s) => s.selectedArea?.id ?? null);
  const [channelChoice, setChannel] = useState<Channel>(ACCOUNT_TYPE_EMAIL);
  const channel: Channel = showMobile ? channelChoice : ACCOUNT_TYPE_EMAIL;
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateForgot({ account, code, password, repeat });
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    setBusy(true);
    resetForgottenPassword({ channel, account, areaId, code, password, repeat })
      .then(() => {
        showMessage('success', t('forgot.done'));
        return navigate('/login', { replace: true });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <div className="auth-page" data-testid="page-forgot">
      {showMobile && (
        <ChannelSwitch
          value={channel}
          onChange={(next) => {
            setChannel(next);
            setAccount('');
          }}
        />
      )}
      <form className="auth-form" onSubmit={submit} noValidate>
        <AccountField channel={channel} testId="forgot-account" value={account} onChange={setAccount} />
        <CodeField
          testId="forgot-code"
          value={code}
          onChange={setCode}
          send={{
            check: () => validateCodeDestination(account),
            run: () => sendCode(channel, account, areaId, CODE_PURPOSE_RESET),
          }}
        />
        <PasswordField
          label={t('forgot.new_password')}
          testId="forgot-password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          maxLength={128}
        />
        <PasswordField
          label={t('forgot.repeat_password')}
          testId="forgot-repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          maxLength={128}
        />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          data-testid="forgot-submit"
        >
          {t('common.submit')}
        </Button>
      </form>
    </div>
  );
}
