import type { BalanceAccount, LedgerPage } from '@meridian/contract';
import { LedgerQuery } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineProtectedRoute } from '../identity/auth.js';
import { LEDGER_PAGE_SIZE, parseMemoParams, readBalance, readLedgerPage, toMoney } from './ledger.js';

export function registerAccountsRoutes({ app, translator, db }: FeatureContext): void {
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/main/wallet/getBalance',
    access: 'user',
    handler: async ({ user }): Promise<BalanceAccount> => {
      const balance = await readBalance(db.kysely, user.userId);
      return { balance: toMoney(balance.balanceMicros), lock_balance: toMoney(balance.frozenMicros) };
    },
  });

  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/main/accountLog/forexChange',
    access: 'user',
    query: LedgerQuery,
    handler: async ({ user, query, request }): Promise<LedgerPage> => {
      const { rows, total } = await readLedgerPage(db.kysely, user.userId, query.page, LEDGER_PAGE_SIZE);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          number: toMoney(r.freeDeltaMicros),
          lock_number: toMoney(r.frozenDeltaMicros),
          balance: toMoney(r.balanceAfterMicros),
          lock_balance: toMoney(r.frozenAfterMicros),
          memo: translator.t(request.lang, r.memoKey, parseMemoParams(r.memoParams)),
          created_at: r.createdAt,
        })),
        total,
        page: query.page,
      };
    },
  });
}
