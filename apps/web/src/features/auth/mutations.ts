import {
  ACCOUNT_TYPE_EMAIL,
  type Captcha,
  CODE_PURPOSE_REGISTER,
  type LoginResponse,
  routes,
} from '@meridian/contract';
import { useMutation } from '@tanstack/react-query';
import { refreshBalance, signIn } from '../../lib/auth-actions';
import { deviceId } from '../../lib/device';
import { api } from '../../lib/services';

/** 1 = e-mail, 2 = mobile with an area code (contract ACCOUNT_TYPE_*). */
export type Channel = 1 | 2;

// Every call that logs in or changes a password shows the loading toast: one tap, one request.
const ACTION = { loading: true } as const;

/** Keeps the session, logs the socket in and loads the balance the account card shows. */
function enter({ token, user }: LoginResponse): void {
  signIn(token, user);
  refreshBalance().catch(() => undefined);
}

/** The one-tap demo: the device id is the demo account's only credential (spec section 6). */
export async function openDemoAccount(): Promise<void> {
  enter(await api.call(routes.demoAccount, { demo_id: deviceId() }, ACTION));
}

export interface LoginRequest {
  account: string;
  password: string;
  /** The second step: the authenticator code (or a recovery code) when two-factor authentication is on. */
  otpCode?: string;
  /** After repeated failures the server asks for a solved captcha: its id and the answer typed. */
  captcha?: { id: string; answer: string };
}

export async function logIn({ account, password, otpCode, captcha }: LoginRequest): Promise<void> {
  const payload = {
    account: account.trim(),
    password,
    otp_code: otpCode?.trim() || undefined,
    key: captcha?.id,
    captcha: captcha?.answer.trim(),
  };
  enter(await api.call(routes.login, payload, ACTION));
}

export interface RegisterRequest {
  channel: Channel;
  account: string;
  areaId: number | null;
  password: string;
  repeat: string;
  code: string;
  inviteCode: string;
  /** The captcha id when the code is a captcha answer. */
  captchaId: string | null;
}

export async function register(req: RegisterRequest): Promise<void> {
  const account = req.account.trim();
  const isMobile = req.channel !== ACCOUNT_TYPE_EMAIL;
  const session = await api.call(
    routes.register,
    {
      type: req.channel,
      account,
      mobile: isMobile ? account : undefined,
      area_id: isMobile ? (req.areaId ?? undefined) : undefined,
      password: req.password,
      re_password: req.repeat,
      sms_code: req.code.trim(),
      key: req.captchaId ?? undefined,
      invite_code: req.inviteCode.trim() || undefined,
    },
    ACTION,
  );
  enter(session);
}

/** Asks the server to mail or text a 6-digit code; the server enforces the 60 s cooldown too. */
export async function sendCode(
  channel: Channel,
  to: string,
  areaId: number | null,
  purpose: number = CODE_PURPOSE_REGISTER,
): Promise<void> {
  const route = channel === ACCOUNT_TYPE_EMAIL ? routes.sendEmailCode : routes.sendSmsCode;
  await api.call(route, {
    to: to.trim(),
    type: purpose,
    area_id: channel === ACCOUNT_TYPE_EMAIL ? undefined : (areaId ?? undefined),
  });
}

export function fetchCaptcha(): Promise<Captcha> {
  return api.call(routes.captcha, {}, { showErrorMessage: false });
}

export interface ForgotRequest {
  channel: Channel;
  account: string;
  areaId: number | null;
  code: string;
  password: string;
  repeat: string;
}

export async function resetForgottenPassword(req: ForgotRequest): Promise<void> {
  await api.call(
    routes.forgetPassword,
    {
      type: req.channel,
      account: req.account.trim(),
      area_id: req.channel === ACCOUNT_TYPE_EMAIL ? undefined : (req.areaId ?? undefined),
      auth_code: req.code.trim(),
      new_password: req.password,
      secondary_password: req.repeat,
    },
    ACTION,
  );
}

export function useDemoAccount() {
  return useMutation({ mutationFn: openDemoAccount });
}

export function useLogin() {
  return useMutation({ mutationFn: logIn });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetForgottenPassword });
}
