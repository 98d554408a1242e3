import { endpoints } from '@meridian/contract';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type RouteHost } from '../../http/route.js';
import type { DepositService } from './deposits.service.js';
import type { WithdrawalService } from './withdrawals.service.js';

/** The trader's side of funding (spec section 7). Every call is for real accounts only. */
export function registerFundingRoutes(
  host: RouteHost,
  deposits: DepositService,
  withdrawals: WithdrawalService,
): void {
  const translate = (request: FastifyRequest) => (key: string) => host.translator.t(request.lang, key);

  defineRoute(host, endpoints.chargeSymbols, () => deposits.symbols());
  defineRoute(host, endpoints.chargeAddresses, ({ input }) => deposits.addresses(input.currency_code));
  defineRoute(host, endpoints.wireBanks, ({ input }) => deposits.banks(input.bank_coin));
  // The specification sends these two as GET with query parameters; a POST form works too.
  for (const endpoint of [endpoints.chargeSubmit, endpoints.chargeSubmitPost]) {
    defineRoute(host, endpoint, ({ user, input }) => deposits.submitCoin(user.userId, input));
  }
  for (const endpoint of [endpoints.wireSubmit, endpoints.wireSubmitPost]) {
    defineRoute(host, endpoint, ({ user, input }) => deposits.submitWire(user.userId, input));
  }
  defineRoute(host, endpoints.chargeList, ({ user, input }) =>
    deposits.records(user.userId, input.type, input.page),
  );

  defineRoute(host, endpoints.drawSymbols, ({ input }) => withdrawals.currencies(input.type));
  defineRoute(host, endpoints.drawMethods, ({ user, input }) =>
    withdrawals.methods(user.userId, { type: input.draw_type, drawCurrencyId: input.draw_id }),
  );
  defineRoute(host, endpoints.bindDrawMethod, ({ user, input, request }) =>
    withdrawals.bind({ user, ip: request.ip }, input),
  );
  defineRoute(host, endpoints.deleteDrawMethod, async ({ user, input }) => {
    await withdrawals.unbind(user.userId, input.id);
    return null;
  });
  defineRoute(host, endpoints.draw, ({ user, input, request }) =>
    withdrawals.request({ user, ip: request.ip }, input, translate(request)),
  );
  defineRoute(host, endpoints.drawList, ({ user, input, request }) =>
    withdrawals.records(user.userId, input.type, input.page, translate(request)),
  );
}
