import { describe, expect, it } from 'vitest';
import { en } from './test-texts';
import {
  validateCodeDestination,
  validateForgot,
  validateLogin,
  validatePasswordChange,
  validateRegister,
} from './validation';

describe('login form (spec section 5)', () => {
  it('asks for the account, then the password', () => {
    expect(validateLogin({ account: '', password: '' })).toBe('messages.enter_account_or_password');
    expect(validateLogin({ account: '   ', password: 'secret12' })).toBe('messages.enter_email_or_phone');
    expect(validateLogin({ account: 'a@b.test', password: '' })).toBe('messages.enter_account_or_password');
    expect(validateLogin({ account: 'a@b.test', password: 'secret12' })).toBeNull();
  });
});

describe('register form', () => {
  const ok = { account: 'a@b.test', password: 'abcd1234', repeat: 'abcd1234', code: '123456' };
  it('requires account, both passwords and the code, each with its message', () => {
    expect(validateRegister({ ...ok, account: '' })).toBe('messages.enter_email_or_phone');
    expect(validateRegister({ ...ok, password: '' })).toBe('messages.input_full');
    expect(validateRegister({ ...ok, repeat: '' })).toBe('messages.input_full');
    expect(validateRegister({ ...ok, code: ' ' })).toBe('messages.enter_verification_code');
  });
  it('refuses a repeat that differs', () => {
    expect(validateRegister({ ...ok, repeat: 'abcd12345' })).toBe('messages.password_not_equal');
    expect(validateRegister(ok)).toBeNull();
  });
  it('needs a destination before a code can be sent', () => {
    expect(validateCodeDestination(' ')).toBe('messages.enter_email_or_phone');
    expect(validateCodeDestination('a@b.test')).toBeNull();
  });
});

describe('forgot form', () => {
  const ok = { account: 'a@b.test', code: '123456', password: 'abcd1234', repeat: 'abcd1234' };
  it('requires every field and equal passwords', () => {
    expect(validateForgot({ ...ok, account: '' })).toBe('messages.enter_email_or_phone');
    expect(validateForgot({ ...ok, code: '' })).toBe('messages.enter_verification_code');
    expect(validateForgot({ ...ok, repeat: '' })).toBe('messages.input_full');
    expect(validateForgot({ ...ok, repeat: 'x' })).toBe('messages.password_not_equal');
    expect(validateForgot(ok)).toBeNull();
  });
});

describe('change password form', () => {
  const ok = { old: 'old12345', next: 'new12345', repeat: 'new12345' };
  it('asks for the old password, then both new ones (input_full), then equality (password_not_equal)', () => {
    expect(validatePasswordChange({ ...ok, old: '' })).toBe('messages.enter_old_password');
    expect(validatePasswordChange({ ...ok, next: '' })).toBe('messages.input_full');
    expect(validatePasswordChange({ ...ok, repeat: '' })).toBe('messages.input_full');
    expect(validatePasswordChange({ ...ok, repeat: 'new123456' })).toBe('messages.password_not_equal');
    expect(validatePasswordChange(ok)).toBeNull();
  });
  it('every message it can return has an English text', () => {
    for (const key of [
      'messages.enter_old_password',
      'messages.input_full',
      'messages.password_not_equal',
      'messages.enter_email_or_phone',
      'messages.enter_verification_code',
      'messages.enter_account_or_password',
    ]) {
      expect(en(key)).not.toBe('');
    }
  });
});
