import type { Side } from '@meridian/trading';
import type { UserLevel } from './trigger-book.js';

/**
 * Stop-out without scanning: for each user with holdings we derive price levels, per instrument, at
 * which their risk rate COULD have reached the stop-out level, and index them by price like TP/SL.
 *
 * Equity is linear in each closing price (bid for buys, ask for sells) and, for instruments quoted
 * in another currency, also scales with that currency's USD rate. Let slack = equity − margin ×
 * level / 100 (USD, now). We split the slack into budgets:
 * - conversion: each USD rate may move by ±ε before we re-derive (a band on the linking pair's mid),
 *   which can cost at most Σ |P&L in quote currency| × rate × ε; ε is chosen so that is ≤ slack / 2;
 * - prices: the rest, R = 0.9 × (slack − that), is shared equally by the n (instrument, side)
 *   groups: group g may move against the user by Δg = R / (n × units_g × rate_g × (1 + ε)).
 * While no price has moved against the user by more than its Δg and no rate left its band, the
 * loss since the levels were derived is below the slack, so the user cannot be at the stop-out
 * level: nothing is missed. Any level crossed (or band left) triggers an exact re-check (decimal
 * maths, packages/trading) that either stops the user out or derives fresh levels from the new
 * prices. Levels are also re-derived on each change of the user's orders or balance. Favourable
 * moves only add slack, so they need no level. The 10 % held back absorbs float rounding here;
 * the decision itself is never made in floats.
 */

/** A user's holdings on one instrument and side, aggregated (kept up to date incrementally). */
export interface RiskGroup {
  instrumentId: number;
  side: Side;
  /** Σ lots × units per lot. */
  units: number;
  /** Σ lots × units per lot × open price. */
  unitsTimesOpen: number;
}

export interface RiskMarket {
  bid: number;
  ask: number;
  /** The instrument's price precision (levels are scaled integers). */
  precision: number;
  /** USD per unit of quote currency now. */
  rate: number;
  /** The pair whose mid sets `rate`, when it is not USD-quoted or pegged. */
  conversion: { instrumentId: number; precision: number; mid: number } | null;
}

export interface DerivedLevels {
  levels: UserLevel[];
  /** The slack is already gone (by this float estimate): check the user now. */
  atRisk: boolean;
}

const MAX_EPS = 0.005;

export interface RiskAccount {
  /** Free + frozen balance. */
  balanceMicros: number;
  /** Margin of the holding orders. */
  marginMicros: number;
  positions: number;
  groups: Iterable<RiskGroup>;
}

/** A group's floating P&L in its quote currency, closing at the current bid (buys) or ask (sells). */
export function groupPnlQuote(g: RiskGroup, m: Pick<RiskMarket, 'bid' | 'ask'>): number {
  return g.side === 'buy' ? g.units * m.bid - g.unitsTimesOpen : g.unitsTimesOpen - g.units * m.ask;
}

export function deriveLevels(
  account: RiskAccount,
  market: (instrumentId: number) => RiskMarket,
  stopOutPct: number,
): DerivedLevels {
  if (account.positions === 0) return { levels: [], atRisk: false };
  interface Priced {
    g: RiskGroup;
    pnlQuote: number;
    m: RiskMarket;
  }
  const priced: Priced[] = [];
  let equity = account.balanceMicros / 1e6;
  let convExposure = 0;
  for (const g of account.groups) {
    if (g.units <= 0) continue;
    const m = market(g.instrumentId);
    const pnlQuote = groupPnlQuote(g, m);
    priced.push({ g, pnlQuote, m });
    equity += pnlQuote * m.rate;
    if (m.conversion) convExposure += Math.abs(pnlQuote) * m.rate;
  }
  // One micro-unit of rounding per position, in the user's disfavour.
  const slack = equity - (account.marginMicros / 1e6) * (stopOutPct / 100) - account.positions / 1e6;
  if (!(slack > 0)) return { levels: [], atRisk: true };
  const eps = convExposure > 0 ? Math.min(MAX_EPS, (0.5 * slack) / convExposure) : MAX_EPS;
  const budget = 0.9 * (slack - convExposure * eps);
  const n = priced.length;
  const levels: UserLevel[] = [];
  const bands = new Map<number, { precision: number; mid: number }>();
  for (const { g, m } of priced) {
    const scale = 10 ** m.precision;
    const conv = m.conversion;
    const delta = budget / (n * g.units * m.rate * (conv ? 1 + eps : 1));
    if (g.side === 'buy') {
      // Rounded up: a level a hair higher fires a hair earlier, never later.
      levels.push({
        instrumentId: g.instrumentId,
        index: 'riskLong',
        key: Math.ceil((m.bid - delta) * scale),
      });
    } else {
      levels.push({
        instrumentId: g.instrumentId,
        index: 'riskShort',
        key: Math.floor((m.ask + delta) * scale),
      });
    }
    if (conv) bands.set(conv.instrumentId, { precision: conv.precision, mid: conv.mid });
  }
  for (const [instrumentId, b] of bands) {
    const scale = 10 ** b.precision;
    // ±ε/2 on the mid keeps both rate = mid and rate = 1/mid within ±ε.
    levels.push({ instrumentId, index: 'bandLow', key: Math.ceil(b.mid * (1 - eps / 2) * scale) });
    levels.push({ instrumentId, index: 'bandHigh', key: Math.floor(b.mid * (1 + eps / 2) * scale) });
  }
  return { levels, atRisk: false };
}
