import {
  ACCOUNT_TYPE_EMAIL,
  type Captcha,
  CODE_PURPOSE_REGISTER,
  type LoginResponse,
} from '@meridian/contract';
import { refreshBalance, signIn } from '../../app/auth-actions';
import { api } from '../../app/services';
import { deviceId } from '../../lib/device';

/** 1 = e-mail, 2 = mobile with an area code (contract ACCOUNT_TYPE_*). */
export type Channel = 1 | 2;

/** Keeps the session, logs the socket in and loads the balance the account card shows. */
function enter({ token, user }: LoginResponse): void {
  signIn(token, user);
  refreshBalance().catch(() => undefined);
}

/** The one-tap demo: the device id is the demo account's only credential (spec section 6). */
export async function openDemoAccount(): Promise<void> {
  const { data } = await api.get<LoginResponse>(
    '/api/user/createAccountDemoForU',
    { demo_id: deviceId() },
    { loading: true },
  );
  enter(data);
}

export async function logIn(account: string, password: string): Promise<void> {
  const { data } = await api.post<LoginResponse>(
    '/api/user/loginForU',
    { account: account.trim(), password },
    { loading: true },
  );
  enter(data);
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
  const { data } = await api.post<LoginResponse>(
    '/api/user/register',
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
    { loading: true },
  );
  enter(data);
}

/** Asks the server to mail or text a 6-digit code; the server enforces the 60 s cooldown too. */
export async function sendCode(
  channel: Channel,
  to: string,
  areaId: number | null,
  purpose: number = CODE_PURPOSE_REGISTER,
): Promise<void> {
  const path = channel === ACCOUNT_TYPE_EMAIL ? '/api/notify/send_email' : '/api/notify/send_sms';
  await api.post(path, {
    to: to.trim(),
    type: purpose,
    area_id: channel === ACCOUNT_TYPE_EMAIL ? undefined : (areaId ?? undefined),
  });
}

export async function fetchCaptcha(): Promise<Captcha> {
  const { data } = await api.get<Captcha>('/api/user/captcha', undefined, { showErrorMessage: false });
  return data;
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
  await api.post(
    '/api/user/forget_password',
    {
      type: req.channel,
      account: req.account.trim(),
      area_id: req.channel === ACCOUNT_TYPE_EMAIL ? undefined : (req.areaId ?? undefined),
      auth_code: req.code.trim(),
      new_password: req.password,
      secondary_password: req.repeat,
    },
    { loading: true },
  );
}
