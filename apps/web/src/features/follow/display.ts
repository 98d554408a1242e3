import { LANGUAGE_TAGS, type Lang } from '@meridian/contract';
import { parseDecimal, toFixedHalfUp } from '../../lib/decimal-text';
import { formatBalance, formatChangePercent } from '../../lib/format';

export type Tone = 'up' | 'down' | 'flat';

/** Gains green, losses red, zero neither (amounts and percentages alike). */
export function toneOf(value: string): Tone {
  const d = parseDecimal(value);
  if (!d || d.digits === 0n) return 'flat';
  return d.negative ? 'down' : 'up';
}

/** Money with 2 decimals and thousands separators, as every screen shows it ("1,234.50"). */
export const money = (value: string | null | undefined): string => formatBalance(value);

/** Money with its sign on gains ("+46.00", "-5.00", "0.00"): a P&L. */
export function signedMoney(value: string): string {
  const tone = toneOf(value);
  const text = formatBalance(value);
  // A loss that rounds to zero reads as zero, never "-0.00".
  if (/^-?0\.00$/.test(text)) return '0.00';
  return tone === 'up' ? `+${text}` : text;
}

/** A return with its sign ("+12.50%", "-3.10%", "0.00%"). */
export function signedPercent(percent: string): string {
  return toneOf(percent) === 'flat' ? `${percent}%` : formatChangePercent(percent);
}

/** A plain share ("42.86%"): win rate, drawdown, fee rate. */
export const percent = (value: string): string => `${value}%`;

/**
 * Times on the wire are epoch milliseconds; a value in seconds (below 10^11, i.e. before 1973 in ms)
 * is read as seconds, so a curve or a date never lands in 1970 if a figure comes in the other unit.
 */
export function toMillis(epoch: number): number {
  return epoch < 1e11 ? epoch * 1000 : epoch;
}

export function formatDate(epoch: number, lang: Lang): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: 'medium' }).format(
    new Date(toMillis(epoch)),
  );
}

export function formatDateTime(epoch: number, lang: Lang): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(toMillis(epoch)),
  );
}

/** Up to two letters of the name ("Gold Trend" → "GT", "alpha" → "AL"), for the avatar. */
export function initials(name: string): string {
  // Words that start with a letter or digit: "Sample · Trend" gives "ST", not "S·".
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return '?';
  const letters =
    words.length === 1
      ? [...(words[0] as string)].slice(0, 2)
      : words.slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

/** One of the avatar palette's colours (follow.css, `.follow-avatar--N`), the same for an id every time. */
export const AVATAR_COLOURS = 8;
export function avatarColour(id: number): number {
  // A multiplicative hash: neighbouring ids get different colours.
  return Math.abs(Math.imul(id, 2654435761)) % AVATAR_COLOURS;
}

/** The risk score's band, for its colour: 1–3 calm, 4–6 medium, 7–10 wild. */
export function riskBand(score: number): 'low' | 'mid' | 'high' {
  if (score <= 3) return 'low';
  return score <= 6 ? 'mid' : 'high';
}

/** returned = invested + P&L once a copy has stopped (P&L is defined against the funds returned). */
export function addMoney(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return '--';
  const scale = Math.max(x.scale, y.scale);
  const units = (d: typeof x) => (d.negative ? -1n : 1n) * d.digits * 10n ** BigInt(scale - d.scale);
  const sum = units(x) + units(y);
  return toFixedHalfUp({ negative: sum < 0n, digits: sum < 0n ? -sum : sum, scale }, 6);
}

/**
 * A figure put inside a translated sentence, isolated left to right (LRI … PDI): in Arabic "+4.00%"
 * would otherwise come out as "%+4.00".
 */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
