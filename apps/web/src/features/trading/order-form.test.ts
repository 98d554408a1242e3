import type { TradeInstrument } from '@meridian/contract';
import { openCost, quoteToUsdRate, TradingDecimal } from '@meridian/trading';
import { describe, expect, it } from 'vitest';
import {
  adaptToInstrument,
  canStepDown,
  canStepUp,
  checkStops,
  checkSubmit,
  estimate,
  estimateTexts,
  initialFormState,
  instrumentTerms,
  levelFromOrder,
  type OrderFormState,
  quoteToUsdFor,
  stepDown,
  stepUp,
  toggleLevel,
} from './order-form';

function instrument(over: Partial<TradeInstrument>): TradeInstrument {
  return {
    Id: 26,
    Code: 'BTCUSD',
    ShowCode: 'BTC/USD',
    Logo: '/logos/BTCUSD.svg',
    CategoryId: 6,
    MarketStatus: 1,
    ForexQuotations: { Open: '94000.00', Close: '95000.00', Change: '1.06' },
    PricePrecision: 2,
    ForexMinCont: '0.01',
    ForexMaxCont: '100',
    ForexContNum: 1,
    ForexFeeRate: '0.5',
    Pip: '0.01',
    MarginMode: 2,
    HasForexMultiple: [{ Value: 1 }, { Value: 2 }],
    Bid: '95000.00',
    Ask: '95000.50',
    Spread: '0.50',
    QuoteCurrency: 'USD',
    ...over,
  };
}

const BTC = instrument({});
const GBPUSD = instrument({
  Id: 2,
  Code: 'GBPUSD',
  ShowCode: 'GBP/USD',
  PricePrecision: 5,
  ForexContNum: 100_000,
  Bid: '1.33490',
  Ask: '1.33510',
});
const EURGBP = instrument({
  Id: 8,
  Code: 'EURGBP',
  ShowCode: 'EUR/GBP',
  PricePrecision: 5,
  ForexContNum: 100_000,
  ForexMaxCont: '30',
  HasForexMultiple: [{ Value: 5 }, { Value: 10 }, { Value: 20 }],
  Bid: '0.87270',
  Ask: '0.87280',
  QuoteCurrency: 'GBP',
});
const USDJPY = instrument({
  Id: 3,
  Code: 'USDJPY',
  ShowCode: 'USD/JPY',
  PricePrecision: 3,
  ForexContNum: 100_000,
  HasForexMultiple: [{ Value: 30 }],
  Bid: '152.400',
  Ask: '152.412',
  QuoteCurrency: 'JPY',
});
const LIST = [BTC, GBPUSD, EURGBP, USDJPY];

const state = (over: Partial<OrderFormState> = {}): OrderFormState => ({
  ...initialFormState(BTC),
  ...over,
});

