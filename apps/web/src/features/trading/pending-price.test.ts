import type { Order } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { sampleInstrument } from '../markets/test-data';
import { currentPriceOf } from './pending-price';

const order = (over: Partial<Order>): Order => ({
  Id: 1,
  ForexId: 7,
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 0,
  Quantity: '0.01',
  OriginPrice: '1.09000',
  Price: '1.10000',
  FactProfits: '0.000000',
  CautionMoney: '36.330000',
  TradeFee: '0.000000',
  TargetLossPrice: '0',
  TargetProfitPrice: '0',
  Multiple: 30,
  CloseReason: null,
  CreateTimeHandler: '2026-01-13 10:00:00',
  CreateTime: 0,
  FillTime: null,
  CloseTime: null,
  ...over,
});

const QUOTES = [sampleInstrument({ Id: 7, Code: 'EURUSD', Bid: '1.10120', Ask: '1.10135' })];

describe('current price of an order', () => {
  it('a pending order shows the live price it would open at: the ask for a buy, the bid for a sell', () => {
    expect(currentPriceOf(order({ OrderType: 1 }), QUOTES)).toBe('1.10135');
    expect(currentPriceOf(order({ OrderType: 2 }), QUOTES)).toBe('1.10120');
  });

  it('keeps the order’s own price for holding orders (FOREX_TRADE moves those) and without a quote', () => {
    expect(currentPriceOf(order({ Status: 1 }), QUOTES)).toBe('1.10000');
    expect(currentPriceOf(order({ ForexId: 99 }), QUOTES)).toBe('1.10000');
    expect(currentPriceOf(order({}), undefined)).toBe('1.10000');
  });
});
