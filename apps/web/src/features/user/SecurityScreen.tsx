import type { TwoFactorSetup } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PasswordField, SubmitButton, TextField, useFormSubmit } from '../../lib/form-kit';
import { showMessage } from '../../lib/toast';
import { copyText } from './clipboard';
import { twoFactorQuery, useConfirmTwoFactor, useStartTwoFactor, useTurnOffTwoFactor } from './security';
import './user.css';

/** Turning it on: the password, then the QR code and key with the app's first code. */
function Enrol({ onDone }: { onDone(codes: string[]): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();

  const submitPassword = useFormSubmit({
    pending: start.isPending,
    check: () => (password === '' ? 'security.enter_password' : null),
    send: () =>
      start.mutate(password, {
        onSuccess: (answer) => {
          setPassword('');
          setSetup(answer);
        },
      }),
  });
  const submitCode = useFormSubmit({
    pending: confirm.isPending,
    check: () => (code.trim() === '' ? 'security.enter_code' : null),
    send: () => confirm.mutate(code, { onSuccess: (answer) => onDone(answer.recovery_codes) }),
  });

  if (!setup) {
    return (
      <form className="form-stack" onSubmit={submitPassword} noValidate>
        <PasswordField
          label={t('security.proof_password')}
          testId="security-password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          maxLength={128}
        />
        <SubmitButton testId="security-start" pending={start.isPending}>
          {t('security.start')}
        </SubmitButton>
      </form>
    );
  }
  return (
    <form className="form-stack" onSubmit={submitCode} noValidate>
      <p className="mine-hint">{t('security.scan')}</p>
      <img className="security-qr" src={setup.qr} alt={t('security.qr_alt')} data-testid="security-qr" />
      <section className="mine-card">
        <span className="mine-card__label">{t('security.secret_label')}</span>
        <span className="mine-card__value security-secret" data-testid="security-secret">
          {setup.secret}
        </span>
      </section>
      <TextField
        label={t('security.code')}
        testId="security-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={setCode}
        maxLength={6}
        ltr
      />
      <SubmitButton testId="security-confirm" pending={confirm.isPending}>
        {t('security.confirm')}
      </SubmitButton>
    </form>
  );
}

/** Shown once, right after turning it on: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const copy = () => {
    copyText(codes.join('\n'))
      .then((ok) => {
        if (ok) showMessage('success', t('messages.copy_success'));
      })
      .catch(() => undefined);
  };
  return (
    <div className="form-stack">
      <h3 className="form-page__heading">{t('security.recovery_title')}</h3>
      <p className="mine-hint">{t('security.recovery_hint')}</p>
      <ol className="security-codes" data-testid="security-recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button size="small" shape="rounded" data-testid="security-copy-codes" onClick={copy}>
        {t('common.copy')}
      </Button>
      <Button block color="primary" shape="rounded" size="large" data-testid="security-done" onClick={onDone}>
        {t('security.done')}
      </Button>
    </div>
  );
}

/** Turning it off: a code from the app, or a recovery code when the phone is lost. */
function TurnOff() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const off = useTurnOffTwoFactor();
  const submit = useFormSubmit({
    pending: off.isPending,
    check: () => (code.trim() === '' ? 'security.enter_code' : null),
    send: () =>
      off.mutate(code, {
        onSuccess: () => {
          setCode('');
          showMessage('success', t('security.status_off'));
        },
      }),
  });
  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      <p className="mine-hint">{t('security.disable_hint')}</p>
      <TextField
        label={t('security.disable_code')}
        testId="security-disable-code"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        maxLength={32}
        ltr
      />
      <SubmitButton testId="security-disable" pending={off.isPending}>
        {t('security.disable')}
      </SubmitButton>
    </form>
  );
}

/**
 * /mine/security: two-factor authentication with an authenticator app. Off: turn it on (password,
 * QR code, first code, then the recovery codes shown once). On: how many recovery codes are left,
 * and turning it off.
 */
export function SecurityScreen() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQuery());
  const [recovery, setRecovery] = useState<string[] | null>(null);

  if (recovery) {
    return (
      <div className="mine-page" data-testid="page-security">
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      </div>
    );
  }
  if (!status.data) {
    return (
      <div className="mine-page" data-testid="page-security">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  const on = status.data.enabled === 1;
  return (
    <div className="mine-page" data-testid="page-security">
      <section className="mine-card" data-testid="security-status">
        <span className="mine-card__label">{t('security.title')}</span>
        <span className="security-status">{on ? t('security.status_on') : t('security.status_off')}</span>
        {on ? (
          <span className="mine-card__label" data-testid="security-recovery-left">
            {t('security.recovery_left', { count: status.data.recovery_left })}
          </span>
        ) : null}
      </section>
      <p className="mine-hint">{t('security.intro')}</p>
      {on ? <TurnOff /> : <Enrol onDone={setRecovery} />}
    </div>
  );
}
