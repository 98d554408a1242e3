import type { Decimal } from 'decimal.js';
import { type DecimalInput, parseNonNegative, parsePositive } from './decimal.js';
import { closingPrice, type InstrumentTerms, type Quote, type Side } from './instrument.js';
import { usdToMicros } from './money.js';

export interface PnlAtInput {
  side: Side;
  terms: Pick<InstrumentTerms, 'contractSize'>;
  lots: DecimalInput;
  openPrice: DecimalInput;
  closePrice: DecimalInput;
  /** USD per unit of the quote currency at the moment of valuation (see quoteToUsdRate). */
  quoteToUsd: DecimalInput;
}

/** Exact P&L in USD: buy (close − open), sell (open − close), × lots × units × quoteToUsd. */
export function pnlUsd(input: PnlAtInput): Decimal {
  const open = parsePositive(input.openPrice, 'openPrice');
  const close = parsePositive(input.closePrice, 'closePrice');
  const move = input.side === 'buy' ? close.minus(open) : open.minus(close);
  return move
    .times(parseNonNegative(input.lots, 'lots'))
    .times(parsePositive(input.terms.contractSize, 'contractSize'))
    .times(parsePositive(input.quoteToUsd, 'quoteToUsd'));
}

/**
 * P&L of closing at a given price, in micros. Rounded half away from zero, so a buy and a sell with
 * mirrored prices book exactly opposite amounts. Used for the realised P&L at the fill price.
 */
export function pnlMicrosAt(input: PnlAtInput): number {
  return usdToMicros(pnlUsd(input), 'pnl');
}

export interface FloatingPnlInput extends Omit<PnlAtInput, 'closePrice'> {
  quote: Quote;
}

/**
 * Floating P&L against the live quote: a buy is valued at the bid, a sell at the ask, i.e. at the price
 * the position could be closed at right now. A fresh position therefore shows minus the spread.
 */
export function floatingPnlMicros(input: FloatingPnlInput): number {
  return pnlMicrosAt({ ...input, closePrice: closingPrice(input.side, input.quote) });
}
