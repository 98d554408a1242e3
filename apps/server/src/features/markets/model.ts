/**
 * The price model shared by the live simulator and the history generator, so history and live
 * ticks are "the same market".
 *
 * The log mid price is an Ornstein–Uhlenbeck process around an anchor, and the anchor is itself a
 * slow OU process around the instrument's base price. Short-horizon volatility equals the
 * instrument's annualised σ; the reversion keeps a server that runs for months from drifting to
 * absurd levels (stationary spread of the log price ≈ 0.4 σ). Both steps use the exact OU
 * transition, so a 1-second tick and a 6-hour history step are draws from the same process.
 * A stationary OU process is time-reversible, which is what lets `history.ts` walk the same
 * transition backwards from the live state.
 *
 * Time is trading time: the model is frozen while the market is closed (no weekend gaps), and a
 * year is 260 trading days for schedules with weekends, 365 for 24/7 markets.
 *
 * Public API: `ModelState`, `initialState(inst)`, `stepModel(params, state, dtMs, rng)`,
 * `modelParams(inst)`, `quoteFromMid(params, logMid, spreadMultiplier)` → scaled bid/ask,
 * `liquiditySpreadMultiplier(scheduleId, at)`, `TICKS_PER_SECOND`.
 */
import type { Instrument } from './catalogue.js';
import { parsePrice } from './price.js';
import type { Rng } from './random.js';
import { localHour, localWeekday, type ScheduleId } from './schedule.js';

export interface ModelState {
  logMid: number;
  logAnchor: number;
}

export interface ModelParams {
  precision: number;
  logBase: number;
  /** σ per √ms of trading time. */
  sigma: number;
  anchorSigma: number;
  /** Reversion rates per ms of trading time. */
  kappa: number;
  anchorKappa: number;
  spreadTicks: number;
  scale: number;
}

/** Mean live tick rate per instrument; history uses it to make believable volumes. */
export const TICKS_PER_SECOND = 2.5;

const DAY_MS = 86_400_000;
/** Reversion of the price to its anchor: a half-life of about three weeks. */
const KAPPA_PER_YEAR = 12;
/** Reversion of the anchor to the base price: a half-life of about five months. */
const ANCHOR_KAPPA_PER_YEAR = 1.5;
const ANCHOR_SIGMA_RATIO = 0.6;

export function modelParams(inst: Instrument): ModelParams {
  const yearMs = (inst.scheduleId === 'crypto' ? 365 : 260) * DAY_MS;
  return {
    precision: inst.pricePrecision,
    logBase: Math.log(Number(inst.basePrice)),
    sigma: inst.volatility / Math.sqrt(yearMs),
    anchorSigma: (inst.volatility * ANCHOR_SIGMA_RATIO) / Math.sqrt(yearMs),
    kappa: KAPPA_PER_YEAR / yearMs,
    anchorKappa: ANCHOR_KAPPA_PER_YEAR / yearMs,
    spreadTicks: parsePrice(inst.spread, inst.pricePrecision),
    scale: 10 ** inst.pricePrecision,
  };
}

export function initialState(inst: Instrument): ModelState {
  const logBase = Math.log(Number(inst.basePrice));
  return { logMid: logBase, logAnchor: logBase };
}

/** Exact OU transition: mean m, rate k, volatility s over dt. */
function ou(x: number, m: number, k: number, s: number, dt: number, z: number): number {
  const decay = Math.exp(-k * dt);
  return m + (x - m) * decay + s * Math.sqrt((1 - decay * decay) / (2 * k)) * z;
}

/** Advances (or, by reversibility, rewinds) the model by `dtMs` of trading time. */
export function stepModel(p: ModelParams, state: ModelState, dtMs: number, rng: Rng): ModelState {
  if (dtMs <= 0) return state;
  const logAnchor = ou(state.logAnchor, p.logBase, p.anchorKappa, p.anchorSigma, dtMs, rng.normal());
  const logMid = ou(state.logMid, logAnchor, p.kappa, p.sigma, dtMs, rng.normal());
  return { logMid, logAnchor };
}

/**
 * Bid and ask as scaled integers at the instrument's precision. The spread is rounded to whole
 * ticks and kept at least one tick when the instrument has a spread at all; the bid never drops
 * below one tick, so a price is always positive.
 */
export function quoteFromMid(
  p: ModelParams,
  logMid: number,
  spreadMultiplier = 1,
): { bid: number; ask: number } {
  const midTicks = Math.exp(logMid) * p.scale;
  const spread = p.spreadTicks === 0 ? 0 : Math.max(1, Math.round(p.spreadTicks * spreadMultiplier));
  const bid = Math.max(1, Math.round(midTicks - spread / 2));
  return { bid, ask: bid + spread };
}

/**
 * Spreads widen when liquidity is thin: around the daily roll (17:00–19:00 New York, when banks
 * reprice swaps) and through the Asian night; crypto widens at weekends.
 */
export function liquiditySpreadMultiplier(scheduleId: ScheduleId, at: number): number {
  if (scheduleId === 'crypto') {
    const day = localWeekday(scheduleId, at);
    return day === 0 || day === 6 ? 1.4 : 1;
  }
  const hour = localHour(scheduleId, at);
  if (hour === 17 || hour === 18) return 2;
  if (hour >= 19 || hour < 3) return 1.3;
  return 1;
}
