import { routes } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Retries must not double-book (issue: 16 orders were committed while the client saw only a
 * connection error; a retrying client would have ordered twice). A repeat with the same
 * Idempotency-Key from the same account returns the first answer and books nothing.
 */
describe('Idempotency-Key on submit, close, cancel_trade and set_stop_price', () => {
  let s: TradingServer;
  let eurusd: number;
  beforeAll(async () => {
    s = await startTradingServer();
    eurusd = s.engine.pricing.markets.requireInstrument('EURUSD').id;
    s.tick('EURUSD', '1.10000', '1.10010');
    await s.settle();
  });
  afterAll(() => s?.close());

  const order = () => ({ type: 1, cont: '0.01', forex_id: eurusd, status: 1, multiple: 30 });
  /** A GET as the web app sends it, with the reply's headers too (the replay is marked in one). */
  const call = async (path: string, query: Record<string, string | number>, token: string, key?: string) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await fetch(`${s.t.baseUrl}${path}?${qs}`, {
      headers: { lang: 'en', authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as { code: number; data: unknown },
    };
  };
  const holding = async (token: string) => {
    const r = await s.api(routes.myDeal.path, { status: 1 }, token);
    return (r.body.data as { total: number }).total;
  };
  const ledgerRows = async (token: string) => {
    const r = await s.api(routes.forexChange.path, { page: 1 }, token);
    return (r.body.data as { total: number }).total;
  };

  it('books a retried order once and answers the repeat with the first answer', async () => {
    const { token } = await s.demo();
    const first = await call(routes.submitOrder.path, order(), token, 'tap-0001-submit');
    expect(first.body.code).toBe(1);
    const ledgerAfterFirst = await ledgerRows(token);
    const again = await call(routes.submitOrder.path, order(), token, 'tap-0001-submit');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await holding(token)).toBe(1);
    expect(await ledgerRows(token)).toBe(ledgerAfterFirst);
    // Without a key, the same parameters are a new order, as before.
    expect((await call(routes.submitOrder.path, order(), token)).body.code).toBe(1);
    expect(await holding(token)).toBe(2);
  });

  it('books once when both copies arrive together, and every copy gets the first answer', async () => {
    const { token } = await s.demo();
    const replies = await Promise.all(
      [1, 2, 3, 4].map(() => call(routes.submitOrder.path, order(), token, 'tap-0002-parallel')),
    );
    // One booked; the others lost the key inside their own transactions and were answered with its
    // answer (never "still running", never a second order).
    expect(replies.map((r) => r.body.code)).toEqual([1, 1, 1, 1]);
    const ids = new Set(replies.map((r) => (r.body.data as { Id: number }).Id));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
    expect(await holding(token)).toBe(1);
  });

  it('keys cancel_trade and set_stop_price too: a repeat answers as the first, changes nothing', async () => {
    const { token } = await s.demo();
    const pending = await call(
      routes.submitOrder.path,
      { ...order(), status: 0, target_price: '1.09000' },
      token,
    );
    const pendingId = (pending.body.data as { Id: number }).Id;
    const cancelled = await call(routes.cancelOrder.path, { id: pendingId }, token, 'tap-0007-cancel');
    expect(cancelled.body.code).toBe(1);
    const cancelAgain = await call(routes.cancelOrder.path, { id: pendingId }, token, 'tap-0007-cancel');
    expect(cancelAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(cancelAgain.body).toEqual(cancelled.body);

    const opened = await call(routes.submitOrder.path, order(), token);
    const id = (opened.body.data as { Id: number }).Id;
    const levels = { id, target_profit_price: '1.12000', stop_loss_price: '1.08000' };
    const set = await call(routes.setStopPrice.path, levels, token, 'tap-0008-stops');
    expect(set.body.code).toBe(1);
    const ledger = await ledgerRows(token);
    const setAgain = await call(routes.setStopPrice.path, levels, token, 'tap-0008-stops');
    expect(setAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(setAgain.body).toEqual(set.body);
    // The same key for other levels is another request: refused, the levels kept.
    const other = await call(
      routes.setStopPrice.path,
      { ...levels, stop_loss_price: '1.07000' },
      token,
      'tap-0008-stops',
    );
    expect(other.body.code).toBe(1042);
    const r = await s.api(routes.myDeal.path, { status: 1 }, token);
    expect((r.body.data as { data: Array<{ TargetLossPrice: string }> }).data[0]?.TargetLossPrice).toBe(
      '1.08000',
    );
    expect(await ledgerRows(token)).toBe(ledger);
  });

  it('answers a double-tapped close with the first close, not "not holding"', async () => {
    const { token } = await s.demo();
    const opened = await call(routes.submitOrder.path, order(), token);
    const id = (opened.body.data as { Id: number }).Id;
    const first = await call(routes.closeOrder.path, { id }, token, 'tap-0003-close');
    expect(first.body.code).toBe(1);
    const again = await call(routes.closeOrder.path, { id }, token, 'tap-0003-close');
    expect(again.body).toEqual(first.body);
    // A new tap (new key) on the closed order is refused as before.
    const fresh = await call(routes.closeOrder.path, { id }, token, 'tap-0004-close');
    expect(fresh.body.code).toBe(3011);
  });

  it('keeps a refusal too: the repeat of a refused order is the same refusal, and books nothing', async () => {
    const { token } = await s.demo();
    const bad = { ...order(), cont: '0' };
    const first = await call(routes.submitOrder.path, bad, token, 'tap-0005-refused');
    expect(first.body.code).not.toBe(1);
    const again = await call(routes.submitOrder.path, bad, token, 'tap-0005-refused');
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await holding(token)).toBe(0);
  });

  it('refuses a key reused for other parameters, a malformed key, and keeps accounts apart', async () => {
    const a = await s.demo();
    const b = await s.demo();
    expect((await call(routes.submitOrder.path, order(), a.token, 'tap-0006-shared')).body.code).toBe(1);
    const other = await call(
      routes.submitOrder.path,
      { ...order(), cont: '0.02' },
      a.token,
      'tap-0006-shared',
    );
    expect(other.body.code).toBe(1042);
    expect(other.status).toBe(422);
    // Another account's key of the same text is its own.
    expect((await call(routes.submitOrder.path, order(), b.token, 'tap-0006-shared')).body.code).toBe(1);
    expect(await holding(a.token)).toBe(1);
    expect(await holding(b.token)).toBe(1);
    const malformed = await call(routes.submitOrder.path, order(), a.token, 'bad key!');
    expect(malformed.body.code).toBe(1040);
    expect(await holding(a.token)).toBe(1);
  });
});
