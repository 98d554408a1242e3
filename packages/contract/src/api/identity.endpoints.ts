import type { ErrorKey } from '../errors.js';
import {
  AmendPasswordForm,
  Captcha,
  DemoAccountQuery,
  ForgetPasswordForm,
  InviteInfo,
  LoginForm,
  LoginResponse,
  RegisterForm,
  SendCodeForm,
  TwoFactorCodeForm,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorSetupForm,
  TwoFactorStatus,
  User,
} from '../identity.js';
import { defineEndpoints } from './endpoint.js';
import { identityRoutes } from './identity.routes.js';
import { NoData, NoInput } from './no-input.js';

/** What resolving an e-mail address or a phone number with its area may refuse. */
const ADDRESS_ERRORS: readonly ErrorKey[] = [
  'account_required',
  'email_invalid',
  'mobile_invalid',
  'area_invalid',
];
/** What a new password (and its repetition) may be refused for. */
const NEW_PASSWORD_ERRORS: readonly ErrorKey[] = ['password_required', 'weak_password', 'password_mismatch'];
/** What a password check shares with login's throttle: the wait after repeated failures. */
const PASSWORD_CHECK_ERRORS: readonly ErrorKey[] = [
  'password_required',
  'old_password_wrong',
  'login_slow_down',
];
/**
 * What a call that needs the owner's proof (`StepUpFields`: the authenticator code when two-factor
 * authentication is on, else the password) may answer for that proof.
 */
export const STEP_UP_ERRORS: readonly ErrorKey[] = [
  ...PASSWORD_CHECK_ERRORS,
  'two_factor_required',
  'two_factor_invalid',
];

export const identityEndpoints = defineEndpoints('identity', identityRoutes, {
  demoAccount: {
    request: DemoAccountQuery,
    response: LoginResponse,
    summary: "The device's demo account (opened on first call with the demo balance), logged in.",
    errors: ['demo_id_invalid'],
  },
  login: {
    request: LoginForm,
    response: LoginResponse,
    summary:
      'Log in with an e-mail address or a phone number and the password (and the authenticator code when two-factor authentication is on).',
    errors: [
      'account_required',
      'password_required',
      'login_failed',
      'login_slow_down',
      'captcha_required',
      'captcha_invalid',
      'two_factor_required',
      'two_factor_invalid',
    ],
  },
  captcha: {
    request: NoInput,
    response: Captcha,
    summary: 'A fresh single-use image captcha (registration with verify_reg_type 2).',
    errors: [],
  },
  register: {
    request: RegisterForm,
    response: LoginResponse,
    summary: 'Open a real account with an e-mailed or texted code (or a captcha answer), logged in.',
    errors: [
      ...ADDRESS_ERRORS,
      ...NEW_PASSWORD_ERRORS,
      'invite_code_invalid',
      'captcha_invalid',
      'code_invalid',
      'code_expired',
      'account_exists',
    ],
  },
  sendEmailCode: {
    request: SendCodeForm,
    response: NoData,
    summary: 'E-mail a 6-digit code for registration (type 1) or a password reset (type 2).',
    errors: [...ADDRESS_ERRORS, 'code_cooldown'],
  },
  sendSmsCode: {
    request: SendCodeForm,
    response: NoData,
    summary: 'Text a 6-digit code for registration (type 1) or a password reset (type 2).',
    errors: [...ADDRESS_ERRORS, 'code_cooldown'],
  },
  forgetPassword: {
    request: ForgetPasswordForm,
    response: NoData,
    summary: 'Set a new password with a reset code; every session of the account ends.',
    errors: [...ADDRESS_ERRORS, ...NEW_PASSWORD_ERRORS, 'code_invalid', 'code_expired'],
  },
  amendPassword: {
    request: AmendPasswordForm,
    response: NoData,
    summary:
      'Change the password (with the current one, or a reset code; plus the authenticator code when two-factor authentication is on); other sessions end.',
    errors: [
      ...NEW_PASSWORD_ERRORS,
      'old_password_wrong',
      'login_slow_down',
      'code_invalid',
      'code_expired',
      'two_factor_required',
      'two_factor_invalid',
    ],
  },
  logout: {
    request: NoInput,
    response: NoData,
    summary: 'End this session.',
    errors: [],
  },
  userInfo: {
    request: NoInput,
    response: User,
    summary: 'The logged-in account.',
    errors: [],
  },
  invite: {
    request: NoInput,
    response: InviteInfo,
    summary: "The caller's invite code, link and how many accounts it opened.",
    errors: [],
  },
  twoFactorStatus: {
    request: NoInput,
    response: TwoFactorStatus,
    summary: 'Whether two-factor authentication is on, and how many recovery codes are left.',
    errors: [],
  },
  twoFactorSetup: {
    request: TwoFactorSetupForm,
    response: TwoFactorSetup,
    summary:
      'Start an enrolment (password required): a new secret and its QR code, not in force until confirmed.',
    errors: [...PASSWORD_CHECK_ERRORS, 'two_factor_already_enabled'],
  },
  twoFactorEnable: {
    request: TwoFactorCodeForm,
    response: TwoFactorEnabled,
    summary:
      "Confirm the enrolment with a code from the app: two-factor authentication is on, the account's other sessions end, and the one-time recovery codes are shown once.",
    errors: [
      'two_factor_invalid',
      'two_factor_already_enabled',
      'two_factor_setup_missing',
      'login_slow_down',
    ],
  },
  twoFactorDisable: {
    request: TwoFactorCodeForm,
    response: NoData,
    summary: 'Turn two-factor authentication off with a code from the app or a recovery code.',
    errors: ['two_factor_invalid', 'two_factor_not_enabled', 'login_slow_down'],
  },
});
