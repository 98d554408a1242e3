import { type InstrumentTerms, isLeverageOffered, validateLots } from '@meridian/trading';
import { AppError } from '../../http/app-error.js';

/** Longer than any real price and far past any precision: anything beyond is refused outright. */
const MAX_PRICE_TEXT = 24;
const PLAIN = /^\d+(\.\d+)?$/;
const PRICE_CEILING = 1e12;

/**
 * A price typed by the user: a plain non-negative decimal with at most the instrument's precision
 * (and not absurdly large). Returns null for "0" (none), else the price at the instrument's precision; throws
 * price_invalid for anything else (negative, NaN, exponent, too many digits).
 */
export function parseUserPrice(text: string, precision: number): string | null {
  const t = text.trim();
  if (t.length === 0 || t.length > MAX_PRICE_TEXT || !PLAIN.test(t)) throw new AppError('price_invalid');
  const [whole = '0', frac = ''] = t.split('.');
  const decimals = frac.replace(/0+$/, '');
  if (decimals.length > precision) throw new AppError('price_invalid');
  const wholeTrim = whole.replace(/^0+(?=\d)/, '');
  if (Number(wholeTrim) >= PRICE_CEILING) throw new AppError('price_invalid');
  if (/^0*$/.test(wholeTrim + decimals)) return null;
  // Stored and shown at the instrument's precision, like every quote.
  return precision > 0 ? `${wholeTrim}.${decimals.padEnd(precision, '0')}` : wholeTrim;
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
