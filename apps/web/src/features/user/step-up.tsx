import { useQuery } from '@tanstack/react-query';
import type { TKey } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { PasswordField, TextField } from '../../lib/form-kit';
import { twoFactorQuery } from './security';

/** What a sensitive form sends as the owner's proof (the contract's StepUpFields). */
export interface StepUpPayload {
  password?: string;
  otp_code?: string;
}

/**
 * The owner's proof for a sensitive form (binding a payout method, withdrawing, changing the
 * password): the authenticator code when two-factor authentication is on, else the login password.
 * `mode` is null until the state has loaded.
 */
export function useStepUp(): {
  mode: 'code' | 'password' | null;
  payload(value: string): StepUpPayload;
  check(value: string): TKey | null;
} {
  const status = useQuery(twoFactorQuery());
  const mode = status.data ? (status.data.enabled === 1 ? 'code' : 'password') : null;
  return {
    mode,
    payload: (value) => (mode === 'code' ? { otp_code: value.trim() } : { password: value }),
    check: (value) => {
      if (value.trim() !== '') return null;
      return mode === 'code' ? 'security.enter_code' : 'security.enter_password';
    },
  };
}

/** The proof's input: a code field or a password field, as the account needs. */
export function StepUpField({
  mode,
  value,
  onChange,
  testId,
}: {
  mode: 'code' | 'password' | null;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (mode === 'code') {
    return (
      <TextField
        label={t('security.code')}
        testId={testId}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        onChange={onChange}
        maxLength={32}
        ltr
      />
    );
  }
  return (
    <PasswordField
      label={t('security.proof_password')}
      testId={testId}
      autoComplete="current-password"
      value={value}
      onChange={onChange}
      maxLength={128}
    />
  );
}
