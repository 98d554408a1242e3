import { LedgerPage, MyDealResponse, Order } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCheck, START_MICROS, startTradingServer, type TradingServer } from './testing/harness.js';

/**
 * Issue 11, item 5: a pending order's margin is restated at its fill price, and the house's
 * negative-balance credit is shown beside the loss in the order's history and in the ledger.
 */

let s: TradingServer;

beforeAll(async () => {
  s = await startTradingServer();
  s.tick('EURUSD', '1.10000', '1.10010');
  s.tick('GBPUSD', '1.25000', '1.25010');
});
afterAll(async () => {
  await s?.close();
});

const id = (code: string) => s.engine.pricing.markets.requireInstrument(code).id;

async function ledger(token: string) {
  return LedgerPage.parse((await s.api('/v1/api/main/accountLog/forexChange', { page: 1 }, token)).body.data)
    .list;
}

async function conserved(userId: number): Promise<void> {
  const c = await accountCheck(s, userId);
  expect(c.freeMicros).toBe(c.ledgerFree);
  expect(c.frozenMicros).toBe(c.ledgerFrozen);
  expect(c.freeMicros + c.frozenMicros).toBe(c.grants + c.realised - c.fees + c.protection);
}

describe('a pending order filled at a better price than its target', () => {
  it('restates its margin at the fill price, in its own ledger line', async () => {
    const { token, userId } = await s.demo();
    const placed = Order.parse(
      (
        await s.api(
          '/v1/api/forex/submit',
          { type: 1, cont: '1', forex_id: id('EURUSD'), status: 0, target_price: '1.09000', multiple: 20 },
          token,
        )
      ).body.data,
    );
    // 1 × 100,000 × 1.09000 / 20 = 5,450 USD frozen at placement.
    expect(placed.CautionMoney).toBe('5450.000000');

    // The market gaps through the target: the buy fills at the ask of that tick, 1.08510.
    s.tick('EURUSD', '1.08500', '1.08510');
    await s.settle();
    const holding = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1 }, token)).body.data,
    );
    // 100,000 × 1.08510 / 20 = 5,425.50 USD.
    expect(holding.data[0]).toMatchObject({
      Id: placed.Id,
      OriginPrice: '1.08510',
      CautionMoney: '5425.500000',
    });
    expect(holding.lock_balance).toBe('5425.500000');

    const lines = await ledger(token);
    expect(lines.slice(0, 2)).toMatchObject([
      { kind: 'trade_fee', number: '-7.000000' },
      {
        kind: 'margin_restate',
        number: '24.500000',
        lock_number: '-24.500000',
        memo: `Margin restated at the fill price: EUR/USD (order #${placed.Id})`,
      },
    ]);
    await conserved(userId);

    // Closing releases exactly the restated margin.
    s.tick('EURUSD', '1.10000', '1.10010');
    expect((await s.api('/v1/api/forex/close', { id: placed.Id }, token)).body.code).toBe(1);
    const after = await accountCheck(s, userId);
    expect(after.frozenMicros).toBe(0);
    await conserved(userId);
  });

  it('books no restatement when it fills exactly at its target', async () => {
    const { token } = await s.demo();
    const placed = Order.parse(
      (
        await s.api(
          '/v1/api/forex/submit',
          { type: 2, cont: '1', forex_id: id('GBPUSD'), status: 0, target_price: '1.26000', multiple: 20 },
          token,
        )
      ).body.data,
    );
    s.tick('GBPUSD', '1.26000', '1.26010');
    await s.settle();
    const holding = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 1 }, token)).body.data,
    );
    expect(holding.data[0]).toMatchObject({ Id: placed.Id, CautionMoney: placed.CautionMoney });
    expect((await ledger(token)).map((l) => l.kind)).not.toContain('margin_restate');
    s.tick('GBPUSD', '1.25000', '1.25010');
  });
});

describe('negative balance protection in the statements', () => {
  it('shows the house credit beside the loss in the order history and in the ledger', async () => {
    const { token, userId } = await s.demo();
    const o = Order.parse(
      (
        await s.api(
          '/v1/api/forex/submit',
          { type: 1, cont: '15', forex_id: id('EURUSD'), status: 1, multiple: 20 },
          token,
        )
      ).body.data,
    );
    // A gap of 10 big figures: the loss (15 × 100,000 × 0.10010 = 150,150 USD) is more than the account.
    s.tick('EURUSD', '1.00000', '1.00010');
    await s.settle();
    const history = MyDealResponse.parse(
      (await s.api('/v1/api/forex/my_deal', { status: 3 }, token)).body.data,
    );
    const closed = history.data.find((h) => h.Id === o.Id);
    expect(closed).toMatchObject({ FactProfits: '-150150.000000' });
    // The account held 100,000 − 105 fee; the house covered the rest: 150,150 − 99,895 = 50,255.
    expect(closed?.Protection).toBe('50255.000000');
    expect(START_MICROS).toBe(100_000_000_000);

    const lines = await ledger(token);
    const protection = lines.find((l) => l.kind === 'balance_protection');
    expect(protection).toMatchObject({
      number: '50255.000000',
      memo: `Negative balance protection: loss covered by the house (order #${o.Id})`,
    });
    // Beside the loss: the credit comes right before the realised loss of the same order.
    const at = lines.findIndex((l) => l.kind === 'balance_protection');
    expect(lines[at - 1]).toMatchObject({ kind: 'realised_pnl', number: '-150150.000000' });
    expect((await accountCheck(s, userId)).freeMicros).toBe(0);
    await conserved(userId);
    s.tick('EURUSD', '1.10000', '1.10010');
  });
});
