import { z } from 'zod';
import { MARKET_CLOSED, MARKET_OPEN, PERIODS } from './market-constants.js';
import { wholeNumber } from './whole-number.js';

/**
 * Market data: the REST payloads of /v1/api/forex/trade_list, getCategories and kline, and the
 * DAY_MARKET and KLINE socket messages. Field names are the specification's (capitalised).
 *
 * Numbers that are prices, lots or rates travel as decimal strings ("1.16512", "0.01") so no float
 * noise can creep in between the server's decimal maths and the screen; counts, ids, precisions
 * and leverage values are integers. `Change` is a percentage string with 2 decimals ("-0.35").
 * Candle `Time` is the period start in epoch seconds (UTC); quote `Time` is epoch milliseconds.
 */

export const Period = z.enum(PERIODS);
export type Period = z.infer<typeof Period>;

export const MarketStatus = z.union([z.literal(MARKET_CLOSED), z.literal(MARKET_OPEN)]);
export type MarketStatus = z.infer<typeof MarketStatus>;

export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a plain decimal number');
/** Upper-case letters, digits and dots, as in socket topics (`KLINE.EURUSD`). */
export const InstrumentCode = z.string().regex(/^[A-Z0-9.]{1,24}$/);

export const LeverageOption = z.object({ Value: z.number().int().positive() });
export type LeverageOption = z.infer<typeof LeverageOption>;

export const ForexQuotations = z.object({
  /** The first bid of the trading day (which starts at 17:00 New York; 00:00 UTC for crypto). */
  Open: DecimalString,
  /** The last bid. */
  Close: DecimalString,
  /** (Close − Open) / Open × 100, 2 decimals. */
  Change: DecimalString,
});
export type ForexQuotations = z.infer<typeof ForexQuotations>;

export const TradeInstrument = z.object({
  Id: z.number().int().positive(),
  Code: InstrumentCode,
  ShowCode: z.string().min(1),
  Logo: z.string().min(1),
  CategoryId: z.number().int().positive(),
  MarketStatus,
  ForexQuotations,
  PricePrecision: z.number().int().min(0).max(10),
  /** Minimum order, in lots. */
  ForexMinCont: DecimalString,
  /** Maximum order, in lots. */
  ForexMaxCont: DecimalString,
  /** Units of the underlying per lot. */
  ForexContNum: z.number().int().positive(),
  /** USD per lot when trade_fee_type is 1, else a fraction of the margin. */
  ForexFeeRate: DecimalString,
  /** The lot step. */
  Pip: DecimalString,
  /** 1 fixed margin, 2 leverage-based. */
  MarginMode: z.union([z.literal(1), z.literal(2)]),
  HasForexMultiple: z.array(LeverageOption),
  Bid: DecimalString,
  Ask: DecimalString,
  Spread: DecimalString,
  QuoteCurrency: z.string().regex(/^[A-Z]{3}$/),
});
export type TradeInstrument = z.infer<typeof TradeInstrument>;
export const TradeList = z.array(TradeInstrument);

export const TradeListQuery = z.object({
  /** Case-insensitive match on Code or ShowCode. */
  searchCurrency: z.string().trim().max(24).optional(),
});
export type TradeListQuery = z.infer<typeof TradeListQuery>;

