import { describe, expect, it } from 'vitest';
import { DEFER } from './socket';
import { parseLiteMessage } from './socket-lite';
import { parseServerMessage } from './socket-protocol';

const QUOTE = {
  Id: 1,
  Code: 'EURUSD',
  Bid: '1.08501',
  Ask: '1.08511',
  Close: '1.08501',
  Open: '1.08400',
  Change: '-0.09',
  MarketStatus: 1,
  Time: 1_700_000_000_000,
};

const CANDLE = {
  Time: 1_700_000_000,
  Open: '1.085',
  High: '1.086',
  Low: '1.084',
  Close: '1.0855',
  Volume: 12,
};

const FIGURES = {
  balance: '99000.000000',
  lock_balance: '1000.000000',
  margin: '1000.000000',
  profit: '-12.345600',
  equity: '99987.654400',
  risk_rate: '9998.77',
};
const ORDER_TICK = { Id: 7, Price: '1.08501', FactProfits: '-12.345600' };

/** Frames the quick parser handles, valid as the contract defines them. */
const VALID: Record<string, unknown>[] = [
  { type: 'hello', code: 1, protocol: 2, time: 1_700_000_000_000 },
  { type: 'login_result', code: 1 },
  { type: 'login_result', code: 999, msg: 'Session expired' },
  { type: 'logout_result', code: 1, msg: 'bye' },
  { type: 'sub_result', code: 1, topic: 'DAY_MARKET' },
  { type: 'unsub_result', code: 1, topic: 'KLINE.EURUSD' },
  { type: 'error', code: 0, msg: 'bad frame' },
  { type: 'DAY_MARKET', code: 1, data: [QUOTE, { ...QUOTE, Id: 2, Code: 'XAU.USD', MarketStatus: 0 }] },
  { type: 'DAY_MARKET', code: 1, data: [] },
  { type: 'FEED_STATUS', code: 1, data: { Stale: true, AgeMs: 12_000 } },
  { type: 'FEED_STATUS', code: 1, data: { Stale: false, AgeMs: null } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': CANDLE, '1day': { ...CANDLE, Volume: 0 } }, Time: 1 },
  { type: 'KLINE', code: 'XAU.USD', data: {} },
  { type: 'KLINE', code: 'EURUSD', data: { '5min': { ...CANDLE, Extra: 1 } }, extra: true },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [ORDER_TICK, { ...ORDER_TICK, Id: 8 }] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, risk_rate: null, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [{ ...ORDER_TICK, Extra: 1 }], extra: 2 } },
  // Extra keys are dropped, by zod and by the quick parser alike.
  { type: 'sub_result', code: 1, topic: 'FEED_STATUS', extra: 'x' },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Extra: 1 }], more: true },
];

/** Each valid frame broken in one field (type, range, pattern, missing, null, float...). */
const INVALID: unknown[] = [
  null,
  'text',
  [],
  { code: 1 },
  { type: 'hello', code: 2, protocol: 2, time: 1 },
  { type: 'hello', code: 1, protocol: 0, time: 1 },
  { type: 'hello', code: 1, protocol: 2, time: 1.5 },
  { type: 'login_result', code: '1' },
  { type: 'login_result', code: 1, msg: 5 },
  { type: 'login_result', code: 1, msg: null },
  { type: 'logout_result' },
  { type: 'sub_result', code: 1 },
  { type: 'unsub_result', code: 1, topic: 3 },
  { type: 'error', code: 1 },
  { type: 'DAY_MARKET', code: 2, data: [] },
  { type: 'DAY_MARKET', code: 1, data: {} },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Id: 0 }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Id: 2 ** 53 }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Code: 'eurusd' }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Code: 'A'.repeat(25) }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Bid: '1.0e5' }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Ask: 1.08 }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Change: '+0.09' }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Close: '.5' }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, MarketStatus: 2 }] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Time: Number.NaN }] },
  { type: 'DAY_MARKET', code: 1, data: [QUOTE, null] },
  { type: 'DAY_MARKET', code: 1, data: [{ ...QUOTE, Open: undefined }] },
  { type: 'FEED_STATUS', code: 1, data: { Stale: 'yes', AgeMs: null } },
  { type: 'FEED_STATUS', code: 1, data: { Stale: true, AgeMs: -1 } },
  { type: 'FEED_STATUS', code: 1, data: { Stale: true, AgeMs: 1.5 } },
  { type: 'FEED_STATUS', code: 1, data: { Stale: true } },
  { type: 'FEED_STATUS', code: 1, data: null },
  { type: 'FOREX_TRADE', code: 1, data: {} },
  { type: 'FOREX_TRADE', code: 2, data: { ...FIGURES, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: {} } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, balance: '99000.00', orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, equity: 99987.6544, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, profit: '1e3', orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, risk_rate: undefined, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, risk_rate: 12, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, lock_balance: null, orders: [] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [{ ...ORDER_TICK, Id: 0 }] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [{ ...ORDER_TICK, Id: 1.5 }] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [{ ...ORDER_TICK, Price: '1,08' }] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [{ ...ORDER_TICK, FactProfits: '-12.3' }] } },
  { type: 'FOREX_TRADE', code: 1, data: { ...FIGURES, orders: [ORDER_TICK, null] } },
  { type: 'KLINE', code: 'eurusd', data: {} },
  { type: 'KLINE', code: 1, data: {} },
  { type: 'KLINE', code: 'EURUSD', data: [] },
  { type: 'KLINE', code: 'EURUSD', data: null },
  { type: 'KLINE', code: 'EURUSD', data: {}, Time: 1.5 },
  { type: 'KLINE', code: 'EURUSD', data: {}, Time: null },
  { type: 'KLINE', code: 'EURUSD', data: { '2min': CANDLE } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': null } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, Volume: -1 } } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, Volume: 1.5 } } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, High: 1.086 } } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, Low: '1,084' } } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, Time: '1' } } },
  { type: 'KLINE', code: 'EURUSD', data: { '1min': { ...CANDLE, Close: undefined } } },
];

describe('the quick socket parser agrees with the contract', () => {
  it('accepts every valid common frame with exactly what zod returns', () => {
    for (const frame of VALID) {
      const full = parseServerMessage(frame);
      expect(full, JSON.stringify(frame)).not.toBeNull();
      expect(parseLiteMessage(frame), JSON.stringify(frame)).toEqual(full);
    }
  });

  it('refuses every broken one, as zod does', () => {
    for (const frame of INVALID) {
      expect(parseServerMessage(frame), JSON.stringify(frame)).toBeNull();
      expect(parseLiteMessage(frame), JSON.stringify(frame)).toBeNull();
    }
  });

  it('leaves order events, copy trading and unknown types to the full parser', () => {
    expect(parseLiteMessage({ type: 'FOREX_CLOSED' })).toBe(DEFER);
    expect(parseLiteMessage({ type: 'COPY_TRADE' })).toBe(DEFER);
    expect(parseLiteMessage({ type: 'NEW_THING' })).toBe(DEFER);
  });
});
