import type { Decimal } from 'decimal.js';
import { type DecimalInput, parseNonNegative, parsePositive } from './decimal.js';
import { type InstrumentTerms, isFixedMargin, TRADE_FEE_TYPE_PER_LOT } from './instrument.js';
import { assertMicros, sumMicros, usdToMicros } from './money.js';

export interface MarginInput {
  terms: Pick<InstrumentTerms, 'contractSize' | 'marginMode'>;
  lots: DecimalInput;
  /** The opening price (ask for a buy, bid for a sell; the target for a pending order). Leverage mode only. */
  price?: DecimalInput;
  /** The chosen leverage. Leverage mode only. */
  leverage?: DecimalInput;
  /** USD per unit of the quote currency (see quoteToUsdRate). Leverage mode only. */
  quoteToUsd?: DecimalInput;
}

/**
 * The exact margin in USD, before rounding:
 * - fixed mode (MarginMode 1): lots × units per lot, taken as USD as the specification says;
 * - leverage mode: lots × units × price / leverage, which is in the quote currency, × quoteToUsd.
 * The division comes last so an exact quotient stays exact.
 */
export function marginUsd(input: MarginInput): Decimal {
  const lots = parseNonNegative(input.lots, 'lots');
  const units = parsePositive(input.terms.contractSize, 'contractSize');
  if (isFixedMargin(input.terms)) return lots.times(units);
  const price = parsePositive(input.price, 'price');
  const leverage = parsePositive(input.leverage, 'leverage');
  const quoteToUsd = parsePositive(input.quoteToUsd, 'quoteToUsd');
  return lots.times(units).times(price).times(quoteToUsd).div(leverage);
}

/** The margin frozen by an order, in micros (rounded once, half-up). */
export function marginMicros(input: MarginInput): number {
  return usdToMicros(marginUsd(input), 'margin');
}

export interface FeeInput {
  /** trade_fee_type from the basic settings: 1 = per lot, anything else = share of the margin. */
  tradeFeeType: number;
  terms: Pick<InstrumentTerms, 'feeRate'>;
  lots: DecimalInput;
  /** The booked margin of the order, in micros. Only read when the fee is a share of the margin. */
  marginMicros: number;
}

/**
 * The trading fee in micros: type 1 = lots × fee rate (USD per lot); otherwise margin × fee rate.
 * The share is taken of the booked (already rounded) margin, so anyone can check the fee from the
 * margin the app displays to 6 decimals.
 */
export function feeMicros(input: FeeInput): number {
  const rate = parseNonNegative(input.terms.feeRate, 'feeRate');
  if (input.tradeFeeType === TRADE_FEE_TYPE_PER_LOT) {
    return usdToMicros(parseNonNegative(input.lots, 'lots').times(rate), 'fee');
  }
  const margin = assertMicros(input.marginMicros, 'marginMicros');
  if (margin < 0) throw new RangeError(`marginMicros: expected zero or more, got ${margin}`);
  // marginMicros × rate is already in micros: round it directly rather than via USD.
  return usdToMicros(rate.times(margin).div(1_000_000), 'fee');
}

export interface OpenCost {
  marginMicros: number;
  feeMicros: number;
  /** What opening debits from the free balance: margin + fee. */
  totalMicros: number;
}

/** Margin, fee and their sum for an order: the server books it, the order form shows it as the estimate. */
export function openCost(
  input: MarginInput & { tradeFeeType: number; terms: Pick<InstrumentTerms, 'feeRate'> },
): OpenCost {
  const margin = marginMicros(input);
  const fee = feeMicros({
    tradeFeeType: input.tradeFeeType,
    terms: input.terms,
    lots: input.lots,
    marginMicros: margin,
  });
  return { marginMicros: margin, feeMicros: fee, totalMicros: sumMicros(margin, fee) };
}
