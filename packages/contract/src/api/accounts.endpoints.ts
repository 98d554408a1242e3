import { BalanceAccount } from '../identity.js';
import { accountsRoutes } from './accounts.routes.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';

export const accountsEndpoints = defineEndpoints('accounts', accountsRoutes, {
  balance: {
    request: NoInput,
    response: BalanceAccount,
    summary: "The caller's free and frozen balance.",
    errors: [],
  },
});
