import { formatBalance, formatChangePercent } from '../../lib/format';

export type Tone = 'up' | 'down' | 'flat';

/** Gains green, losses red, a flat result neither. */
export function toneOf(percent: string): Tone {
  if (/^-/.test(percent)) return 'down';
  return /[1-9]/.test(percent) ? 'up' : 'flat';
}

/** "+3.29%", "-10.00%", "0.00%": a return always carries its sign unless it is zero. */
export function formatRate(percent: string): string {
  return toneOf(percent) === 'flat' ? `${percent}%` : formatChangePercent(percent);
}

/** A plain percentage ("42.86%"), for the win rate. */
export function formatShare(percent: string): string {
  return `${percent}%`;
}

/** USD with 2 decimals and a sign on gains ("+46.00", "-5.00"). */
export function formatProfit(money: string): string {
  const text = formatBalance(money);
  return toneOf(money) === 'up' ? `+${text}` : text;
}
