import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../app/TopNav';
import { showMessage } from '../../app/toast';
import { PasswordField } from '../auth/form-kit';
import { validatePasswordChange } from '../auth/validation';
import { changePassword } from './queries';

/** /mine/password: current password, new one twice. Other devices are logged out by the server. */
export function PasswordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validatePasswordChange({ old, next, repeat });
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    setBusy(true);
    changePassword(old, next, repeat)
      .then(() => {
        setOld('');
        setNext('');
        setRepeat('');
        showMessage('success', t('password.done'));
        goBack();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <div className="auth-page" data-testid="page-password">
      <form className="auth-form" onSubmit={submit} noValidate>
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
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          data-testid="password-submit"
        >
          {t('common.submit')}
        </Button>
      </form>
    </div>
  );
}
