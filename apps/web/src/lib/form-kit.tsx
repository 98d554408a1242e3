/**
 * The form kit every screen with a form shares (identity, user centre, verification, funding):
 * labelled native inputs, the submit button, the submit handler that checks before it sends, and
 * the form's layout classes (form-kit.css: `form-page`, `form-stack`).
 */
import Button from 'antd-mobile/es/components/button';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { type FormEvent, type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { TKey } from '../i18n';
import { useTranslation } from '../i18n/use-translation';
import { showMessage } from './toast';
import './form-kit.css';

interface TextFieldProps {
  label: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  /** Rendered inside the box before the input (an area-code button). */
  start?: ReactNode;
  /** Rendered inside the box after the input (send-code button, captcha image, eye toggle). */
  end?: ReactNode;
  /** Lay the box out left-to-right in every language: a phone number reads "+44 7700…" everywhere. */
  ltr?: boolean;
}

/**
 * A native input with its label: the test id sits on the <input> itself so browsers, password
 * managers and tests all reach the real control. 16 px text stops iOS from zooming on focus.
 */
export function TextField({
  label,
  testId,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
  start,
  end,
  ltr = false,
}: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box" dir={ltr ? 'ltr' : undefined}>
        {start}
        <input
          id={id}
          className="field__input"
          data-testid={testId}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          maxLength={maxLength}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          dir="auto"
          onChange={(e) => onChange(e.target.value)}
        />
        {end}
      </div>
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end' | 'start' | 'inputMode' | 'ltr'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide toggle: typing a long password blind on a phone is error-prone. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="field__icon"
          aria-label={visible ? t('common.hide') : t('common.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  );
}

/** The form's primary button: spins while its mutation runs. */
export function SubmitButton({
  testId,
  pending,
  children,
}: {
  testId: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      shape="rounded"
      size="large"
      loading={pending}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** A form's local check: the translation key of the first problem, or null when it may be sent. */
export type FormCheck = () => TKey | null;

/**
 * The `onSubmit` of a form whose sending is a TanStack Query mutation: a tap while it is pending
 * does nothing; the local check runs first, and its problem is shown as a toast instead of sending;
 * then `send` starts the mutation (whose own errors the API client has already shown).
 */
export function useFormSubmit({
  pending,
  check,
  send,
}: {
  pending: boolean;
  check?: FormCheck;
  send(): void;
}): (event: FormEvent) => void {
  const { t } = useTranslation();
  return (event) => {
    event.preventDefault();
    if (pending) return;
    const problem = check?.() ?? null;
    if (problem) {
      showMessage('error', t(problem));
      return;
    }
    send();
  };
}
