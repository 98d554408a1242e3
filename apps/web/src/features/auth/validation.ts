import type { TKey } from '../../i18n';

/**
 * Form checks done before a call leaves the phone (spec section 5). Each returns the `messages.*`
 * key of the first problem, or null; the server checks everything again.
 */
export type Problem = TKey | null;

const blank = (value: string) => value.trim() === '';

export interface LoginInput {
  account: string;
  password: string;
}

export function validateLogin({ account, password }: LoginInput): Problem {
  if (blank(account) && password === '') return 'messages.enter_account_or_password';
  if (blank(account)) return 'messages.enter_email_or_phone';
  if (password === '') return 'messages.enter_account_or_password';
  return null;
}

export interface RegisterInput {
  account: string;
  password: string;
  repeat: string;
  code: string;
}

export function validateRegister({ account, password, repeat, code }: RegisterInput): Problem {
  if (blank(account)) return 'messages.enter_email_or_phone';
  if (password === '' || repeat === '') return 'messages.input_full';
  if (blank(code)) return 'messages.enter_verification_code';
  if (password !== repeat) return 'messages.password_not_equal';
  return null;
}

export interface ForgotInput {
  account: string;
  code: string;
  password: string;
  repeat: string;
}

export function validateForgot({ account, code, password, repeat }: ForgotInput): Problem {
  if (blank(account)) return 'messages.enter_email_or_phone';
  if (blank(code)) return 'messages.enter_verification_code';
  if (password === '' || repeat === '') return 'messages.input_full';
  if (password !== repeat) return 'messages.password_not_equal';
  return null;
}

export interface PasswordChangeInput {
  old: string;
  next: string;
  repeat: string;
}

export function validatePasswordChange({ old, next, repeat }: PasswordChangeInput): Problem {
  if (old === '') return 'messages.enter_old_password';
  if (next === '' || repeat === '') return 'messages.input_full';
  if (next !== repeat) return 'messages.password_not_equal';
  return null;
}

/** Before asking for a code: the destination must be there. */
export function validateCodeDestination(account: string): Problem {
  return blank(account) ? 'messages.enter_email_or_phone' : null;
}
