import { MyDealResponse, Order } from '@meridian/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../test/harness.js';
import { get } from '../identity/testing/client.js';
import { accountCheck, startTradingServer, type TradingServer, TUESDAY } from './testing/harness.js';

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe('restart', () => {
  it('rebuilds the trigger index from the database and fires what was crossed while it was down', async () => {
    const storage: TestStorage = await createTestStorage();
    cleanup.push(() => storage.dispose());

    const first: TradingServer = await startTradingServer(storage);
    let closedFirst = false;
    cleanup.push(async () => {
      if (!closedFirst) await first.close();
    });
    first.tick('AUDUSD', '0.65000', '0.65010');
    const { token, userId } = await first.demo();
    const audusd = first.engine.pricing.markets.requireInstrument('AUDUSD').id;
    const submit = (q: Record<string, string | number>) =>
      first.api(
        '/v1/api/forex/submit',
        { type: 1, cont: '1', forex_id: audusd, status: 1, multiple: 20, ...q },
        token,
      );
    const tp = Order.parse((await submit({ target_profit_price: '0.66000' })).body.data);
    const far = Order.parse((await submit({ target_profit_price: '0.70000' })).body.data);
    const pending = Order.parse((await submit({ status: 0, target_price: '0.64000' })).body.data);

    // The worker goes down; the market moves through the TP while nobody watches; the server stops.
    await first.engine.worker.stop();
    first.tick('AUDUSD', '0.66500', '0.66510');
    await first.settle();
    expect((await first.api('/v1/api/forex/my_deal', { status: 3 }, token)).body.data).toMatchObject({
      total: 0,
    });
    await first.close();
    closedFirst = true;

    const second = await startTradingServer(storage, TUESDAY + 60_000);
    cleanup.push(() => second.close());
    await second.settle();
    const history = MyDealResponse.parse(
      (await get(second.t.baseUrl, '/v1/api/forex/my_deal', { status: 3 }, { token })).body.data,
    );
    expect(history.data.map((o) => [o.Id, o.CloseReason])).toEqual([[tp.Id, 'tp']]);
    expect(Number(history.data[0]?.Price)).toBeGreaterThanOrEqual(0.66);
    expect(second.engine.worker.openOrders).toBe(2);

    // The rebuilt index keeps working: the far TP and the pending order still fire from ticks.
    second.tick('AUDUSD', '0.63990', '0.64000');
    second.tick('AUDUSD', '0.70000', '0.70010');
    await second.settle();
    const after = MyDealResponse.parse(
      (await get(second.t.baseUrl, '/v1/api/forex/my_deal', { status: 3 }, { token })).body.data,
    );
    expect(after.data.map((o) => o.Id).sort()).toEqual([tp.Id, far.Id].sort());
    const holding = MyDealResponse.parse(
      (await get(second.t.baseUrl, '/v1/api/forex/my_deal', { status: 1 }, { token })).body.data,
    );
    expect(holding.data.map((o) => [o.Id, o.OriginPrice])).toEqual([[pending.Id, '0.64000']]);
    const c = await accountCheck(second, userId);
    expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
  });
});
