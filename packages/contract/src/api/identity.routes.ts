import type {
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
import type { NoData, NoInput } from './no-input.js';
import { realRoute, userRoute, visitorRoute } from './route.js';

/**
 * Identity (spec section 7): demo accounts, registration, login, codes, passwords and the user
 * centre. Forms travel as POST bodies; the demo account, captcha and reads are GETs.
 */
export const identityRoutes = {
  demoAccount: visitorRoute<typeof DemoAccountQuery, typeof LoginResponse>(
    'GET',
    '/api/user/createAccountDemoForU',
  ),
  login: visitorRoute<typeof LoginForm, typeof LoginResponse>('POST', '/api/user/loginForU'),
  captcha: visitorRoute<typeof NoInput, typeof Captcha>('GET', '/api/user/captcha'),
  register: visitorRoute<typeof RegisterForm, typeof LoginResponse>('POST', '/api/user/register'),
  sendEmailCode: visitorRoute<typeof SendCodeForm, typeof NoData>('POST', '/api/notify/send_email'),
  sendSmsCode: visitorRoute<typeof SendCodeForm, typeof NoData>('POST', '/api/notify/send_sms'),
  forgetPassword: visitorRoute<typeof ForgetPasswordForm, typeof NoData>('POST', '/api/user/forget_password'),
  amendPassword: realRoute<typeof AmendPasswordForm, typeof NoData>('POST', '/api/user/amend_password'),
  logout: userRoute<typeof NoInput, typeof NoData>('POST', '/api/user/logout'),
  userInfo: userRoute<typeof NoInput, typeof User>('GET', '/api/user/info'),
  invite: realRoute<typeof NoInput, typeof InviteInfo>('GET', '/api/user/invite'),
  // Two-factor authentication (not in the specification): real accounts only, since a demo
  // account has no password and its device id is its only credential (see docs/decisions.md).
  twoFactorStatus: realRoute<typeof NoInput, typeof TwoFactorStatus>('GET', '/api/user/two_factor'),
  twoFactorSetup: realRoute<typeof TwoFactorSetupForm, typeof TwoFactorSetup>(
    'POST',
    '/api/user/two_factor/setup',
  ),
  twoFactorEnable: realRoute<typeof TwoFactorCodeForm, typeof TwoFactorEnabled>(
    'POST',
    '/api/user/two_factor/enable',
  ),
  twoFactorDisable: realRoute<typeof TwoFactorCodeForm, typeof NoData>(
    'POST',
    '/api/user/two_factor/disable',
  ),
} as const;
