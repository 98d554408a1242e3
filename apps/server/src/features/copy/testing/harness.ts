import { Order, routes, StrategySummary } from '@meridian/contract';
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
import { CopyMirror } from '../copy-mirror.js';

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
  /** The mirror on the server's thread (tests run with COPY_THREADS=0); throws when it is not. */
  localMirror(): CopyMirror;
  /** A market buy of EURUSD at leverage 20 (plus `extra`), which must be accepted. */
  buy(token: string, lots: string, extra?: Record<string, string | number>): Promise<Order>;
  /** Publishes a strategy (a 20 % fee, 100 USD minimum unless `form` says otherwise), which must succeed. */
  publish(token: string, form?: Record<string, string>): Promise<StrategySummary>;
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
  const eurusd = () => s.engine.pricing.markets.requireInstrument('EURUSD').id;
  const settleCopies = async () => {
    for (let i = 0; i < 4; i++) {
      await s.settle();
      await copy.mirror.idle();
      await copy.service.idle();
    }
  };
  const callRoute: CopyServer['call'] = async (route, payload, token, headers) => {
    const r = await call(s.t.baseUrl, route, payload, { token, ...(headers ? { headers } : {}) });
    await settleCopies();
    return r.body;
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
    call: callRoute,
    eurusd,
    localMirror() {
      if (!(copy.mirror instanceof CopyMirror)) throw new Error('expected the mirror on this thread');
      return copy.mirror;
    },
    async buy(token, lots, extra = {}) {
      const r = await callRoute(
        routes.submitOrder,
        { type: 1, cont: lots, forex_id: eurusd(), status: 1, multiple: 20, ...extra },
        token,
      );
      if (r.code !== 1) throw new Error(`buy refused: ${r.msg}`);
      return Order.parse(r.data);
    },
    async publish(token, form = {}) {
      const r = await callRoute(
        routes.publish,
        { name: 'Trend', desc: 'EURUSD trend', fee_rate: '20', min_invest: '100', ...form },
        token,
      );
      if (r.code !== 1) throw new Error(`publish refused: ${r.msg}`);
      return StrategySummary.parse(r.data);
    },
  };
}