describe('order form estimates', () => {
  it('a market order is estimated at the ask: margin and fee per lot, worked by hand', () => {
    // 0.01 lot × 1 BTC × 95000.50 / 2 = 475.0025 USD; fee type 1 = 0.01 × 0.5 = 0.005 USD.
    const cost = estimate(state({ leverage: 2 }), BTC, LIST, 1);
    expect(cost).toEqual({ marginMicros: 475_002_500, feeMicros: 5_000, totalMicros: 475_007_500 });
    expect(estimateTexts(cost)).toEqual({ margin: '475.002500', fee: '0.005000' });
  });

  it('with fee type 2 the fee is the rate times the booked margin', () => {
    const btc = instrument({ ForexFeeRate: '0.002' });
    // 0.002 × 475.0025 = 0.950005 USD.
    expect(estimate(state({ leverage: 2 }), btc, LIST, 2)?.feeMicros).toBe(950_005);
  });

  it('equals what packages/trading books, for every leverage and several lot sizes', () => {
    for (const leverage of [1, 2]) {
      for (const lots of ['0.01', '0.37', '12.5']) {
        for (const feeType of [1, 2]) {
          const expected = openCost({
            terms: instrumentTerms(BTC),
            tradeFeeType: feeType,
            lots,
            price: BTC.Ask,
            leverage,
            quoteToUsd: 1,
          });
          expect(estimate(state({ leverage, lots }), BTC, LIST, feeType)).toEqual(expected);
        }
      }
    }
  });

  it('a pending order is estimated at its target price, and not at all without one', () => {
    const pending = state({ mode: 'pending', price: '90000', leverage: 1 });
    // 0.01 × 90000 / 1 = 900 USD.
    expect(estimate(pending, BTC, LIST, 1)?.marginMicros).toBe(900_000_000);
    expect(estimate({ ...pending, price: '' }, BTC, LIST, 1)).toBeNull();
    expect(estimateTexts(estimate({ ...pending, price: 'abc' }, BTC, LIST, 1))).toEqual({
      margin: '--',
      fee: '--',
    });
  });

  it('converts a GBP-quoted instrument through the mid of GBPUSD, as the server does', () => {
    // 0.1 × 100000 × 0.87280 × 1.33500 / 20 = 582.594 USD.
    const cost = estimate({ ...initialFormState(EURGBP), lots: '0.1', leverage: 20 }, EURGBP, LIST, 1);
    expect(cost?.marginMicros).toBe(582_594_000);
  });

  it('converts a JPY-quoted instrument through 1 / the mid of USDJPY', () => {
    const cost = estimate({ ...initialFormState(USDJPY), lots: '1' }, USDJPY, LIST, 1);
    const rate = quoteToUsdRate(new TradingDecimal('152.400').plus('152.412').div(2), 'base');
    expect(quoteToUsdFor(USDJPY, LIST)?.toString()).toBe(rate.toString());
    const expected = openCost({
      terms: instrumentTerms(USDJPY),
      tradeFeeType: 1,
      lots: '1',
      price: '152.412',
      leverage: 30,
      quoteToUsd: rate,
    });
    expect(cost).toEqual(expected);
    // 100000 × 152.412 / 152.406 / 30 = 3333.46456176… → 3333.464562
    expect(cost?.marginMicros).toBe(3_333_464_562);
  });

  it('shows no estimate when a currency cannot be converted or the lots are off the grid', () => {
    const orphan = instrument({ QuoteCurrency: 'SEK' });
    expect(estimate(state(), orphan, LIST, 1)).toBeNull();
    expect(estimate(state({ lots: '0.015' }), BTC, LIST, 1)).toBeNull();
    expect(estimate(state({ lots: '' }), BTC, LIST, 1)).toBeNull();
  });

  it('fixed-margin instruments need no price or leverage: lots × units per lot', () => {
    const fixed = instrument({ MarginMode: 1, ForexContNum: 1000 });
    expect(estimate(state({ lots: '0.5', leverage: null }), fixed, LIST, 1)?.marginMicros).toBe(500_000_000);
  });
});

describe('lots stepper', () => {
  it('starts at the minimum with the first leverage offered', () => {
    expect(initialFormState(EURGBP)).toMatchObject({ lots: '0.01', leverage: 5, mode: 'market' });
    expect(initialFormState(instrument({ HasForexMultiple: [] })).leverage).toBeNull();
  });

  it('disables minus when lots − Pip would not be above zero', () => {
    expect(canStepDown('0.01', BTC)).toBe(false);
    expect(canStepDown('0.02', BTC)).toBe(true);
    expect(canStepDown('', BTC)).toBe(false);
    expect(canStepDown('0.015', BTC)).toBe(true);
  });

  it('steps on the Pip grid in decimals, never through float sums', () => {
    expect(stepUp('0.07', BTC)).toBe('0.08');
    expect(stepUp('0.29', BTC)).toBe('0.3');
    expect(stepDown('0.3', BTC)).toBe('0.29');
    expect(stepUp('0.015', BTC)).toBe('0.02');
    expect(stepDown('0.015', BTC)).toBe('0.01');
    expect(stepDown('0.01', BTC)).toBe('0.01');
    expect(stepUp('abc', BTC)).toBe('0.01');
  });

  it('disables plus at the maximum', () => {
    expect(canStepUp('99.99', BTC)).toBe(true);
    expect(canStepUp('100', BTC)).toBe(false);
  });

  it('keeps the mode and a leverage the new instrument also offers when switching', () => {
    const switched = adaptToInstrument(state({ mode: 'pending', leverage: 2, lots: '3' }), EURGBP);
    expect(switched).toMatchObject({ mode: 'pending', leverage: 5, lots: '0.01', price: '' });
    const kept = adaptToInstrument(state({ leverage: 2 }), instrument({ Id: 27, Code: 'ETHUSD' }));
    expect(kept.leverage).toBe(2);
  });
});

describe('TP and SL', () => {
  it('start at the current price when first ticked and keep the trader’s value afterwards', () => {
    const first = toggleLevel({ enabled: false, value: '' }, true, '95000.00');
    expect(first).toEqual({ enabled: true, value: '95000.00' });
    const typed = { ...first, value: '96000' };
    const off = toggleLevel(typed, false, '95100.00');
    expect(off).toEqual({ enabled: false, value: '96000' });
    expect(toggleLevel(off, true, '95100.00')).toEqual({ enabled: true, value: '96000' });
  });

  it('an existing order’s levels start ticked, "0" unticked', () => {
    expect(levelFromOrder('0')).toEqual({ enabled: false, value: '' });
    expect(levelFromOrder('1.2345')).toEqual({ enabled: true, value: '1.2345' });
  });
});

