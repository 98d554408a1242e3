import { describe, expect, it } from 'vitest';
import {
  isPendingFilled,
  isStopLossHit,
  isTakeProfitHit,
  pendingFillDirection,
  protectionTrigger,
  validateProtection,
} from './triggers.js';

const quote = { bid: '1.1000', ask: '1.1002' };

describe('validateProtection', () => {
  it.each([
    // buy closes at the bid (1.1000): TP above it, SL below it. 1.1001 is under the ask but above the bid: fine
    ['buy', '1.1001', '1.0999', '1.1001', '1.0999'],
    ['buy', '1.2', 0, '1.2', null],
    ['buy', 0, '1.05', null, '1.05'],
    ['buy', null, undefined, null, null],
    ['buy', '', '', null, null],
    ['buy', '0', '0.0', null, null],
    // sell closes at the ask (1.1002): TP below it, SL above it
    ['sell', '1.1001', '1.1003', '1.1001', '1.1003'],
    ['sell', 1.05, 1.15, '1.05', '1.15'],
  ] as const)('%s with TP %s and SL %s is accepted', (side, takeProfit, stopLoss, tpStr, slStr) => {
    expect(validateProtection({ side, quote, takeProfit, stopLoss })).toEqual({
      ok: true,
      takeProfitStr: tpStr,
      stopLossStr: slStr,
    });
  });

  it.each([
    // equal to the closing price is the wrong side: it would fire at once
    ['buy', '1.1000', 0, 'take_profit_wrong_side'],
    ['buy', '1.0999', 0, 'take_profit_wrong_side'],
    ['buy', 0, '1.1000', 'stop_loss_wrong_side'],
    ['buy', 0, '1.1001', 'stop_loss_wrong_side'],
    ['sell', '1.1002', 0, 'take_profit_wrong_side'],
    ['sell', '1.2', 0, 'take_profit_wrong_side'],
    ['sell', 0, '1.1002', 'stop_loss_wrong_side'],
    ['sell', 0, '1.1001', 'stop_loss_wrong_side'],
  ] as const)('%s with TP %s and SL %s → %s', (side, takeProfit, stopLoss, error) => {
    expect(validateProtection({ side, quote, takeProfit, stopLoss })).toMatchObject({ ok: false, error });
  });

  it('reports the price it compared against', () => {
    expect(validateProtection({ side: 'sell', quote, takeProfit: '1.3', stopLoss: 0 })).toEqual({
      ok: false,
      error: 'take_profit_wrong_side',
      params: { price: '1.1002' },
    });
  });

  it.each([
    ['-1', 0],
    [0, '-1.2'],
    ['abc', 0],
    [0, Number.NaN],
    ['1e1', 0],
  ])('TP %s / SL %s → price_invalid', (takeProfit, stopLoss) => {
    expect(validateProtection({ side: 'buy', quote, takeProfit, stopLoss })).toEqual({
      ok: false,
      error: 'price_invalid',
      params: {},
    });
  });
});

