/**
 * Strategy statistics, from the provider's ledger and closed orders; nothing is stored or typed in.
 * docs/decisions.md ("Copy trading: statistics") states each formula.
 */

/** Ledger kinds that are the result of trading; every other kind is money moved in or out (a flow). */
const RETURN_KINDS: ReadonlySet<string> = new Set([
  'trade_fee',
  'realised_pnl',
  'balance_protection',
  'margin_freeze',
  'margin_release',
  'margin_restate',
]);

export interface LedgerPoint {
  kind: string;
  /** free + frozen change of the row. */
  deltaMicros: number;
  /** free + frozen after the row. */
  cashAfterMicros: number;
  at: number;
}

export interface IndexPoint {
  at: number;
  /** Booked equity (free + frozen) after the row. */
  equityMicros: number;
  /** Time-weighted growth of 1 unit invested at the first row. */
  index: number;
}

/**
 * The time-weighted index: each trading row multiplies it by equity after ÷ equity before; a flow
 * (deposit, withdrawal, grant, reset, money to or from a copy, a fee earned) changes equity but not
 * the index, so deposits never look like profit and withdrawals never like loss.
 */
export function timeWeightedIndex(rows: readonly LedgerPoint[]): IndexPoint[] {
  const out: IndexPoint[] = [];
  let index = 1;
  for (const row of rows) {
    if (RETURN_KINDS.has(row.kind) && row.deltaMicros !== 0) {
      const before = row.cashAfterMicros - row.deltaMicros;
      if (before > 0) index *= Math.max(0, row.cashAfterMicros) / before;
    }
    out.push({ at: row.at, equityMicros: row.cashAfterMicros, index });
  }
  return out;
}

/** The index at or before `at` (1 before the first row). */
export function indexAt(points: readonly IndexPoint[], at: number): number {
  let value = 1;
  for (const p of points) {
    if (p.at > at) break;
    value = p.index;
  }
  return value;
}

/** The largest fall from a running peak of the index, as a fraction (0.25 = 25 %). */
export function maxDrawdown(points: readonly IndexPoint[]): number {
  let peak = 1;
  let worst = 0;
  for (const p of points) {
    if (p.index > peak) peak = p.index;
    else if (peak > 0) worst = Math.max(worst, (peak - p.index) / peak);
  }
  return worst;
}

/**
 * Risk 1 (calm) to 10 (wild): 60 % from the worst drawdown (50 % or worse counts in full) and 40 %
 * from the average leverage (200× or more counts in full): 1 + round(9 × (0.6·dd + 0.4·lev)).
 */
export function riskScore(drawdown: number, averageLeverage: number): number {
  const dd = Math.min(1, Math.max(0, drawdown) / 0.5);
  const lev = Math.min(1, Math.max(0, averageLeverage) / 200);
  return Math.min(10, Math.max(1, 1 + Math.round(9 * (0.6 * dd + 0.4 * lev))));
}

/** A fraction as a percentage string with 2 decimals ("12.50"; never "-0.00"). */
export function percent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '0.00';
  const text = (fraction * 100).toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

/** At most `max` points, evenly taken, always keeping the last. */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = points.length / max;
  const out: T[] = [];
  for (let i = 0; i < max - 1; i++) out.push(points[Math.floor(i * step)] as T);
  out.push(points[points.length - 1] as T);
  return out;
}
