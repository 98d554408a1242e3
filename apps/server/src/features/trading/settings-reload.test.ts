import { ForexDetail, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Issue 11, item 2: the stop-out level configured by the operator is used from the worker's start
 * (it used to be the default until each account's next order event) and a change applies to every
 * account at once.
 */

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
});
afterAll(async () => {
  await s?.close();
});
afterEach(async () => {
  await s.setSetting('stop_out_level', '50');
  await s.engine.worker.refreshSettings();
});

const EURUSD = () => s.engine.pricing.markets.requireInstrument('EURUSD').id;

/**
 * A demo account whose risk rate sits near 68 %: 8 lots bought at 1.10010 with leverage 10 (margin
 * 88,008 USD, fee 56), then the bid falls to 1.05000 (a 40,080 USD loss): equity 59,864.
 */
async function atSixtyEight(): Promise<{ token: string; order: Order }> {
  s.tick('EURUSD', '1.10000', '1.10010');
  const { token } = await s.demo();
  const order = Order.parse(
    (
      await s.api(
        '/v1/api/forex/submit',
        { type: 1, cont: '8', forex_id: EURUSD(), status: 1, multiple: 10 },
        token,
      )
    ).body.data,
  );
  s.tick('EURUSD', '1.05000', '1.05010');
  await s.settle();
  const detail = ForexDetail.parse((await s.api('/v1/api/main/account/forexDetail', {}, token)).body.data);
  expect(detail.risk_rate).toBe('68.02');
  return { token, order };
}

async function closedBy(token: string): Promise<Array<[number, string | null]>> {
  const history = MyDealResponse.parse(
    (await s.api('/v1/api/forex/my_deal', { status: 3 }, token)).body.data,
  );
  return history.data.map((o) => [o.Id, o.CloseReason]);
}

describe('the stop-out level setting', () => {
  it('is loaded when the worker starts, not only at the next order event', async () => {
    const { token, order } = await atSixtyEight();
    // At the default 50 % the position stands.
    expect(await closedBy(token)).toEqual([]);

    // The worker restarts (a new leader, a restart) with the operator's 90 % in the table.
    await s.engine.worker.stop();
    await s.setSetting('stop_out_level', '90');
    await s.engine.worker.start();
    await s.settle();
    expect(await closedBy(token)).toEqual([[order.Id, 'stop_out']]);
  });

  it('re-levels every account when the operator changes it', async () => {
    const { token, order } = await atSixtyEight();
    expect(await closedBy(token)).toEqual([]);

    await s.setSetting('stop_out_level', '90');
    await s.engine.worker.refreshSettings();
    await s.settle();
    expect(await closedBy(token)).toEqual([[order.Id, 'stop_out']]);
  });
});
