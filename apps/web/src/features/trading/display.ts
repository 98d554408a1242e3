import type { AccountFigures } from '@meridian/contract';
import { formatMicros, toMicros } from '@meridian/trading';
import { formatFixed, groupThousands, type WireAmount } from '../../lib/format';

/** Local time as "YYYY-MM-DD HH:mm:ss": the same in every language, like the spec's CreateTimeHandler. */
export function formatDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Up (profit), down (loss) or flat, for the colour of an amount. */
export function tone(value: WireAmount | null | undefined): 'up' | 'down' | 'flat' {
  const text = formatFixed(value, 6);
  if (text === '--' || /^-?0\.0+$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}

/** An amount with its sign: "+12.34", "-0.50", "0.00". */
export function signed(value: WireAmount | null | undefined, places: number): string {
  const text = formatFixed(value, places);
  if (text === '--') return text;
  // A loss that rounds to zero is shown as plain zero, never "-0.00".
  if (/^-?0(\.0+)?$/.test(text)) return text.replace('-', '');
  return text.startsWith('-') ? text : `+${text}`;
}

/** A price at the order's precision; "0" (no TP/SL) is shown as null so the caller can say "none". */
export function levelText(level: string, precision: number): string | null {
  const text = formatFixed(level, precision);
  return text === '--' || /^0(\.0+)?$/.test(text) ? null : text;
}

/**
 * Free margin as the server applies it to money in and out (a new order, a withdrawal, a copy): the
 * free balance less the loss the open positions stand at; an open profit adds nothing (it is not
 * money until closed). Below zero when the loss is larger than the free balance. Computed in
 * micro-units, exactly.
 */
export function freeMargin(figures: AccountFigures | undefined): string {
  if (!figures) return '--';
  try {
    const open = toMicros(figures.profit);
    return groupThousands(formatMicros(toMicros(figures.balance) + Math.min(0, open), 2));
  } catch {
    return '--';
  }
}
