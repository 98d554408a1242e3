import {
  type Candle,
  type DayMarketEntry,
  type ForexTradeMessage,
  MARKET_CLOSED,
  MARKET_OPEN,
  PERIODS,
  type Period,
  type ServerMessage,
  type ServerMessageType,
} from '@meridian/contract';
import { DEFER, type MessageParser } from './socket';

/**
 * The frames every screen receives (the handshake, subscription answers, DAY_MARKET quotes and
 * FEED_STATUS), the trade screen's KLINE candles and a signed-in trader's FOREX_TRADE figures,
 * checked by hand so no screen needs zod for them (on /trade, the first candle frame loaded zod and
 * built all the contract's schemas, about 60 ms of a phone's main thread, right after the chart's
 * own start; FOREX_TRADE comes on subscribing, so Orders and Mine loaded zod just after their first
 * paint); every other type (order events, copy trading's pushes) comes back `DEFER`, and the socket client loads the contract's full parser (lib/socket-protocol)
 * for it. Each check mirrors the contract's zod schema field by field, keeping only the schema's keys
 * as zod does; socket-lite.test.ts runs both over the same frames and requires the same answers.
 */
type Row = Record<string, unknown>;

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** The contract's Money: an amount with exactly 6 decimals. */
const MONEY = /^-?\d{1,13}\.\d{6}$/;
const INSTRUMENT_CODE = /^[A-Z0-9.]{1,24}$/;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isDecimal = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v);
const isMoney = (v: unknown): v is string => typeof v === 'string' && MONEY.test(v);

function dayMarketEntry(v: unknown): DayMarketEntry | null {
  if (!isRow(v)) return null;
  const { Id, Code, Bid, Ask, Close, Open, Change, MarketStatus, Time } = v;
  if (!isInt(Id) || Id <= 0) return null;
  if (typeof Code !== 'string' || !INSTRUMENT_CODE.test(Code)) return null;
  if (!isDecimal(Bid) || !isDecimal(Ask) || !isDecimal(Close) || !isDecimal(Open) || !isDecimal(Change)) {
    return null;
  }
  if (MarketStatus !== MARKET_OPEN && MarketStatus !== MARKET_CLOSED) return null;
  if (!isInt(Time)) return null;
  return { Id, Code, Bid, Ask, Close, Open, Change, MarketStatus, Time };
}

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

function candle(v: unknown): Candle | null {
  if (!isRow(v)) return null;
  const { Time, Open, High, Low, Close, Volume } = v;
  if (!isInt(Time)) return null;
  if (!isDecimal(Open) || !isDecimal(High) || !isDecimal(Low) || !isDecimal(Close)) return null;
  if (!isInt(Volume) || Volume < 0) return null;
  return { Time, Open, High, Low, Close, Volume };
}

/** An optional string field as zod's `.optional()` reads it: absent or undefined, else a string. */
function optionalText(row: Row, key: string): { ok: boolean; value?: string } {
  const value = row[key];
  if (value === undefined) return { ok: true };
  return typeof value === 'string' ? { ok: true, value } : { ok: false };
}

/** FOREX_TRADE's data: the account's figures and each holding order's price and floating P&L. */
function accountTrade(v: unknown): ForexTradeMessage['data'] | null {
  if (!isRow(v)) return null;
  const { balance, lock_balance, margin, profit, equity, risk_rate, orders } = v;
  if (
    !isMoney(balance) ||
    !isMoney(lock_balance) ||
    !isMoney(margin) ||
    !isMoney(profit) ||
    !isMoney(equity)
  ) {
    return null;
  }
  if (risk_rate !== null && typeof risk_rate !== 'string') return null;
  if (!Array.isArray(orders)) return null;
  const ticks: ForexTradeMessage['data']['orders'] = [];
  for (const order of orders) {
    if (!isRow(order)) return null;
    const { Id, Price, FactProfits } = order;
    if (!isInt(Id) || Id <= 0 || !isDecimal(Price) || !isMoney(FactProfits)) return null;
    ticks.push({ Id, Price, FactProfits });
  }
  return { balance, lock_balance, margin, profit, equity, risk_rate, orders: ticks };
}

type LiteParsers = Partial<Record<ServerMessageType, (row: Row) => ServerMessage | null>>;

const PARSERS: LiteParsers = {
  hello: ({ code, protocol, time }) =>
    code === 1 && isInt(protocol) && protocol > 0 && isInt(time)
      ? { type: 'hello', code, protocol, time }
      : null,
  login_result: (row) => {
    const msg = optionalText(row, 'msg');
    if (!isInt(row.code) || !msg.ok) return null;
    return msg.value === undefined
      ? { type: 'login_result', code: row.code }
      : { type: 'login_result', code: row.code, msg: msg.value };
  },
  logout_result: (row) => {
    const msg = optionalText(row, 'msg');
    if (!isInt(row.code) || !msg.ok) return null;
    return msg.value === undefined
      ? { type: 'logout_result', code: row.code }
      : { type: 'logout_result', code: row.code, msg: msg.value };
  },
  sub_result: ({ code, topic }) =>
    isInt(code) && typeof topic === 'string' ? { type: 'sub_result', code, topic } : null,
  unsub_result: ({ code, topic }) =>
    isInt(code) && typeof topic === 'string' ? { type: 'unsub_result', code, topic } : null,
  error: ({ code, msg }) => (isInt(code) && typeof msg === 'string' ? { type: 'error', code, msg } : null),
  DAY_MARKET: ({ code, data }) => {
    if (code !== 1 || !Array.isArray(data)) return null;
    const entries: DayMarketEntry[] = [];
    for (const item of data) {
      const entry = dayMarketEntry(item);
      if (!entry) return null;
      entries.push(entry);
    }
    return { type: 'DAY_MARKET', code, data: entries };
  },
  KLINE: ({ code, data, Time }) => {
    if (typeof code !== 'string' || !INSTRUMENT_CODE.test(code) || !isRow(data)) return null;
    if (Time !== undefined && !isInt(Time)) return null;
    const candles: Partial<Record<Period, Candle>> = {};
    for (const [period, value] of Object.entries(data)) {
      if (!PERIOD_SET.has(period)) return null;
      const parsed = candle(value);
      if (!parsed) return null;
      candles[period as Period] = parsed;
    }
    return Time === undefined
      ? { type: 'KLINE', code, data: candles }
      : { type: 'KLINE', code, data: candles, Time };
  },
  FOREX_TRADE: ({ code, data }) => {
    if (code !== 1) return null;
    const parsed = accountTrade(data);
    return parsed ? { type: 'FOREX_TRADE', code, data: parsed } : null;
  },
  FEED_STATUS: ({ code, data }) => {
    if (code !== 1 || !isRow(data)) return null;
    const { Stale, AgeMs } = data;
    if (typeof Stale !== 'boolean') return null;
    if (AgeMs !== null && !(isInt(AgeMs) && AgeMs >= 0)) return null;
    return { type: 'FEED_STATUS', code, data: { Stale, AgeMs } };
  },
};

/** Parses the common frames without zod; `DEFER` hands any other type to the full parser. */
export const parseLiteMessage: MessageParser = (value) => {
  if (!isRow(value) || typeof value.type !== 'string') return null;
  const parse = PARSERS[value.type as ServerMessageType];
  return parse ? parse(value) : DEFER;
};
