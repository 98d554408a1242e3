import {
  AmendPasswordForm,
  ForgetPasswordForm,
  LoginForm,
  RegisterForm,
  SendCodeForm,
} from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import type { Translator } from '../../i18n/translator.js';
import { defineProtectedRoute } from './auth.js';
import type { IdentityService } from './identity.service.js';
import type { RecoveryService } from './recovery.service.js';

/** Empty fields get the spec's own prompts ("enter account", "enter password"), not a field list. */
function requireFields(body: unknown): void {
  const b = (body ?? {}) as Record<string, unknown>;
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(b.account)) throw new AppError('account_required');
  if (typeof b.password !== 'string' || b.password === '') throw new AppError('password_required');
}

export function registerIdentityRoutes(
  app: FastifyInstance,
  translator: Translator,
  identity: IdentityService,
  recovery: RecoveryService,
): void {
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/user/createAccountDemoForU',
    query: z.object({ demo_id: z.string().max(100).optional() }),
    handler: ({ query, request }) => identity.demo(query.demo_id, request.ip),
  });

  defineRoute(app, translator, {
    method: 'POST',
    url: '/api/user/loginForU',
    body: z.unknown(),
    handler: ({ body, request }) => {
      requireFields(body);
      return identity.login(LoginForm.parse(body), request.ip);
    },
  });

  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/user/captcha',
    handler: ({ request }) => identity.captcha(request.ip),
  });

  defineRoute(app, translator, {
    method: 'POST',
    url: '/api/user/register',
    body: RegisterForm,
    handler: ({ body }) => identity.register(body),
  });

  for (const [url, channel] of [
    ['/api/notify/send_email', 'email'],
    ['/api/notify/send_sms', 'mobile'],
  ] as const) {
    defineRoute(app, translator, {
      method: 'POST',
      url,
      body: SendCodeForm,
      handler: ({ body, request }) => recovery.sendCode(channel, body, request.ip, request.lang),
    });
  }

  defineRoute(app, translator, {
    method: 'POST',
    url: '/api/user/forget_password',
    body: ForgetPasswordForm,
    handler: ({ body }) => recovery.forgetPassword(body),
  });

  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/user/amend_password',
    access: 'real',
    body: AmendPasswordForm,
    handler: ({ body, user }) => recovery.amendPassword(user, body),
  });

  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/user/logout',
    access: 'user',
    handler: ({ user }) => identity.logout(user),
  });

  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/user/info',
    access: 'user',
    handler: ({ user }) => identity.info(user),
  });

  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/user/invite',
    access: 'real',
    handler: ({ user }) => identity.invite(user),
  });
}
