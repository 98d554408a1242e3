import type { Decimal } from 'decimal.js';
import { D, type DecimalInput, DecimalParseError, parseDecimal } from './decimal.js';

/**
 * Money is an integer count of micro-units of USD ("micros"): 1 USD = 1_000_000 micros.
 * It travels as a JS number, so it is only exact up to Number.MAX_SAFE_INTEGER micros, which is
 * 9_007_199_254.740991 USD (about 9e9 USD). Past that we throw rather than silently lose cents; no
 * single account or order of this product comes near it, and the database columns are BIGINT anyway.
 */
export const MICROS_PER_USD = 1_000_000;
export const MAX_MICROS = Number.MAX_SAFE_INTEGER;
const MAX_MICROS_DECIMAL = new D(MAX_MICROS);
/** As a Decimal once: a number operand is made a Decimal by every call. */
const MICROS_PER_USD_DECIMAL = new D(MICROS_PER_USD);

/** Display rules of the specification, section 9. */
export const BALANCE_DECIMALS = 2;
export const FEE_MARGIN_DECIMALS = 6;

/** Throws a RangeError unless `micros` is a safe integer; returns it for chaining. */
export function assertMicros(micros: number, label = 'micros'): number {
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(
      `${label}: ${micros} is not a whole number of micro-units within ±${MAX_MICROS} (about 9e9 USD)`,
    );
  }
  // -0 is a safe integer, but it would leak into JSON as 0 and into strings as "0"; normalise anyway.
  return micros === 0 ? 0 : micros;
}

/**
 * The one rounding step of the package: an exact USD amount to whole micros, half away from zero
 * (0.0000005 → 1 micro, −0.0000005 → −1 micro), so a gain and the equal loss book the same magnitude.
 */
export function usdToMicros(usd: Decimal, label = 'amount'): number {
  const micros = usd.times(MICROS_PER_USD_DECIMAL).toDecimalPlaces(0, D.ROUND_HALF_UP);
  if (micros.abs().gt(MAX_MICROS_DECIMAL)) {
    throw new RangeError(`${label}: ${usd.toFixed()} USD is beyond the ±9,007,199,254.74 USD ceiling`);
  }
  return assertMicros(micros.toNumber(), label);
}

export interface ToMicrosOptions {
  /** Refuse more than 6 decimals instead of rounding them (use for amounts a user typed). */
  strict?: boolean;
  /** Names the field in error messages. */
  label?: string;
}

/** A USD amount given as a decimal string, number or Decimal → integer micros. */
export function toMicros(amountUsd: DecimalInput, options: ToMicrosOptions = {}): number {
  const label = options.label ?? 'amount';
  const usd = parseDecimal(amountUsd, label);
  if (options.strict && usd.decimalPlaces() > 6) {
    throw new DecimalParseError(label, amountUsd, 'at most 6 decimal places are allowed');
  }
  return usdToMicros(usd, label);
}

/** Integer micros → exact USD as a Decimal. */
export function fromMicros(micros: number): Decimal {
  return new D(assertMicros(micros)).div(MICROS_PER_USD_DECIMAL);
}

/**
 * Micros as a fixed-point USD string with `decimals` places (2 for balances, 6 for fees and margin),
 * rounded half away from zero. A value that rounds to zero prints unsigned ("0.00", never "-0.00").
 */
export function formatMicros(micros: number, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6) {
    throw new RangeError(`decimals: expected an integer from 0 to 6, got ${decimals}`);
  }
  const rounded = fromMicros(micros).toDecimalPlaces(decimals, D.ROUND_HALF_UP);
  return (rounded.isZero() ? new D(0) : rounded).toFixed(decimals);
}

/** A price at the instrument's precision, for display (half away from zero, like money). */
export function formatPrice(price: DecimalInput, pricePrecision: number): string {
  if (!Number.isInteger(pricePrecision) || pricePrecision < 0 || pricePrecision > 20) {
    throw new RangeError(`pricePrecision: expected an integer from 0 to 20, got ${pricePrecision}`);
  }
  return parseDecimal(price, 'price').toFixed(pricePrecision, D.ROUND_HALF_UP);
}

/** Sum of micro amounts with the safe-integer guard on the result. */
export function sumMicros(...parts: number[]): number {
  let total = 0;
  for (const part of parts) total += assertMicros(part);
  return assertMicros(total, 'sum');
}
