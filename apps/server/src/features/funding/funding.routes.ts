import {
  BindDrawMethodForm,
  ChargeInfoQuery,
  ChargeListQuery,
  ChargeSubmitQuery,
  DeleteDrawMethodForm,
  DrawForm,
  DrawListQuery,
  DrawMethodQuery,
  DrawSymbolQuery,
  WireInfoQuery,
  WireSubmitQuery,
} from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Translator } from '../../i18n/translator.js';
import { defineProtectedRoute } from '../identity/auth.js';
import type { DepositService } from './deposits.service.js';
import type { WithdrawalService } from './withdrawals.service.js';

/** The trader's side of funding (spec section 7). Every call is for real accounts only. */
export function registerFundingRoutes(
  app: FastifyInstance,
  translator: Translator,
  deposits: DepositService,
  withdrawals: WithdrawalService,
): void {
  const translate = (request: FastifyRequest) => (key: string) => translator.t(request.lang, key);

  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/quickCharge/symbols',
    access: 'real',
    handler: () => deposits.symbols(),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/quickCharge/info',
    access: 'real',
    query: ChargeInfoQuery,
    handler: ({ query }) => deposits.addresses(query.currency_code),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/quickCharge/wire_info',
    access: 'real',
    query: WireInfoQuery,
    handler: ({ query }) => deposits.banks(query.bank_coin),
  });
  // The specification sends these two as GET with query parameters; POST with a form works too.
  for (const url of ['/api/quickCharge/submit', '/api/quickCharge/wire_submit'] as const) {
    const submit = (userId: number, input: unknown) =>
      url === '/api/quickCharge/submit'
        ? deposits.submitCoin(userId, ChargeSubmitQuery.parse(input))
        : deposits.submitWire(userId, WireSubmitQuery.parse(input));
    defineProtectedRoute(app, translator, {
      method: 'GET',
      url,
      access: 'real',
      handler: ({ user, request }) => submit(user.userId, request.query ?? {}),
    });
    defineProtectedRoute(app, translator, {
      method: 'POST',
      url,
      access: 'real',
      handler: ({ user, request }) => submit(user.userId, request.body ?? {}),
    });
  }
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/quickCharge/quick_ist',
    access: 'real',
    query: ChargeListQuery,
    handler: ({ user, query }) => deposits.records(user.userId, query.type, query.page),
  });

  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/account/draw_symbol_list',
    access: 'real',
    query: DrawSymbolQuery,
    handler: ({ query }) => withdrawals.currencies(query.type),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/wallet/get_draw_method',
    access: 'real',
    query: DrawMethodQuery,
    handler: ({ user, query }) =>
      withdrawals.methods(user.userId, { type: query.draw_type, drawCurrencyId: query.draw_id }),
  });
  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/wallet/bind_draw_method',
    access: 'real',
    body: BindDrawMethodForm,
    handler: ({ user, body }) => withdrawals.bind(user.userId, body),
  });
  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/wallet/del_draw_method',
    access: 'real',
    body: DeleteDrawMethodForm,
    handler: async ({ user, body }) => {
      await withdrawals.unbind(user.userId, body.id);
      return null;
    },
  });
  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/account/draw',
    access: 'real',
    body: DrawForm,
    handler: ({ user, body, request }) => withdrawals.request(user.userId, body, translate(request)),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/account/draw_list',
    access: 'real',
    query: DrawListQuery,
    handler: ({ user, query, request }) =>
      withdrawals.records(user.userId, query.type, query.page, translate(request)),
  });
}