describe('TP/SL triggers', () => {
  it('buy: TP when bid ≥ TP, SL when bid ≤ SL (the ask does not matter)', () => {
    expect(isTakeProfitHit('buy', { bid: '1.2', ask: '1.2002' }, '1.2')).toBe(true);
    expect(isTakeProfitHit('buy', { bid: '1.19999', ask: '1.2001' }, '1.2')).toBe(false);
    expect(isStopLossHit('buy', { bid: '1.1', ask: '1.1002' }, '1.1')).toBe(true);
    expect(isStopLossHit('buy', { bid: '1.10001', ask: '1.0999' }, '1.1')).toBe(false);
  });

  it('sell: TP when ask ≤ TP, SL when ask ≥ SL (the bid does not matter)', () => {
    expect(isTakeProfitHit('sell', { bid: '0.9998', ask: '1.0' }, '1')).toBe(true);
    expect(isTakeProfitHit('sell', { bid: '0.9990', ask: '1.00001' }, '1')).toBe(false);
    expect(isStopLossHit('sell', { bid: '1.1998', ask: '1.2' }, '1.2')).toBe(true);
    expect(isStopLossHit('sell', { bid: '1.2001', ask: '1.19999' }, '1.2')).toBe(false);
  });

  it('a level of 0 or null never fires', () => {
    expect(isStopLossHit('sell', quote, 0)).toBe(false);
    expect(isTakeProfitHit('buy', quote, null)).toBe(false);
    expect(protectionTrigger('buy', quote, { takeProfit: 0, stopLoss: 0 })).toBeNull();
  });

  it('protectionTrigger names the one that fired, stop loss first on contradictory data', () => {
    expect(
      protectionTrigger('buy', { bid: '1.3', ask: '1.3002' }, { takeProfit: '1.2', stopLoss: '1.0' }),
    ).toBe('take_profit');
    expect(
      protectionTrigger('buy', { bid: '0.9', ask: '0.9002' }, { takeProfit: '1.2', stopLoss: '1.0' }),
    ).toBe('stop_loss');
    expect(
      protectionTrigger('buy', { bid: '1.1', ask: '1.1002' }, { takeProfit: '1.2', stopLoss: '1.0' }),
    ).toBeNull();
    expect(
      protectionTrigger('buy', { bid: '1.1', ask: '1.1002' }, { takeProfit: '1.0', stopLoss: '1.2' }),
    ).toBe('stop_loss');
  });
});

describe('pending orders', () => {
  it('a buy below the ask is a limit: it fills when the ask falls to the target', () => {
    const direction = pendingFillDirection('buy', quote, '1.0950');
    expect(direction).toBe('at_or_below');
    expect(isPendingFilled('buy', { bid: '1.0949', ask: '1.0951' }, '1.0950', direction)).toBe(false);
    expect(isPendingFilled('buy', { bid: '1.0948', ask: '1.0950' }, '1.0950', direction)).toBe(true);
    expect(isPendingFilled('buy', { bid: '1.0900', ask: '1.0902' }, '1.0950', direction)).toBe(true);
  });

  it('a buy above the ask is a stop: it fills when the ask rises to the target', () => {
    const direction = pendingFillDirection('buy', quote, '1.1100');
    expect(direction).toBe('at_or_above');
    expect(isPendingFilled('buy', { bid: '1.1097', ask: '1.1099' }, '1.1100', direction)).toBe(false);
    expect(isPendingFilled('buy', { bid: '1.1098', ask: '1.1100' }, '1.1100', direction)).toBe(true);
    // the bid reaching the target is not enough: a buy fills at the ask
    expect(isPendingFilled('buy', { bid: '1.1100', ask: '1.1099' }, '1.1100', direction)).toBe(false);
  });

  it('a sell watches the bid: above it is a limit, below it is a stop', () => {
    const limit = pendingFillDirection('sell', quote, '1.1050');
    expect(limit).toBe('at_or_above');
    expect(isPendingFilled('sell', { bid: '1.1049', ask: '1.1051' }, '1.1050', limit)).toBe(false);
    expect(isPendingFilled('sell', { bid: '1.1050', ask: '1.1052' }, '1.1050', limit)).toBe(true);
    const stop = pendingFillDirection('sell', quote, '1.0900');
    expect(stop).toBe('at_or_below');
    expect(isPendingFilled('sell', { bid: '1.0901', ask: '1.0899' }, '1.0900', stop)).toBe(false);
    expect(isPendingFilled('sell', { bid: '1.0900', ask: '1.0902' }, '1.0900', stop)).toBe(true);
  });

  it('a target equal to the market gets the limit direction (never a worse price)', () => {
    // buy at the ask 1.1002: fills at 1.1002 or lower
    expect(pendingFillDirection('buy', quote, '1.1002')).toBe('at_or_below');
    // sell at the bid 1.1000: fills at 1.1000 or higher
    expect(pendingFillDirection('sell', quote, '1.1000')).toBe('at_or_above');
  });

  it('refuses a non-positive target', () => {
    expect(() => pendingFillDirection('buy', quote, 0)).toThrow(/targetPrice/);
  });
});
