import { groupThousands } from '@meridian/contract';
import { type InstrumentTerms, isLeverageOffered, validateLots } from '@meridian/trading';
import { Decimal } from 'decimal.js';
import { AppError } from '../../http/app-error.js';

/** Longer than any real price and far past any precision: anything beyond is refused outright. */
const MAX_PRICE_TEXT = 24;
const PLAIN = /^\d+(\.\d+)?$/;

/**
 * A price typed by the user: a plain non-negative decimal with at most the instrument's precision.
 * Returns null for "0" (none), else the price at the instrument's precision; throws price_invalid
 * for anything else (negative, NaN, Infinity, hex, exponent, too many digits). Whether the price is
 * sensible is checkPriceBand's question.
 */
export function parseUserPrice(text: string, precision: number): string | null {
  const t = text.trim();
  if (t.length === 0 || t.length > MAX_PRICE_TEXT || !PLAIN.test(t)) throw new AppError('price_invalid');
  const [whole = '0', frac = ''] = t.split('.');
  const decimals = frac.replace(/0+$/, '');
  if (decimals.length > precision) throw new AppError('price_invalid');
  const wholeTrim = whole.replace(/^0+(?=\d)/, '');
  if (/^0*$/.test(wholeTrim + decimals)) return null;
  // Stored and shown at the instrument's precision, like every quote.
  return precision > 0 ? `${wholeTrim}.${decimals.padEnd(precision, '0')}` : wholeTrim;
}

export interface PriceBand {
  low: string;
  high: string;
}

/**
 * The prices a user may type on an instrument now: within `bandPct` percent of the current mid,
 * rounded inwards to the instrument's precision, never below its smallest step, and never past what
 * the trigger index can hold exactly (it keeps prices as integers at the instrument's precision,
 * exact only below 2^53 — one price beyond that once stopped the worker for every account).
 */
export function priceBand(
  quote: { bid: string; ask: string },
  precision: number,
  bandPct: number,
): PriceBand {
  const mid = new Decimal(quote.bid).plus(quote.ask).div(2);
  const share = new Decimal(bandPct).div(100);
  const step = new Decimal(1).div(new Decimal(10).pow(precision));
  const ceiling = new Decimal(Number.MAX_SAFE_INTEGER).times(step);
  const low = Decimal.max(
    step,
    mid.times(Decimal.sub(1, share)).toDecimalPlaces(precision, Decimal.ROUND_UP),
  );
  const high = Decimal.min(
    ceiling,
    mid.times(Decimal.add(1, share)).toDecimalPlaces(precision, Decimal.ROUND_DOWN),
  );
  return { low: low.toFixed(precision), high: high.toFixed(precision) };
}

/** Throws price_out_of_range (naming the band) unless `price` lies inside it. */
export function checkPriceBand(price: string, band: PriceBand): void {
  const p = new Decimal(price);
  if (p.lt(band.low) || p.gt(band.high))
    throw new AppError(
      'price_out_of_range',
      { low: groupThousands(band.low), high: groupThousands(band.high) },
      { ...band },
    );
}

/** Lots on the instrument's step, within its minimum and maximum; returns the canonical text. */
export function checkLots(lots: string, terms: InstrumentTerms): string {
  if (lots.length > MAX_PRICE_TEXT) throw new AppError('lots_invalid');
  const result = validateLots(lots, terms);
  if (!result.ok) throw new AppError(result.error, result.params);
  return result.lotsStr;
}

export function checkLeverage(leverage: number, terms: InstrumentTerms): void {
  if (terms.leverageOptions.length === 0) throw new AppError('no_leverage_configured');
  if (!isLeverageOffered(terms, leverage)) throw new AppError('leverage_not_offered');
}

/**
 * Runs `compute` (margin and fee of an order) and turns the money ceiling's RangeError into a
 * refusal: an order whose margin passes about 9e9 USD is a validation error, not a server failure.
 */
export function withinMoneyCeiling<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('order_too_large');
    throw error;
  }
}
