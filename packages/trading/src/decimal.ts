import { Decimal } from 'decimal.js';

/**
 * A private Decimal constructor so this package never depends on (or changes) the global
 * decimal.js configuration another module may have set.
 *
 * 64 significant digits: intermediate products of lots × units × price × rate need about 30, and the
 * only inexact steps (division by leverage, 1 / USDJPY) then sit some 50 orders of magnitude below the
 * micro-unit, so the single final rounding is the only one that can ever change a booked amount.
 * ROUND_HALF_UP in decimal.js rounds ties away from zero, for negatives too.
 */
export const D = Decimal.clone({
  precision: 64,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** What the API and the UI may hand us for a price, a lot size or a rate. */
export type DecimalInput = string | number | Decimal;

/** Thrown when an input is not a plain finite decimal; `label` names the field for the log. */
export class DecimalParseError extends TypeError {
  readonly input: unknown;
  readonly label: string;

  constructor(label: string, input: unknown, reason: string) {
    super(`${label}: ${reason} (got ${describe(input)})`);
    this.name = 'DecimalParseError';
    this.input = input;
    this.label = label;
  }
}

// Plain decimal notation only: exponents, hex, "Infinity" and thousands separators are refused on
// purpose, because an order form or a query string never legitimately sends them.
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Texts parsed lately, and their values. A Decimal never changes (every operation returns a new
 * one), so one value can serve every caller of the same text: the same lot steps, contract sizes,
 * fee rates and lot sizes are parsed for every order (a copy trading fan-out parses them once per
 * copy). Emptied whole when full: prices change with every tick and would otherwise fill it.
 */
const parsed = new Map<string, Decimal>();
const PARSED_CAPACITY = 4096;

/**
 * Parses a decimal string, a finite JS number or a Decimal into an exact Decimal.
 * Numbers go through their shortest round-trip text (0.3 → "0.3"), so a literal typed in the UI keeps
 * its meaning; a float produced by arithmetic (0.1 + 0.2) keeps its float noise and is treated as such.
 */
export function parseDecimal(input: unknown, label = 'value'): Decimal {
  if (typeof input === 'string') {
    const known = parsed.get(input);
    if (known !== undefined) return known;
    if (!PLAIN_DECIMAL.test(input)) {
      throw new DecimalParseError(label, input, 'expected a plain decimal number such as "1.25"');
    }
    const value = new D(input);
    if (parsed.size >= PARSED_CAPACITY) parsed.clear();
    parsed.set(input, value);
    return value;
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new DecimalParseError(label, input, 'expected a finite number');
    // -0 would print as "-0" and compare oddly in strings; it means 0.
    return new D(Object.is(input, -0) ? 0 : input);
  }
  if (Decimal.isDecimal(input)) {
    if (!input.isFinite()) throw new DecimalParseError(label, input, 'expected a finite number');
    return new D(input);
  }
  throw new DecimalParseError(label, input, 'expected a decimal string or a number');
}

/** Like parseDecimal, and also insists on a value strictly above zero (prices, rates, leverage). */
export function parsePositive(input: unknown, label: string): Decimal {
  const value = parseDecimal(input, label);
  // Not gt(0): that builds a Decimal of 0 for every call.
  if (value.isZero() || value.isNegative())
    throw new DecimalParseError(label, input, 'expected a number greater than zero');
  return value;
}

/** Like parseDecimal, and also refuses negatives (lots, amounts). */
export function parseNonNegative(input: unknown, label: string): Decimal {
  const value = parseDecimal(input, label);
  if (value.isNeg() && !value.isZero()) {
    throw new DecimalParseError(label, input, 'expected a number of zero or more');
  }
  return value;
}

/** Canonical text of a decimal: no exponent, no trailing zeros ("0.30" → "0.3"). */
export function decimalToString(value: Decimal): string {
  return value.isZero() ? '0' : value.toFixed();
}

function describe(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  if (typeof input === 'number' || typeof input === 'bigint' || typeof input === 'boolean') {
    return String(input);
  }
  if (input === null) return 'null';
  if (Decimal.isDecimal(input)) return `Decimal(${input.toString()})`;
  return typeof input;
}
