/**
 * Prices at rest are decimal strings at the instrument's precision ("1.08345"). Inside this feature
 * they are handled as scaled integers (108345 at precision 5) so comparisons and arithmetic are
 * exact; floats only ever exist inside the random-walk model, and are rounded once on output.
 *
 * Public API:
 * - `parsePrice(text, precision)` → scaled integer (throws on malformed text or excess digits)
 * - `formatPrice(scaled, precision)` → decimal string
 * - `isDecimalString(text)`
 * - `percentChange(openScaled, closeScaled)` → percentage string with 2 decimals ("-0.35")
 */
import { Decimal } from 'decimal.js';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function isDecimalString(text: string): boolean {
  return DECIMAL.test(text);
}

/** Throws when `text` has more decimals than `precision`: silently rounding a quote would hide a bug. */
export function parsePrice(text: string, precision: number): number {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal number: "${text}"`);
  const [, sign, whole = '0', frac = ''] = m;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > precision) {
    throw new RangeError(`"${text}" has more than ${precision} decimals`);
  }
  const scaled = Number(whole + trimmed.padEnd(precision, '0'));
  // Beyond 2^53 integers stop being exact; no real price at any precision we use comes near it.
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`"${text}" is out of range`);
  return sign === '-' && scaled !== 0 ? -scaled : scaled;
}

export function formatPrice(scaled: number, precision: number): string {
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`not a safe integer: ${scaled}`);
  const negative = scaled < 0;
  const digits = Math.abs(scaled)
    .toString()
    .padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const text = precision === 0 ? whole : `${whole}.${digits.slice(digits.length - precision)}`;
  return negative ? `-${text}` : text;
}

/** The day change shown beside a quote: (close − open) / open × 100, half-up to 2 decimals. */
export function percentChange(openScaled: number, closeScaled: number): string {
  if (openScaled === 0) return '0.00';
  const pct = new Decimal(closeScaled - openScaled)
    .times(100)
    .dividedBy(openScaled)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  // -0.00 reads as a fall that did not happen.
  return pct.isZero() ? '0.00' : pct.toFixed(2);
}
