import type { Decimal } from 'decimal.js';
import { D, type DecimalInput, parsePositive } from './decimal.js';

/**
 * The trading terms of one instrument, named after what they mean; the comment on each field gives
 * the specification's name so mapping a trade_list row is mechanical.
 */
export interface InstrumentTerms {
  /** ForexContNum: units of the base per lot (100_000 for EURUSD, 100 oz for XAUUSD). */
  contractSize: DecimalInput;
  /** ForexMinCont: the smallest lot size accepted. */
  minLots: DecimalInput;
  /** Pip: the lot step; lots must be a whole multiple of it. */
  lotStep: DecimalInput;
  /** The largest lot size accepted in one order (the specification leaves it open; a setting). */
  maxLots: DecimalInput;
  /** MarginMode: 1 = fixed margin, anything else = leverage-based. */
  marginMode: number;
  /** ForexFeeRate: USD per lot when trade_fee_type is 1, otherwise a fraction of the margin. */
  feeRate: DecimalInput;
  /** PricePrecision: decimals shown and accepted for prices. */
  pricePrecision: number;
  /** HasForexMultiple values: the leverages offered. */
  leverageOptions: number[];
}

export const MARGIN_MODE_FIXED = 1;
export const TRADE_FEE_TYPE_PER_LOT = 1;

export type Side = 'buy' | 'sell';

/** OrderType in the API: 1 is buy, any other value is sell. */
export function sideFromOrderType(orderType: number): Side {
  return orderType === 1 ? 'buy' : 'sell';
}

export function orderTypeFromSide(side: Side): 1 | 2 {
  return side === 'buy' ? 1 : 2;
}

/** A two-sided quote; lists and charts show the bid. */
export interface Quote<P = DecimalInput> {
  bid: P;
  ask: P;
}

/** The price an order opens at: a buy pays the ask, a sell receives the bid. */
export function openingPrice<P>(side: Side, quote: Quote<P>): P {
  return side === 'buy' ? quote.ask : quote.bid;
}

/** The price a position closes at: a buy sells at the bid, a sell buys back at the ask. */
export function closingPrice<P>(side: Side, quote: Quote<P>): P {
  return side === 'buy' ? quote.bid : quote.ask;
}

/** Which side of the quote a position's TP/SL watch (the server indexes triggers by it). */
export function closingQuoteSide(side: Side): 'bid' | 'ask' {
  return side === 'buy' ? 'bid' : 'ask';
}

export function isFixedMargin(terms: Pick<InstrumentTerms, 'marginMode'>): boolean {
  return terms.marginMode === MARGIN_MODE_FIXED;
}

export function isLeverageOffered(
  terms: Pick<InstrumentTerms, 'leverageOptions'>,
  leverage: number,
): boolean {
  return terms.leverageOptions.includes(leverage);
}

/**
 * The factor that turns an amount in the instrument's quote currency into USD, from the price of the
 * pair that links that currency to USD:
 * - USD is the quote of that pair (GBPUSD for EURGBP): USD per quote unit is the price itself;
 * - USD is the base of that pair (USDJPY for USDJPY or EURJPY): it is 1 / price.
 * A USD-quoted instrument (EURUSD, XAUUSD) needs no pair: use USD_QUOTED, i.e. 1.
 */
export function quoteToUsdRate(pairPrice: DecimalInput, usdIs: 'quote' | 'base'): Decimal {
  const price = parsePositive(pairPrice, 'pairPrice');
  return usdIs === 'quote' ? price : new D(1).div(price);
}

export const USD_QUOTED = 1;
