import { formatBalance, type WireAmount } from '../../lib/format';

/** A balance with 2 decimals and thousands separators ("100,000.00"), exact from the wire string. */
export function formatGroupedBalance(value: WireAmount | null | undefined): string {
  const plain = formatBalance(value);
  if (plain === '--') return plain;
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

/** Spec: a credit score below 1 is shown as 100 (a fresh account has not been scored yet). */
export function displayCreditScore(score: number | string | null | undefined): string {
  const n = Number(score ?? 0);
  if (!Number.isFinite(n) || n < 1) return '100';
  return String(n);
}
