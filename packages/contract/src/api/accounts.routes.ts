import type { BalanceAccount } from '../identity.js';
import type { NoInput } from './no-input.js';
import { userRoute } from './route.js';

/**
 * Money accounts (spec section 7). The ledger page (`forexChange`) is listed with trading, whose
 * screens show it; the accounts feature serves both.
 */
export const accountsRoutes = {
  balance: userRoute<typeof NoInput, typeof BalanceAccount>('GET', '/v1/api/main/wallet/getBalance'),
} as const;
