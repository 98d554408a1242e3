import type { routes } from '@meridian/contract';
import { inTransaction } from '../../../db/database.js';
import { postLedgerEntry } from '../../accounts/index.js';
import {
  call,
  fixedCaptcha,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../../identity/testing/client.js';
import { startTradingServer, type TradingServer } from '../../trading/testing/harness.js';
import type { CopyEngine } from '../copy.feature.js';

export interface CopyServer extends TradingServer {
  copy: CopyEngine;
  /** Waits until every order, trigger and copy of it has been booked. */
  settleCopies(): Promise<void>;
  /** A real (registered) account credited with `usd` through a ledger deposit line. */
  real(email: string, usd: number): Promise<{ token: string; userId: number }>;
  /** Calls a route of the contract table with a token. */
  call(
    route: (typeof routes)[keyof typeof routes],
    payload: Record<string, string | number>,
    token: string,
    headers?: Record<string, string>,
  ): Promise<{ code: number; msg: string; data: unknown }>;
  eurusd(): number;
}

/** `env`: extra environment (COPY_THREADS=2 runs the mirror in two threads, as a deployment does). */
export async function startCopyServer(env?: Record<string, string>): Promise<CopyServer> {
  const s = await startTradingServer(
    undefined,
    undefined,
    (o) => withIdentity({ captchaText: fixedCaptcha }, o),
    env,
  );
  const copy = s.t.server.ctx.services.copy;
  if (!copy) throw new Error('the copy feature is not registered');
  await useCaptchaRegistration(s.t.server.ctx.db.kysely);
  s.tick('EURUSD', '1.10000', '1.10010');
  s.tick('GBPUSD', '1.25000', '1.25010');
  const settleCopies = async () => {
    for (let i = 0; i < 4; i++) {
      await s.settle();
      await copy.mirror.idle();
      await copy.service.idle();
    }
  };
  return {
    ...s,
    copy,
    settleCopies,
    async real(email, usd) {
      const r = await registerUser(s.t.baseUrl, email);
      await inTransaction(s.t.server.ctx.db, (tx) =>
        postLedgerEntry(tx, {
          userId: r.user.id,
          kind: 'deposit_credit',
          freeDelta: usd * 1_000_000,
          frozenDelta: 0,
          memoKey: 'ledger_deposit_credit',
          memoParams: { code: 'TEST' },
        }),
      );
      return { token: r.token, userId: r.user.id };
    },
    async call(route, payload, token, headers) {
      const r = await call(s.t.baseUrl, route, payload, { token, ...(headers ? { headers } : {}) });
      await settleCopies();
      return r.body;
    },
    eurusd: () => s.engine.pricing.markets.requireInstrument('EURUSD').id,
  };
}
