import { routes, TwoFactorEnabled, TwoFactorSetup } from '@meridian/contract';
import { totpAt } from '../totp.js';
import { call } from './client.js';

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/**
 * Turns two-factor authentication on for the session's account as the user centre does: setup with
 * the password, then the code the app would show at `now` (the server's clock: a test that moves a
 * ManualClock passes it here).
 */
export async function enrolTwoFactor(
  baseUrl: string,
  token: string,
  password = 'secret123',
  now: () => number = Date.now,
): Promise<Enrolled> {
  const setup = await call(baseUrl, routes.twoFactorSetup, { password }, { token });
  if (setup.body.code !== 1) throw new Error(`two-factor setup failed: ${setup.body.msg}`);
  const { secret } = TwoFactorSetup.parse(setup.body.data);
  const enable = await call(baseUrl, routes.twoFactorEnable, { code: totpAt(secret, now()) }, { token });
  if (enable.body.code !== 1) throw new Error(`two-factor enable failed: ${enable.body.msg}`);
  return { secret, recoveryCodes: TwoFactorEnabled.parse(enable.body.data).recovery_codes };
}