describe('what the form sends', () => {
  it('a market buy with no levels sends them as 0', () => {
    const check = checkSubmit('buy', state({ leverage: 2, lots: '0.05' }), BTC);
    expect(check).toEqual({
      ok: true,
      payload: {
        type: 1,
        cont: '0.05',
        forex_id: 26,
        status: 1,
        target_price: '0',
        stop_loss_price: '0',
        target_profit_price: '0',
        multiple: 2,
      },
    });
  });

  it('a ticked level is sent, an unticked one is 0 even when it holds a value', () => {
    const form = state({
      takeProfit: { enabled: true, value: '96000' },
      stopLoss: { enabled: false, value: '94000' },
    });
    const check = checkSubmit('buy', form, BTC);
    expect(check.ok && check.payload).toMatchObject({ target_profit_price: '96000', stop_loss_price: '0' });
  });

  it('refuses TP/SL on the wrong side of the closing price for the side pressed', () => {
    const tpAtBid = state({ takeProfit: { enabled: true, value: '95000.00' } });
    expect(checkSubmit('buy', tpAtBid, BTC)).toEqual({
      ok: false,
      problem: { key: 'trading.tp_wrong_side', params: { price: '95000' } },
    });
    // A sell closes at the ask (95000.50): a TP under it is right, an SL under it is wrong.
    expect(checkSubmit('sell', tpAtBid, BTC).ok).toBe(true);
    const slBelow = state({ stopLoss: { enabled: true, value: '94000' } });
    expect(checkSubmit('sell', slBelow, BTC)).toMatchObject({
      ok: false,
      problem: { key: 'trading.sl_wrong_side' },
    });
    expect(checkSubmit('buy', state({ stopLoss: { enabled: true, value: '' } }), BTC)).toMatchObject({
      ok: false,
      problem: { key: 'trading.price_invalid' },
    });
  });

  it('a pending order needs a price and judges its levels against it', () => {
    expect(checkSubmit('buy', state({ mode: 'pending' }), BTC)).toEqual({
      ok: false,
      problem: { key: 'messages.enter_price' },
    });
    const pending = state({
      mode: 'pending',
      price: '90000',
      takeProfit: { enabled: true, value: '92000' },
      stopLoss: { enabled: true, value: '89000' },
    });
    const check = checkSubmit('buy', pending, BTC);
    expect(check.ok && check.payload).toMatchObject({
      status: 0,
      target_price: '90000',
      target_profit_price: '92000',
      stop_loss_price: '89000',
    });
  });

  it('explains lots the server would refuse, and ignores an empty lots or leverage silently', () => {
    expect(checkSubmit('buy', state({ lots: '0.015' }), BTC)).toEqual({
      ok: false,
      problem: { key: 'trading.lots_off_step', params: { step: '0.01' } },
    });
    expect(checkSubmit('buy', state({ lots: '101' }), BTC)).toMatchObject({
      problem: { key: 'trading.lots_too_large', params: { max: '100' } },
    });
    expect(checkSubmit('buy', state({ lots: '-1' }), BTC)).toMatchObject({
      problem: { key: 'trading.lots_invalid' },
    });
    expect(checkSubmit('buy', state({ lots: '' }), BTC)).toEqual({ ok: false, problem: null });
    expect(checkSubmit('buy', state({ leverage: null }), BTC)).toEqual({ ok: false, problem: null });
  });

  it('says there is no leverage when the instrument offers none', () => {
    const none = instrument({ HasForexMultiple: [] });
    expect(checkSubmit('buy', initialFormState(none), none)).toEqual({
      ok: false,
      problem: { key: 'messages.no_multiple' },
    });
  });

  it('the TP/SL editor judges levels against the order’s live closing price', () => {
    const tp = { enabled: true, value: '95100' };
    const none = { enabled: false, value: '' };
    expect(checkStops(9, 'buy', '95000.00', tp, none)).toEqual({
      ok: true,
      payload: { id: 9, target_profit_price: '95100', stop_loss_price: '0' },
    });
    expect(checkStops(9, 'sell', '95000.00', tp, none)).toMatchObject({
      ok: false,
      problem: { key: 'trading.tp_wrong_side' },
    });
  });
});
