import type { Captcha } from '@meridian/contract';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { showMessage } from '../../lib/toast';
import { useCountdown } from './countdown';
import { fetchCaptcha } from './mutations';
import type { Problem } from './validation';

interface CodeFieldProps {
  testId: string;
  value: string;
  onChange(value: string): void;
  /** The send-code button (verify_reg_type 1). */
  send?: {
    /** Checked before sending: the destination must be filled in. */
    check(): Problem;
    run(): Promise<void>;
  };
  /** The captcha image instead (verify_reg_type 2). */
  captcha?: { image: Captcha | null; refresh(): void };
}

/** The verification code input with either the 60 s send-code button or the tap-to-refresh captcha. */
export function CodeField({ testId, value, onChange, send, captcha }: CodeFieldProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const onSend = () => {
    if (!send || sending || remaining > 0) return;
    const problem = send.check();
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    setSending(true);
    send
      .run()
      .then(() => {
        start();
        showMessage('success', t('register.code_sent'));
      })
      // The API client has shown the server's reason (cooldown, rate limit, bad address).
      .catch(() => undefined)
      .finally(() => setSending(false));
  };

  let end: ReactNode = null;
  if (captcha) {
    end = (
      <button
        type="button"
        className="field__captcha"
        data-testid="captcha-image"
        aria-label={t('register.captcha_refresh')}
        onClick={captcha.refresh}
      >
        {captcha.image ? <img src={captcha.image.b64s} alt={t('register.captcha')} /> : null}
      </button>
    );
  } else if (send) {
    end = (
      <button
        type="button"
        className="field__side-button"
        data-testid="send-code"
        disabled={sending || remaining > 0}
        onClick={onSend}
      >
        {remaining > 0 ? t('register.resend_in', { seconds: remaining }) : t('register.send_code')}
      </button>
    );
  }

  return (
    <TextField
      label={captcha ? t('register.captcha') : t('register.verification_code')}
      testId={testId}
      value={value}
      onChange={onChange}
      inputMode={captcha ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      maxLength={16}
      end={end}
    />
  );
}

/** Loads a captcha when enabled; `refresh` fetches a new one (each is single use on the server). */
export function useCaptcha(enabled: boolean): { image: Captcha | null; refresh(): void } {
  const [image, setImage] = useState<Captcha | null>(null);
  const refresh = useCallback(() => {
    fetchCaptcha()
      .then(setImage)
      .catch(() => setImage(null));
  }, []);
  useEffect(() => {
    if (enabled) refresh();
    else setImage(null);
  }, [enabled, refresh]);
  return { image, refresh };
}
