/**
 * Mapping from this feature's camelCase model to the API's capitalised payloads (the shapes of
 * packages/contract/src/markets.ts, which the tests validate these against).
 *
 * Public API: `tradeInstrumentPayload(input)`, `categoryPayload(category, lang)`,
 * `candlePayload(candle)`, `dayMarketEntry(input)`, `klineMessage(code, updated)`,
 * `dayMarketMessage(entries)`, `matchesSearch(instrument, search)`.
 */
import type { Lang } from '@meridian/contract';
import type { Candle, DayQuote, Period } from './candles.js';
import { type Instrument, leverageOptions } from './catalogue.js';
import type { Category } from './categories.js';
import type { Quote } from './feed.js';
import { formatPrice, parsePrice } from './price.js';

export interface CandlePayload {
  Time: number;
  Open: string;
  High: string;
  Low: string;
  Close: string;
  Volume: number;
}

export interface TradeInstrumentPayload {
  Id: number;
  Code: string;
  ShowCode: string;
  Logo: string;
  CategoryId: number;
  MarketStatus: 0 | 1;
  ForexQuotations: { Open: string; Close: string; Change: string };
  PricePrecision: number;
  ForexMinCont: string;
  ForexMaxCont: string;
  ForexContNum: number;
  ForexFeeRate: string;
  Pip: string;
  MarginMode: 1 | 2;
  HasForexMultiple: Array<{ Value: number }>;
  Bid: string;
  Ask: string;
  Spread: string;
  QuoteCurrency: string;
}

export interface DayMarketEntryPayload {
  Id: number;
  Code: string;
  Bid: string;
  Ask: string;
  Close: string;
  Open: string;
  Change: string;
  MarketStatus: 0 | 1;
  Time: number;
}

export interface InstrumentState {
  instrument: Instrument;
  /** The feed's last quote; before any, the base price stands in. */
  quote: Quote | undefined;
  /** From the instrument's `CandleAggregator.dayQuote()`; before any tick the day is flat. */
  day: DayQuote | undefined;
  marketStatus: 0 | 1;
}

function prices(s: InstrumentState) {
  const { instrument: inst, quote } = s;
  const bid = quote?.bid ?? inst.basePrice;
  const ask = quote?.ask ?? inst.basePrice;
  const p = inst.pricePrecision;
  const day = s.day ?? { open: bid, close: bid, change: '0.00' };
  return {
    bid: formatPrice(parsePrice(bid, p), p),
    ask: formatPrice(parsePrice(ask, p), p),
    spread: formatPrice(parsePrice(ask, p) - parsePrice(bid, p), p),
    day,
    time: quote?.time ?? 0,
  };
}

export function tradeInstrumentPayload(
  s: InstrumentState,
  settings: { allowProLeverage: boolean; tradeFeeType: number },
): TradeInstrumentPayload {
  const inst = s.instrument;
  const { bid, ask, spread, day } = prices(s);
  return {
    Id: inst.id,
    Code: inst.code,
    ShowCode: inst.showCode,
    Logo: inst.logo,
    CategoryId: inst.categoryId,
    MarketStatus: s.marketStatus,
    ForexQuotations: { Open: day.open, Close: day.close, Change: day.change },
    PricePrecision: inst.pricePrecision,
    ForexMinCont: inst.minLots,
    ForexMaxCont: inst.maxLots,
    ForexContNum: inst.contractSize,
    ForexFeeRate: settings.tradeFeeType === 1 ? inst.feePerLot : inst.feeRate,
    Pip: inst.lotStep,
    MarginMode: inst.marginMode,
    HasForexMultiple: leverageOptions(inst, settings.allowProLeverage).map((Value) => ({ Value })),
    Bid: bid,
    Ask: ask,
    Spread: spread,
    QuoteCurrency: inst.quoteCurrency,
  };
}

export function categoryPayload(category: Category, lang: Lang): { Id: number; NameShowTrans: string } {
  return { Id: category.id, NameShowTrans: category.names[lang] };
}

export function candlePayload(c: Candle): CandlePayload {
  return { Time: c.time, Open: c.open, High: c.high, Low: c.low, Close: c.close, Volume: c.volume };
}

export function dayMarketEntry(s: InstrumentState): DayMarketEntryPayload {
  const { bid, ask, day, time } = prices(s);
  return {
    Id: s.instrument.id,
    Code: s.instrument.code,
    Bid: bid,
    Ask: ask,
    Close: day.close,
    Open: day.open,
    Change: day.change,
    MarketStatus: s.marketStatus,
    Time: time,
  };
}

export function dayMarketMessage(entries: DayMarketEntryPayload[]) {
  return { type: 'DAY_MARKET' as const, code: 1 as const, data: entries };
}

/** `timeMs`: the latest tick folded into these candles, so a client can tell how fresh they are. */
export function klineMessage(code: string, updated: Partial<Record<Period, Candle>>, timeMs?: number) {
  const data: Partial<Record<Period, CandlePayload>> = {};
  for (const [period, candle] of Object.entries(updated) as Array<[Period, Candle]>) {
    data[period] = candlePayload(candle);
  }
  return { type: 'KLINE' as const, code, data, ...(timeMs === undefined ? {} : { Time: timeMs }) };
}

/** The trade_list `searchCurrency` filter: case-insensitive, on the code or the shown name. */
export function matchesSearch(inst: Instrument, search: string | undefined): boolean {
  const q = search?.trim().toUpperCase().replace(/[/\s]/g, '');
  if (!q) return true;
  return inst.code.includes(q) || inst.showCode.toUpperCase().replace(/[/\s]/g, '').includes(q);
}