export const Category = z.object({
  Id: z.number().int().positive(),
  /** The category name in the request's language. */
  NameShowTrans: z.string().min(1),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

export const Candle = z.object({
  Time: z.number().int(),
  Open: DecimalString,
  High: DecimalString,
  Low: DecimalString,
  Close: DecimalString,
  /** Tick count. */
  Volume: z.number().int().min(0),
});
export type Candle = z.infer<typeof Candle>;
/** Oldest first. */
export const CandleList = z.array(Candle);

export const KLINE_DEFAULT_LIMIT = 300;
export const KLINE_MAX_LIMIT = 1000;

/**
 * GET /v1/api/forex/kline: the latest `limit` candles of one instrument and period, oldest first,
 * the last being the forming candle. Paging back for the chart: pass `to` = the `Time` of the
 * oldest candle already shown (epoch seconds, exclusive) to get the candles before it.
 */
export const KlineQuery = z.object({
  forex_id: wholeNumber(z.number().int().positive()),
  period: Period,
  to: wholeNumber(z.number().int().positive()).optional(),
  limit: wholeNumber(z.number().int().min(1).max(KLINE_MAX_LIMIT)).default(KLINE_DEFAULT_LIMIT),
});
export type KlineQuery = z.input<typeof KlineQuery>;

export const ABBREVIATED_KLINE_DEFAULT_PERIOD: Period = '15min';
export const ABBREVIATED_KLINE_POINTS = 60;

/** GET /v1/api/forex/abbreviated_cache_kline: a short series for the home list's small area chart. */
export const AbbreviatedKlineQuery = z.object({
  forex_id: wholeNumber(z.number().int().positive()),
  period: Period.default(ABBREVIATED_KLINE_DEFAULT_PERIOD),
});
export type AbbreviatedKlineQuery = z.input<typeof AbbreviatedKlineQuery>;

/**
 * A period as the kline routes read it: short text, so a well-formed but unsupported period is
 * answered `unknown_period` (the spec's message) rather than a list of fields.
 */
const PeriodText = z.string().trim().min(1).max(16);

/** What GET kline reads: KlineQuery, its period checked by the server. */
export const KlineRequest = z.object({
  forex_id: wholeNumber(z.number().int().positive()),
  period: PeriodText,
  to: wholeNumber(z.number().int().positive()).optional(),
  limit: wholeNumber(z.number().int().min(1).max(KLINE_MAX_LIMIT)).default(KLINE_DEFAULT_LIMIT),
});
export type KlineRequest = z.input<typeof KlineRequest>;

/** What GET abbreviated_cache_kline reads: AbbreviatedKlineQuery, its period checked by the server. */
export const AbbreviatedKlineRequest = z.object({
  forex_id: wholeNumber(z.number().int().positive()),
  period: PeriodText.optional(),
});
export type AbbreviatedKlineRequest = z.input<typeof AbbreviatedKlineRequest>;

/** One point of the abbreviated series: the candle's start (epoch seconds) and its close. */
export const KlinePoint = z.object({ Time: z.number().int(), Close: DecimalString });
export type KlinePoint = z.infer<typeof KlinePoint>;
/** The last ABBREVIATED_KLINE_POINTS closes, oldest first. */
export const KlinePointList = z.array(KlinePoint);

export const DayMarketEntry = z.object({
  Id: z.number().int().positive(),
  Code: InstrumentCode,
  Bid: DecimalString,
  Ask: DecimalString,
  Close: DecimalString,
  Open: DecimalString,
  Change: DecimalString,
  MarketStatus,
  Time: z.number().int(),
});
export type DayMarketEntry = z.infer<typeof DayMarketEntry>;

/** Topic DAY_MARKET: the quotes that changed since the last message (all of them on subscribe). */
export const DayMarketMessage = z.object({
  type: z.literal('DAY_MARKET'),
  code: z.literal(1),
  data: z.array(DayMarketEntry),
});
export type DayMarketMessage = z.infer<typeof DayMarketMessage>;

/**
 * Topic FEED_STATUS: whether the prices of the node the client is connected to are current. Sent on
 * subscribe and whenever it changes. `Stale`: the node has had no word from the price feed for longer
 * than its STALE_PRICE_MS (scale-out: the leader hangs or is being replaced), so it refuses market
 * orders, closes and TP/SL changes on open markets (`price_stale`) until prices flow again; the app
 * shows the quotes as not current. `AgeMs`: how old the node's latest word from the feed is, null
 * before the first.
 */
export const FeedStatusMessage = z.object({
  type: z.literal('FEED_STATUS'),
  code: z.literal(1),
  data: z.object({
    Stale: z.boolean(),
    AgeMs: z.number().int().nonnegative().nullable(),
  }),
});
export type FeedStatusMessage = z.infer<typeof FeedStatusMessage>;

/** Topic KLINE.{code}: the forming candle of each period that changed; `code` is the instrument. */
export const KlineMessage = z.object({
  type: z.literal('KLINE'),
  code: InstrumentCode,
  data: z.partialRecord(Period, Candle),
  /** Epoch milliseconds of the latest tick folded into these candles. */
  Time: z.number().int().optional(),
});
export type KlineMessage = z.infer<typeof KlineMessage>;
