import {
  STRATEGY_DESC_MAX,
  STRATEGY_FEE_MAX_PCT,
  STRATEGY_NAME_MAX,
  STRATEGY_NAME_MIN,
} from '@meridian/contract';
import { parseDecimal } from '../../lib/decimal-text';

/** What a trader may type as an amount: digits with up to 6 decimals (the server books micro-units). */
const AMOUNT = /^\d{1,10}(\.\d{0,6})?$/;

/** The typed amount in micro-units, or null when it is empty, malformed or not above zero. */
export function amountMicros(text: string): bigint | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const micros = moneyMicros(trimmed.endsWith('.') ? `${trimmed}0` : trimmed);
  return micros !== null && micros > 0n ? micros : null;
}

/** A wire amount ("100.000000") in micro-units, exactly; null when it is not a number. */
export function moneyMicros(value: string): bigint | null {
  const d = parseDecimal(value);
  if (!d || d.scale > 6) return null;
  const units = d.digits * 10n ** BigInt(6 - d.scale);
  return d.negative ? -units : units;
}

/** Keeps what an amount field shows typeable: digits and one point, at most 6 decimals. */
export function cleanAmountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  if (rest.length === 0) return whole.slice(0, 10);
  return `${whole.slice(0, 10)}.${rest.join('').slice(0, 6)}`;
}

/** A performance fee as the server takes it: 0 to 50, at most 2 decimals. */
export function feeRateValid(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return false;
  return Number(trimmed) <= STRATEGY_FEE_MAX_PCT;
}

/** Keeps a fee field typeable: digits and one point, at most 2 decimals. */
export function cleanFeeInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  if (rest.length === 0) return whole.slice(0, 2);
  return `${whole.slice(0, 2)}.${rest.join('').slice(0, 2)}`;
}

/** 2 to 40 characters once trimmed, counted as the reader sees them (an emoji is one). */
export function strategyNameValid(name: string): boolean {
  const length = [...name.trim()].length;
  return length >= STRATEGY_NAME_MIN && length <= STRATEGY_NAME_MAX;
}

export function strategyDescValid(desc: string): boolean {
  return [...desc.trim()].length <= STRATEGY_DESC_MAX;
}
