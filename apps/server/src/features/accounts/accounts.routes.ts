import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { LEDGER_PAGE_SIZE, parseMemoParams, readBalance, readLedgerPage, toMoney } from './ledger.js';

/** The balance and the ledger page of the caller (demo accounts included). */
export function registerAccountsRoutes(ctx: FeatureContext): void {
  const { db, translator } = ctx;
  defineRoute(ctx, endpoints.balance, async ({ user }) => {
    const balance = await readBalance(db.kysely, user.userId);
    return { balance: toMoney(balance.balanceMicros), lock_balance: toMoney(balance.frozenMicros) };
  });

  defineRoute(ctx, endpoints.forexChange, async ({ user, input, request }) => {
    const { rows, total } = await readLedgerPage(db.kysely, user.userId, input.page, LEDGER_PAGE_SIZE);
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
      page: input.page,
    };
  });
}
