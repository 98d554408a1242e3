import { RANKING_MIN_TRADES } from '@meridian/contract';
import { assertMicros, sumMicros, TradingDecimal } from '@meridian/trading';

/**
 * The ranking's arithmetic, free of SQL and clocks so it can be checked against hand-worked
 * numbers. docs/decisions.md ("Ranking") states the same definitions in prose.
 */

/** One closed trade of the window: filled, then closed (a cancelled pending order never counts). */
export interface ClosedTrade {
  code: string;
  leverage: number;
  /** Realised P&L minus the trading fee. */
  netMicros: number;
  marginMicros: number;
}

/** The same basis over the trader's whole history, summed by the database. */
export interface HistoryTotals {
  trades: number;
  netMicros: number;
  marginMicros: number;
}

export interface TraderFigures {
  userId: number;
  multiple: number;
  code: string;
  windowTrades: number;
  windowWins: number;
  windowNetMicros: number;
  windowMarginMicros: number;
  totalTrades: number;
  totalNetMicros: number;
  totalMarginMicros: number;
}

/** The window's figures of one trader, or null when the window holds too few trades to rank. */
export function traderFigures(
  userId: number,
  window: readonly ClosedTrade[],
  totals: HistoryTotals,
): TraderFigures | null {
  if (window.length < RANKING_MIN_TRADES) return null;
  return {
    userId,
    multiple: medianLeverage(window),
    code: mostTraded(window),
    windowTrades: window.length,
    windowWins: window.filter((t) => t.netMicros > 0).length,
    windowNetMicros: sumMicros(...window.map((t) => t.netMicros)),
    windowMarginMicros: sumMicros(...window.map((t) => t.marginMicros)),
    totalTrades: totals.trades,
    totalNetMicros: assertMicros(totals.netMicros, 'total net'),
    totalMarginMicros: assertMicros(totals.marginMicros, 'total margin'),
  };
}

/** The lower middle value on an even count, so the figure is always a leverage actually used. */
export function medianLeverage(trades: readonly ClosedTrade[]): number {
  const sorted = trades.map((t) => t.leverage).sort((a, b) => a - b);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new RangeError('median of no trades');
  return middle;
}

/** Most trades; a tie goes to the larger margin committed, then to the code in alphabetical order. */
export function mostTraded(trades: readonly ClosedTrade[]): string {
  const by = new Map<string, { count: number; margin: number }>();
  for (const t of trades) {
    const seen = by.get(t.code) ?? { count: 0, margin: 0 };
    by.set(t.code, { count: seen.count + 1, margin: sumMicros(seen.margin, t.marginMicros) });
  }
  const ranked = [...by.entries()].sort(
    ([codeA, a], [codeB, b]) =>
      b.count - a.count || b.margin - a.margin || (codeA < codeB ? -1 : codeA > codeB ? 1 : 0),
  );
  const first = ranked[0];
  if (!first) throw new RangeError('most traded of no trades');
  return first[0];
}

/** net ÷ margin × 100, half away from zero at 2 decimals; "0.00" when nothing was committed. */
export function ratePercent(netMicros: number, marginMicros: number): string {
  if (marginMicros <= 0) return '0.00';
  return percent(new TradingDecimal(netMicros).div(marginMicros));
}

export function winPercent(wins: number, trades: number): string {
  if (trades <= 0) return '0.00';
  return percent(new TradingDecimal(wins).div(trades));
}

function percent(ratio: InstanceType<typeof TradingDecimal>): string {
  const rounded = ratio.times(100).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP);
  // A tiny loss rounds to "-0.00"; the board shows it as the flat result it is.
  return (rounded.isZero() ? new TradingDecimal(0) : rounded).toFixed(2);
}

/**
 * The board's order: three-week return (the exact ratio, not its rounded percentage), then
 * three-week profit, then the older account first, so equal traders always come out the same way.
 */
export function compareTraders(a: TraderFigures, b: TraderFigures): number {
  // a.net / a.margin vs b.net / b.margin with positive margins, cross-multiplied to stay exact.
  const left = new TradingDecimal(a.windowNetMicros).times(b.windowMarginMicros);
  const right = new TradingDecimal(b.windowNetMicros).times(a.windowMarginMicros);
  const byRate = right.comparedTo(left);
  if (byRate !== 0) return byRate;
  return b.windowNetMicros - a.windowNetMicros || a.userId - b.userId;
}

export function rankTraders(traders: readonly TraderFigures[]): TraderFigures[] {
  return [...traders].sort(compareTraders);
}
