import { ACCOUNT_TYPE_EMAIL, CODE_PURPOSE_RESET } from '@meridian/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { PasswordField, SubmitButton, useFormSubmit } from '../../lib/form-kit';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { AccountField, ChannelSwitch, useShowMobile } from './channel';
import { CodeField } from './code-field';
import { type Channel, sendCode, useResetPassword } from './mutations';
import { validateCodeDestination, validateForgot } from './validation';
import './auth.css';

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
  const reset = useResetPassword();

  const submit = useFormSubmit({
    pending: reset.isPending,
    check: () => validateForgot({ account, code, password, repeat }),
    send: () =>
      reset.mutate(
        { channel, account, areaId, code, password, repeat },
        {
          onSuccess: () => {
            showMessage('success', t('forgot.done'));
            void navigate('/login', { replace: true });
          },
        },
      ),
  });

  return (
    <div className="form-page" data-testid="page-forgot">
      {showMobile && (
        <ChannelSwitch
          value={channel}
          onChange={(next) => {
            setChannel(next);
            setAccount('');
          }}
        />
      )}
      <form className="form-stack" onSubmit={submit} noValidate>
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
        <SubmitButton testId="forgot-submit" pending={reset.isPending}>
          {t('common.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
