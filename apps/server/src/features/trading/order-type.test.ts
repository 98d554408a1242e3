import { ERRORS, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTradingServer, type TradingServer } from './testing/harness.js';

/** Issue 11, item 2: the specification says `type` 1 is buy and any other value sell. */

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
});
afterAll(async () => {
  await s?.close();
});

const submit = (token: string, type: string) =>
  s.api(
    '/v1/api/forex/submit',
    {
      type,
      cont: '0.1',
      forex_id: s.engine.pricing.markets.requireInstrument('EURUSD').id,
      status: 1,
      multiple: 20,
    },
    token,
  );

describe('submit type', () => {
  it('reads 1 as buy and any other number as sell', async () => {
    const { token } = await s.demo();
    for (const [type, side, price] of [
      ['1', 1, '1.10010'],
      ['0', 2, '1.10000'],
      ['2', 2, '1.10000'],
      ['3', 2, '1.10000'],
      ['-1', 2, '1.10000'],
      ['1.0', 1, '1.10010'],
    ] as const) {
      const r = await submit(token, type);
      expect(r.body.code, `type=${type}`).toBe(1);
      expect(Order.parse(r.body.data), `type=${type}`).toMatchObject({ OrderType: side, OriginPrice: price });
    }
  });

  it('still refuses a missing, blank or non-numeric type', async () => {
    const { token } = await s.demo();
    for (const type of ['', ' ', 'buy', 'NaN']) {
      const r = await submit(token, type);
      expect([r.status, r.body.code], `type=${JSON.stringify(type)}`).toEqual([
        400,
        ERRORS.validation_failed.code,
      ]);
    }
  });
});
