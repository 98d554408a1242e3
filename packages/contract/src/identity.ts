import { z } from 'zod';
import { Money } from './money.js';
import { wholeNumber } from './whole-number.js';

/**
 * Identity: demo accounts, registration, login, sessions, passwords, the user centre.
 * Form bodies arrive form-encoded or as JSON; numeric fields are coerced from strings.
 */

/** 1 = e-mail, 2 = mobile (area code + number). */
export const ACCOUNT_TYPE_EMAIL = 1;
export const ACCOUNT_TYPE_MOBILE = 2;
export const AccountType = wholeNumber(z.union([z.literal(1), z.literal(2)]));

/** verification code purposes: 1 register, 2 reset password. */
export const CODE_PURPOSE_REGISTER = 1;
export const CODE_PURPOSE_RESET = 2;
export const CodePurpose = wholeNumber(z.union([z.literal(1), z.literal(2)]));

/**
 * An area (calling-code) id; absent when missing or blank. Forms built from the specification send
 * `area_id=` empty for an e-mail account, and that must read as "no area", not as an invalid one.
 */
export const OptionalAreaId = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    wholeNumber(z.number().int().positive()).optional(),
  )
  .optional();

export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_SECONDS = 600;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const User = z.object({
  id: z.number().int().positive(),
  /** Public, stable, 8-digit account number shown as "UID". */
  uid: z.string(),
  /** Empty for demo accounts and mobile-only users. */
  email: z.string(),
  mobile: z.string(),
  /** The calling code of `mobile`, e.g. "44"; empty when no mobile. */
  global_code: z.string(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  credit_score: z.number(),
  /** Empty for demo accounts (they cannot invite). */
  invite_code: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
});
export type User = z.infer<typeof User>;

/** Returned by loginForU, register and createAccountDemoForU. */
export const LoginResponse = z.object({ token: z.string(), user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /v1/api/main/wallet/getBalance and the balance part of forexDetail. */
export const BalanceAccount = z.object({ balance: Money, lock_balance: Money });
export type BalanceAccount = z.infer<typeof BalanceAccount>;

export const DemoQuery = z.object({ demo_id: z.string().uuid() });

/**
 * GET /api/user/createAccountDemoForU: what the route reads. The id is checked by the service (a
 * UUID, else demo_id_invalid), so a missing or malformed id gets that message rather than a field list.
 */
export const DemoAccountQuery = z.object({ demo_id: z.string().max(100).optional() });
export type DemoAccountQuery = z.input<typeof DemoAccountQuery>;

/** Optional text that a form built from the specification may send blank: blank reads as absent. */
const blankIsAbsent = (max: number) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max))
    .optional();

/** A one-time code: the 6 digits of an authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const OtpCode = blankIsAbsent(32);

/**
 * Proof that the caller is the account's owner, for the calls that send money out or change what
 * protects the account (binding a payout method, withdrawing, changing the password): the
 * authenticator code (`otp_code`) when two-factor authentication is on, else the login password.
 */
export const StepUpFields = {
  password: blankIsAbsent(128),
  otp_code: OtpCode,
};

export const LoginForm = z.object({
  account: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  /** 1 e-mail, 2 mobile; when absent the server infers it from the account's shape. */
  login_type: AccountType.optional(),
  /** Mobile login: the area of the number. Without it the number (national or with its calling code) is looked up across areas. */
  area_id: OptionalAreaId,
  /**
   * The second step when two-factor authentication is on: the first answer is `two_factor_required`
   * and the client sends the same form again with the authenticator code (or a recovery code).
   */
  otp_code: OtpCode,
  /** After failed logins the answer is `captcha_required`: the id (`key`) and answer of a fresh captcha. */
  key: blankIsAbsent(64),
  captcha: blankIsAbsent(16),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const SendCodeForm = z.object({
  /** E-mail address (send_email) or national phone number (send_sms). */
  to: z.string().trim().min(1).max(254),
  area_id: OptionalAreaId,
  type: CodePurpose,
});
export type SendCodeForm = z.infer<typeof SendCodeForm>;

export const RegisterForm = z.object({
  type: AccountType,
  area_id: OptionalAreaId,
  /** E-mail address when type 1; the phone number when type 2 (also accepted in `mobile`). */
  account: z.string().trim().max(254).optional(),
  mobile: z.string().trim().max(32).optional(),
  password: z.string().max(128),
  re_password: z.string().max(128),
  invite_code: z.string().trim().max(32).optional(),
  /** The 6-digit code that was e-mailed or texted (verify_reg_type 1), or the captcha answer (2). */
  sms_code: z.string().trim().max(16),
  /** The captcha id (verify_reg_type 2). */
  key: z.string().trim().max(64).optional(),
});
export type RegisterForm = z.infer<typeof RegisterForm>;

export const ForgetPasswordForm = z.object({
  type: AccountType,
  account: z.string().trim().min(1).max(254),
  area_id: OptionalAreaId,
  new_password: z.string().max(128),
  secondary_password: z.string().max(128),
  auth_code: z.string().trim().min(1).max(16),
});
export type ForgetPasswordForm = z.infer<typeof ForgetPasswordForm>;

/**
 * POST /api/user/amend_password (logged in). type 1 (default): `auth_code` is the current password;
 * type 2: `auth_code` is a reset code e-mailed or texted to the account. `re_password` repeats
 * new_password when the client sends it.
 */
export const AmendPasswordForm = z.object({
  type: wholeNumber(z.union([z.literal(1), z.literal(2)])).default(1),
  new_password: z.string().max(128),
  re_password: z.string().max(128).optional(),
  auth_code: z.string().min(1).max(128),
  /** Required as well when two-factor authentication is on: the authenticator code. */
  otp_code: OtpCode,
});
export type AmendPasswordForm = z.infer<typeof AmendPasswordForm>;

/** The image captcha (verify_reg_type 2): `b64s` is a data: URL of the picture (a PNG). Single use. */
export const Captcha = z.object({ id: z.string(), b64s: z.string() });
export type Captcha = z.infer<typeof Captcha>;

/** GET /api/user/invite: the data of /mine/invite. `link` is a path+query the client prefixes with its origin. */
export const InviteInfo = z.object({
  invite_code: z.string(),
  link: z.string(),
  invited_count: z.number().int().min(0),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

// ---- Two-factor authentication (TOTP, RFC 6238) ----

/** GET /api/user/two_factor: whether it is on, and how many unused recovery codes are left. */
export const TwoFactorStatus = z.object({
  enabled: z.union([z.literal(0), z.literal(1)]),
  recovery_left: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/user/two_factor/setup: starting an enrolment asks for the password again. */
export const TwoFactorSetupForm = z.object({ password: z.string().max(128).default('') });
export type TwoFactorSetupForm = z.infer<typeof TwoFactorSetupForm>;

/**
 * The enrolment's secret, shown once: `secret` in base32 for typing, `otpauth_url` for apps, `qr` a
 * data: URL (SVG) of that URL as a QR code. Not in force until confirmed with a code.
 */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** Confirming an enrolment (a code from the app) or turning it off (a code or a recovery code). */
export const TwoFactorCodeForm = z.object({ code: z.string().trim().max(32).default('') });
export type TwoFactorCodeForm = z.infer<typeof TwoFactorCodeForm>;

/** The one-time recovery codes, shown once when two-factor authentication is turned on. */
export const TwoFactorEnabled = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabled>;
