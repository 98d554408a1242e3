import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PasswordField, SubmitButton, useFormSubmit } from '../../lib/form-kit';
import { useGoBack } from '../../lib/go-back';
import { showMessage } from '../../lib/toast';
import { validatePasswordChange } from '../auth/validation';
import { useChangePassword } from './queries';
import { StepUpField, useStepUp } from './step-up';

/**
 * /mine/password: current password, new one twice, and the authenticator code when two-factor
 * authentication is on. Other devices are logged out by the server.
 */
export function PasswordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const change = useChangePassword();
  const stepUp = useStepUp();
  const needsCode = stepUp.mode === 'code';

  const submit = useFormSubmit({
    pending: change.isPending,
    check: () => validatePasswordChange({ old, next, repeat }) ?? (needsCode ? stepUp.check(code) : null),
    send: () =>
      change.mutate(
        { current: old, next, repeat, ...(needsCode ? { otpCode: code } : {}) },
        {
          onSuccess: () => {
            setOld('');
            setNext('');
            setRepeat('');
            setCode('');
            showMessage('success', t('password.done'));
            goBack();
          },
        },
      ),
  });

  return (
    <div className="form-page" data-testid="page-password">
      <form className="form-stack" onSubmit={submit} noValidate>
        <PasswordField
          label={t('password.old_password')}
          testId="password-old"
          autoComplete="current-password"
          value={old}
          onChange={setOld}
          maxLength={128}
        />
        <PasswordField
          label={t('password.new_password')}
          testId="password-new"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          maxLength={128}
        />
        <PasswordField
          label={t('password.repeat_password')}
          testId="password-repeat"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          maxLength={128}
        />
        {needsCode ? <StepUpField mode="code" testId="password-otp" value={code} onChange={setCode} /> : null}
        <SubmitButton testId="password-submit" pending={change.isPending}>
          {t('common.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
