import type { Decimal } from 'decimal.js';
import { D } from './decimal.js';
import { assertMicros, sumMicros } from './money.js';

export const DEFAULT_MARGIN_CALL_PCT = 100;
/** ESMA's retail close-out level. */
export const DEFAULT_STOP_OUT_PCT = 50;

export interface AccountValues {
  /** Free (available) balance, micros. */
  freeMicros: number;
  /** Frozen balance (margin of holding and pending orders), micros. */
  frozenMicros: number;
  /** Sum of the floating P&L of the holding positions, micros. */
  floatingPnlMicros: number;
}

/** Equity = free + frozen + floating P&L, in micros. */
export function equityMicros(values: AccountValues): number {
  return sumMicros(values.freeMicros, values.frozenMicros, values.floatingPnlMicros);
}

export interface RiskInput {
  equityMicros: number;
  /** Margin of the positions at risk (holding orders), micros. */
  usedMarginMicros: number;
}

/**
 * Risk rate in percent = equity / used margin × 100, exact (format it for display).
 * With no margin in use there is no risk to measure: the result is null rather than Infinity, because
 * null survives JSON and forces the UI to decide what to show (a dash) instead of printing "Infinity".
 */
export function riskRatePct(input: RiskInput): Decimal | null {
  const used = assertMicros(input.usedMarginMicros, 'usedMarginMicros');
  if (used < 0) throw new RangeError(`usedMarginMicros: expected zero or more, got ${used}`);
  if (used === 0) return null;
  return new D(assertMicros(input.equityMicros, 'equityMicros')).times(100).div(used);
}

/**
 * True when the risk rate is at or below `levelPct`. Compared by cross-multiplying
 * (equity × 100 ≤ level × used) so no rounded quotient decides a liquidation.
 * Never true when no margin is used.
 */
function atOrBelow(input: RiskInput, levelPct: number): boolean {
  const used = assertMicros(input.usedMarginMicros, 'usedMarginMicros');
  if (used <= 0) return false;
  const level = new D(levelPct);
  if (!level.isFinite() || level.isNeg())
    throw new RangeError(`level: expected a percentage ≥ 0, got ${levelPct}`);
  return new D(assertMicros(input.equityMicros, 'equityMicros')).times(100).lte(level.times(used));
}

/** The margin-call warning: risk rate ≤ level (default 100 %). */
export function isMarginCall(input: RiskInput, levelPct: number = DEFAULT_MARGIN_CALL_PCT): boolean {
  return atOrBelow(input, levelPct);
}

/** Stop-out: risk rate ≤ level (default 50 %). */
export function isStopOut(input: RiskInput, levelPct: number = DEFAULT_STOP_OUT_PCT): boolean {
  return atOrBelow(input, levelPct);
}

export interface OpenPosition<Id> {
  id: Id;
  marginMicros: number;
  floatingPnlMicros: number;
}

/**
 * Which positions a stop-out closes, in order: the worst floating P&L first (ties: the larger margin
 * first, then input order), until the rate is back above the level.
 * Closing does not change equity (the margin moves from frozen to free and the floating P&L becomes
 * realised), it only lowers the used margin, so the plan can be computed without re-pricing.
 * Negative balance protection is the booking side's concern and does not change the order.
 */
export function stopOutPlan<Id>(
  equityMicros: number,
  positions: ReadonlyArray<OpenPosition<Id>>,
  levelPct: number = DEFAULT_STOP_OUT_PCT,
): Id[] {
  const ordered = positions
    .map((position, index) => ({ position, index }))
    .sort(
      (a, b) =>
        a.position.floatingPnlMicros - b.position.floatingPnlMicros ||
        b.position.marginMicros - a.position.marginMicros ||
        a.index - b.index,
    );
  let used = sumMicros(...positions.map((p) => p.marginMicros));
  const plan: Id[] = [];
  for (const { position } of ordered) {
    if (!isStopOut({ equityMicros, usedMarginMicros: used }, levelPct)) break;
    plan.push(position.id);
    used -= position.marginMicros;
  }
  return plan;
}
