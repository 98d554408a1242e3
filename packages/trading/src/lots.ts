import type { Decimal } from 'decimal.js';
import {
  type DecimalInput,
  DecimalParseError,
  decimalToString,
  parseDecimal,
  parsePositive,
} from './decimal.js';
import type { InstrumentTerms } from './instrument.js';

/** The same keys as packages/contract's error catalogue; kept as strings so this package stays leaf. */
export type LotsErrorKey = 'lots_invalid' | 'lots_off_step' | 'lots_below_minimum' | 'lots_too_large';

export type LotsResult =
  | { ok: true /** canonical text, e.g. "0.3" */; lotsStr: string }
  | {
      ok: false;
      error: LotsErrorKey /** interpolation values of the error message */;
      params: Record<string, string>;
    };

type LotTerms = Pick<InstrumentTerms, 'minLots' | 'lotStep' | 'maxLots'>;

/**
 * Validates a lot size as typed or sent (string or number). Checks, in order:
 * not a plain positive number → lots_invalid; more decimals than the step has, or not a whole multiple
 * of the step (counted from zero) → lots_off_step {step}; under the minimum → lots_below_minimum {min};
 * over the maximum → lots_too_large {max}.
 * Everything is decimal, so "0.3" with step "0.1" is valid; the float 0.1 + 0.2 (0.30000000000000004) is
 * not, which is why the UI steps with nextLots/prevLots instead of adding floats.
 */
export function validateLots(lots: unknown, terms: LotTerms): LotsResult {
  const step = parsePositive(terms.lotStep, 'lotStep');
  const min = parsePositive(terms.minLots, 'minLots');
  const max = parsePositive(terms.maxLots, 'maxLots');

  let value: Decimal;
  try {
    value = parseDecimal(lots, 'lots');
  } catch (error) {
    if (error instanceof DecimalParseError) return { ok: false, error: 'lots_invalid', params: {} };
    throw error;
  }
  if (!value.gt(0)) return { ok: false, error: 'lots_invalid', params: {} };
  // A whole multiple of the step never has more decimals than the step, so one check covers both.
  if (!value.mod(step).isZero()) {
    return { ok: false, error: 'lots_off_step', params: { step: decimalToString(step) } };
  }
  if (value.lt(min)) return { ok: false, error: 'lots_below_minimum', params: { min: decimalToString(min) } };
  if (value.gt(max)) return { ok: false, error: 'lots_too_large', params: { max: decimalToString(max) } };
  return { ok: true, lotsStr: decimalToString(value) };
}

/**
 * The next lot size up: lots + step, or the next multiple of the step if lots is off the grid
 * (0.15 with step 0.1 → 0.2), so one tap of the stepper always lands on a valid value.
 */
export function nextLots(lots: DecimalInput, step: DecimalInput): string {
  const value = parseDecimal(lots, 'lots');
  const stepValue = parsePositive(step, 'lotStep');
  const offGrid = value.mod(stepValue);
  // mod keeps the dividend's sign; for a negative start the grid point above is value − offGrid.
  const base = offGrid.isNeg() ? value.minus(offGrid) : value.minus(offGrid).plus(stepValue);
  return decimalToString(offGrid.isZero() ? value.plus(stepValue) : base);
}

/**
 * True when the minus control may be used: lots − step is still above zero (spec section 5).
 * Equivalent to "a positive multiple of the step lies below lots", so it agrees with prevLots.
 */
export function canDecrement(lots: DecimalInput, step: DecimalInput): boolean {
  return parseDecimal(lots, 'lots').minus(parsePositive(step, 'lotStep')).gt(0);
}

/**
 * The next lot size down: lots − step, or the multiple of the step just below an off-grid value
 * (0.15 with step 0.1 → 0.1). When canDecrement is false it returns lots unchanged, so the stepper
 * can never produce zero or a negative size.
 */
export function prevLots(lots: DecimalInput, step: DecimalInput): string {
  const value = parseDecimal(lots, 'lots');
  const stepValue = parsePositive(step, 'lotStep');
  if (!value.minus(stepValue).gt(0)) return decimalToString(value);
  const offGrid = value.mod(stepValue);
  return decimalToString(offGrid.isZero() ? value.minus(stepValue) : value.minus(offGrid));
}
