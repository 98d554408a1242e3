import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import type { IdentityService } from './identity.service.js';
import type { RecoveryService } from './recovery.service.js';
import type { TwoFactorService } from './two-factor.service.js';

/** Empty fields get the spec's own prompts ("enter account", "enter password"), not a field list. */
function requireFields(raw: unknown): void {
  const b = (raw ?? {}) as Record<string, unknown>;
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(b.account)) throw new AppError('account_required');
  if (typeof b.password !== 'string' || b.password === '') throw new AppError('password_required');
}

/** The identity calls of spec section 7: thin, the services do the work. */
export function registerIdentityRoutes(
  ctx: FeatureContext,
  identity: IdentityService,
  recovery: RecoveryService,
  twoFactor: TwoFactorService,
): void {
  defineRoute(ctx, endpoints.demoAccount, ({ input, request }) => identity.demo(input.demo_id, request.ip));
  defineRoute(ctx, endpoints.login, ({ input, request }) => identity.login(input, request.ip), {
    precheck: requireFields,
  });
  defineRoute(ctx, endpoints.captcha, ({ request }) => identity.captcha(request.ip));
  defineRoute(ctx, endpoints.register, ({ input, request }) => identity.register(input, request.ip));
  defineRoute(ctx, endpoints.sendEmailCode, ({ input, request }) =>
    recovery.sendCode('email', input, request.ip, request.lang),
  );
  defineRoute(ctx, endpoints.sendSmsCode, ({ input, request }) =>
    recovery.sendCode('mobile', input, request.ip, request.lang),
  );
  defineRoute(ctx, endpoints.forgetPassword, ({ input }) => recovery.forgetPassword(input));
  defineRoute(ctx, endpoints.amendPassword, ({ input, user, request }) =>
    recovery.amendPassword(user, input, request.ip),
  );
  defineRoute(ctx, endpoints.logout, ({ user }) => identity.logout(user));
  defineRoute(ctx, endpoints.userInfo, ({ user }) => identity.info(user));
  defineRoute(ctx, endpoints.invite, ({ user }) => identity.invite(user));

  defineRoute(ctx, endpoints.twoFactorStatus, ({ user }) => twoFactor.status(user.userId));
  defineRoute(ctx, endpoints.twoFactorSetup, ({ input, user, request }) =>
    identity.twoFactorSetup(user, input.password, request.ip),
  );
  defineRoute(ctx, endpoints.twoFactorEnable, ({ input, user, request }) =>
    twoFactor.enable(user, input.code, request.ip),
  );
  defineRoute(ctx, endpoints.twoFactorDisable, ({ input, user, request }) =>
    twoFactor.disable(user, input.code, request.ip),
  );
}
