import { D, decimalToString, parseDecimal, parsePositive } from './decimal.js';

/**
 * The arithmetic of copy trading, pure and exact: the copied volume, the performance fee on a
 * high-water mark, and how money moved in or out of a copy moves the mark. Money is integer
 * micro-units (BigInt inside where a product could pass 2^53); rates are hundredths of a percent
 * (basis points of a percent: 2000 = 20.00 %).
 */

/** 100 % in hundredths of a percent. */
export const FEE_RATE_SCALE = 10_000;

export interface CopyVolume {
  /** provider lots × copy equity ÷ provider equity, exact (before rounding). */
  wanted: string;
  /** `wanted` rounded down to the lot step; "0" when below one step. */
  lots: string;
}

/**
 * The copy's volume: proportional to the equities, rounded DOWN to the step so a copy never risks
 * more than its share. A copy or provider without positive equity copies nothing.
 */
export function copyVolume(
  providerLots: string,
  copyEquityMicros: number,
  providerEquityMicros: number,
  lotStep: string,
): CopyVolume {
  const lots = scaledUnits(providerLots, 'providerLots');
  const step = scaledUnits(lotStep, 'lotStep');
  if (copyEquityMicros <= 0 || providerEquityMicros <= 0) return { wanted: '0', lots: '0' };
  if (
    lots === undefined ||
    step === undefined ||
    !Number.isSafeInteger(copyEquityMicros) ||
    !Number.isSafeInteger(providerEquityMicros)
  ) {
    // Equities that are not whole micro-units, or texts of more than 20 decimals: in decimals.
    const wanted = parseDecimal(providerLots).mul(copyEquityMicros).div(providerEquityMicros);
    const rounded = wanted.div(lotStep).floor().mul(lotStep);
    return {
      wanted: decimalToString(wanted.toDecimalPlaces(8, D.ROUND_DOWN)),
      lots: decimalToString(rounded),
    };
  }
  // In integers (a copy trading fan-out computes one per copy, and decimal.js took 2.6 µs):
  // lots and step as units of 10^-scale, the share as one exact fraction, each result its floor.
  const scale = Math.max(lots.scale, step.scale);
  const lotUnits = lots.units * pow10(scale - lots.scale);
  const stepUnits = step.units * pow10(scale - step.scale);
  const share = lotUnits * BigInt(copyEquityMicros);
  const below = BigInt(providerEquityMicros);
  const rounded = (share / (below * stepUnits)) * stepUnits;
  // 8 decimals (rounded down) are plenty to show what the copy would have been.
  const wanted = (share * pow10(8)) / (below * pow10(scale));
  return { wanted: unitsText(wanted, 8), lots: unitsText(rounded, scale) };
}

/** 10^0 … 10^20 as BigInts. */
const TEN_POWERS: readonly bigint[] = Array.from({ length: 21 }, (_, i) => 10n ** BigInt(i));

function pow10(n: number): bigint {
  const power = TEN_POWERS[n];
  if (power === undefined) throw new RangeError(`10^${n} is out of range`);
  return power;
}

/**
 * A positive decimal text as whole units of 10^-scale, kept by text (lots and steps recur);
 * undefined past 20 decimals.
 */
interface Scaled {
  units: bigint;
  scale: number;
}
const scaledTexts = new Map<string, Scaled>();

function scaledUnits(text: string, label: string): Scaled | undefined {
  const known = scaledTexts.get(text);
  if (known) return known;
  const value = parsePositive(text, label);
  const scale = value.decimalPlaces();
  if (scale > 20) return undefined;
  const scaled = { units: BigInt(value.mul(pow10(scale).toString()).toFixed(0)), scale };
  if (scaledTexts.size >= 1024) scaledTexts.clear();
  scaledTexts.set(text, scaled);
  return scaled;
}

/** Whole units of 10^-scale as the shortest decimal text ("0" for none, no trailing zeros). */
function unitsText(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  const digits = units.toString();
  if (scale === 0) return digits;
  const padded = digits.padStart(scale + 1, '0');
  const fraction = padded.slice(-scale).replace(/0+$/, '');
  const whole = padded.slice(0, -scale);
  return fraction ? `${whole}.${fraction}` : whole;
}

export interface FeeSettlement {
  /** What the follower pays the provider now (never negative). */
  feeMicros: number;
  /** The mark after the settlement. */
  hwmMicros: number;
}

/**
 * The performance fee at a settlement: `rate` of the equity above the high-water mark, rounded
 * down to the micro-unit (the follower never pays a fraction more than the rate). The mark then
 * rises to the equity after the fee, so the same profit is never charged twice; below the mark
 * nothing is charged and the mark stays.
 */
export function settleFee(equityMicros: number, hwmMicros: number, rateBp: number): FeeSettlement {
  assertInt(equityMicros, 'equity');
  assertInt(hwmMicros, 'hwm');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > FEE_RATE_SCALE)
    throw new RangeError('rate out of range');
  const profit = equityMicros - hwmMicros;
  if (profit <= 0) return { feeMicros: 0, hwmMicros };
  const fee = Number((BigInt(profit) * BigInt(rateBp)) / BigInt(FEE_RATE_SCALE));
  return { feeMicros: fee, hwmMicros: equityMicros - fee };
}

/** Money added to a copy raises the mark by the same amount: a deposit is not profit. */
export function markAfterDeposit(hwmMicros: number, amountMicros: number): number {
  assertInt(hwmMicros, 'hwm');
  assertInt(amountMicros, 'amount');
  return hwmMicros + amountMicros;
}

/**
 * Money taken out lowers the mark by the same amount (never below 0): the mark is the money in, net,
 * plus the profit already charged, so fees over a copy's life never pass the rate of its best net
 * gain, whatever it withdrew on the way down. (A proportional cut would charge a follower who took
 * money out during a loss for winning the loss back.)
 */
export function markAfterWithdrawal(hwmMicros: number, amountMicros: number): number {
  assertInt(hwmMicros, 'hwm');
  assertInt(amountMicros, 'amount');
  return Math.max(0, hwmMicros - amountMicros);
}

/** A fee rate typed as a percent ("20", "12.5", "0") → hundredths of a percent; null when invalid. */
export function parseFeeRate(text: string, maxPercent: number): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const value = parseDecimal(text.trim(), 'fee_rate');
  if (value.gt(maxPercent)) return null;
  return value.mul(100).toNumber();
}

/** Hundredths of a percent → "20.00". */
export function formatFeeRate(rateBp: number): string {
  return new D(rateBp).div(100).toFixed(2);
}

function assertInt(value: number, label: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${label} must be a safe integer of micro-units`);
}
