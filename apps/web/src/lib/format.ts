import { groupThousands } from '@meridian/contract';
import { parseDecimal, toFixedHalfUp } from './decimal-text';

/** Wire amounts come as numbers or decimal strings; both are read exactly (lib/decimal-text). */
export type WireAmount = number | string;

/** Fixed decimals, half-up, never through a float; '--' for values that are not numbers. */
export function formatFixed(value: WireAmount | null | undefined, places: number): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = parseDecimal(value);
  return d ? toFixedHalfUp(d, places) : '--';
}

/** Thousands separators on the whole part of a plain decimal string (shared with the server's messages). */
export { groupThousands };

/** Balances are shown with 2 decimals (spec section 9) and thousands separators: "100,000.00". */
export function formatBalance(value: WireAmount | null | undefined): string {
  const plain = formatFixed(value, 2);
  return plain === '--' ? plain : groupThousands(plain);
}
/** Fees and margin are shown with 6 decimals (spec section 9). */
export const formatFee = (value: WireAmount | null | undefined) => formatFixed(value, 6);

/** A signed percentage such as `+1.25%`, for up/down colouring next to it. */
export function formatChangePercent(value: WireAmount | null | undefined, places = 2): string {
  const text = formatFixed(value, places);
  if (text === '--') return text;
  return `${text.startsWith('-') ? '' : '+'}${text}%`;
}
