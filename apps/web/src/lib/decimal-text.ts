/**
 * Exact decimal arithmetic for display, on BigInt: parse a wire amount, subtract two, round to fixed
 * places. The formatting every screen uses (prices on the home list above all) needs only this, so
 * decimal.js (about 11 KB compressed) loads with the screens that do trading math, not before.
 * Results match decimal.js's `toFixed(places, ROUND_HALF_UP)` (decimal-text.test.ts checks it).
 */

/** |value| = digits / 10^scale; the sign apart, so that a negative rounded to 0 can keep it. */
export interface ExactDecimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Exponents past this are no wire amount; refusing them keeps a hostile string from costing seconds. */
const MAX_EXPONENT = 400;

/** A number as decimal text: its shortest round-trip form, which is also what decimal.js reads. */
function numberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  return Object.is(value, -0) ? '-0' : String(value);
}

/** Reads a wire amount (a number or a decimal string, exponent allowed); null when it is not one. */
export function parseDecimal(value: number | string): ExactDecimal | null {
  const text = typeof value === 'number' ? numberText(value) : value;
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  if (whole.length + fraction.length === 0) return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-', digits, scale };
}

function signed(d: ExactDecimal, scale: number): bigint {
  const units = d.digits * 10n ** BigInt(scale - d.scale);
  return d.negative ? -units : units;
}

/** a − b, exactly. An exact zero is positive, as in decimal.js. */
export function subtract(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  const units = signed(a, scale) - signed(b, scale);
  return { negative: units < 0n, digits: units < 0n ? -units : units, scale };
}

/**
 * Fixed `places` decimals, half away from zero (decimal.js's ROUND_HALF_UP). As in decimal.js, a
 * negative amount that rounds to zero keeps its sign ("-0.00") while a zero never has one.
 */
export function toFixedHalfUp(d: ExactDecimal, places: number): string {
  let units = d.digits;
  if (d.scale > places) {
    const divisor = 10n ** BigInt(d.scale - places);
    const quotient = units / divisor;
    units = (units % divisor) * 2n >= divisor ? quotient + 1n : quotient;
  } else if (d.scale < places) {
    units *= 10n ** BigInt(places - d.scale);
  }
  const text = units.toString().padStart(places + 1, '0');
  const fixed = places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
  return d.negative && d.digits !== 0n ? `-${fixed}` : fixed;
}
