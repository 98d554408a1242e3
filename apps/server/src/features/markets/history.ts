/**
 * Chart history "produced by the same model": at least `count` candles per period, ending at the
 * live model state, so the first live tick continues from the last historical close.
 *
 * How: stationary OU processes are time-reversible, so the model's own transition (`stepModel`)
 * is walked *backwards* from the current state. Each step covers one candle of the finest period
 * still short of `count` (1-minute steps for the last 1,000 minutes, then 5-minute steps, ... then
 * trading days), cut into a few sub-steps; between sub-steps the high and low are drawn from the
 * exact distribution of a Brownian bridge's maximum and minimum, so ranges are not understated.
 * Coarser candles aggregate the finer steps where those exist, so the 1H chart and the 1M chart
 * agree on the recent past. Closed hours are skipped (the model is frozen while closed, as live),
 * so there are no candles on weekends or in daily breaks.
 *
 * Deterministic: the same instrument, state, instant, seed and count give the same candles.
 * Generate before the simulator's first tick: the last close is the bid at the typical spread,
 * which is the simulator's quote until it ticks.
 *
 * Public API: `generateHistory(instrument, { nowMs, state, seed?, count? })` → `History`
 * (candles per period, oldest first; the last one is the forming candle containing `nowMs`).
 */
import { type Candle, PERIODS, type Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import {
  type ModelParams,
  type ModelState,
  modelParams,
  quoteFromMid,
  stepModel,
  TICKS_PER_SECOND,
} from './model.js';
import { formatPrice } from './price.js';
import { createRng, seedFrom } from './random.js';
import {
  previousSession,
  type ScheduleId,
  type Session,
  tradingDayEnd,
  tradingDayStart,
} from './schedule.js';

export type History = Record<Period, Candle[]>;

export interface HistoryOptions {
  /** The instant the history ends at: the live state's time. */
  nowMs: number;
  /** The live model state at `nowMs` (`PriceSimulator.modelState(code)`). */
  state: ModelState;
  seed?: number;
  /** Minimum candles per period. */
  count?: number;
}

export const DEFAULT_HISTORY_COUNT = 1000;

const SUB_STEPS = 4;
const MINUTE_MS: Record<Exclude<Period, '1day'>, number> = {
  '1min': 60_000,
  '5min': 300_000,
  '15min': 900_000,
  '30min': 1_800_000,
  '60min': 3_600_000,
};

/** A candle under construction in log-mid space; history is built newest first. */
interface Bucket {
  startMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function generateHistory(inst: Instrument, options: HistoryOptions): History {
  const count = options.count ?? DEFAULT_HISTORY_COUNT;
  const params = modelParams(inst);
  const rng = createRng(seedFrom(inst.code, 'history', options.seed ?? 1));
  const id = inst.scheduleId;
  const built: Record<Period, Bucket[]> = {
    '1min': [],
    '5min': [],
    '15min': [],
    '30min': [],
    '60min': [],
    '1day': [],
  };

  // Schedule lookups are cached: the walk asks about the same session and day thousands of times.
  let session: Session | null = null;
  const sessionBefore = (t: number): Session | null => {
    if (!session || t <= session.start || t > session.end) session = previousSession(id, t);
    return session;
  };
  let day = { start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY };
  const bucketOf = (period: Period, t: number): number => {
    if (period !== '1day') return Math.floor(t / MINUTE_MS[period]) * MINUTE_MS[period];
    if (t < day.start || t >= day.end) day = { start: tradingDayStart(id, t), end: tradingDayEnd(id, t) };
    return day.start;
  };

  let state = options.state;
  let t = options.nowMs;
  let level = 0;
  // A bound on the walk, far above what `count` needs, against a schedule that never opens.
  for (let guard = 0; guard < count * 40 && level < PERIODS.length; guard++) {
    const res = PERIODS[level] as Period;
    const sess = sessionBefore(t);
    if (!sess) break;
    if (sess.end < t) t = sess.end;
    const segStart = Math.max(sess.start, bucketOf(res, t - 1));
    const durMs = t - segStart;
    const fullMs = res === '1day' ? day.end - day.start : MINUTE_MS[res];
    const steps = Math.max(1, Math.round((SUB_STEPS * durMs) / fullMs));
    const dt = durMs / steps;
    const variance = params.sigma * params.sigma * dt;

    const close = state.logMid;
    let high = close;
    let low = close;
    for (let i = 0; i < steps; i++) {
      const later = state.logMid;
      state = stepModel(params, state, dt, rng);
      const earlier = state.logMid;
      const gap = (later - earlier) ** 2;
      high = Math.max(high, (later + earlier + Math.sqrt(gap - 2 * variance * Math.log(1 - rng.next()))) / 2);
      low = Math.min(low, (later + earlier - Math.sqrt(gap - 2 * variance * Math.log(1 - rng.next()))) / 2);
    }
    const volume = Math.max(1, Math.round((durMs / 1000) * TICKS_PER_SECOND * (0.5 + rng.next())));
    const segment: Bucket = { startMs: segStart, open: state.logMid, high, low, close, volume };

    for (let p = level; p < PERIODS.length; p++) {
      const period = PERIODS[p] as Period;
      merge(built[period], bucketOf(period, segStart), segment);
    }
    t = segStart;

    if (built[res].length >= count) {
      const next = PERIODS[level + 1];
      // Switch resolution only where the coarser bucket has no open time left before `t`, so no
      // coarse step overlaps time the fine steps already covered.
      if (!next || noOpenTimeBetween(id, bucketOf(next, t), t, sess)) level++;
    }
  }

  const out = {} as History;
  for (const period of PERIODS) {
    out[period] = built[period].reverse().map((b) => toCandle(b, params));
  }
  return out;
}

/**
 * True when [from, t) holds no open time, `sess` being the session the walk is in. A break market's
 * day starts at 17:00 New York but its session at 18:00, so reaching a session start counts.
 */
function noOpenTimeBetween(id: ScheduleId, from: number, t: number, sess: Session): boolean {
  if (from === t) return true;
  if (t !== sess.start) return false;
  const before = previousSession(id, t);
  return !before || before.end <= from;
}

function merge(list: Bucket[], startMs: number, seg: Bucket): void {
  const last = list.at(-1);
  if (last && last.startMs === startMs) {
    // Walking backwards: the segment is earlier than what the bucket holds, so it sets the open.
    last.open = seg.open;
    last.high = Math.max(last.high, seg.high);
    last.low = Math.min(last.low, seg.low);
    last.volume += seg.volume;
    return;
  }
  list.push({ ...seg, startMs });
}

function toCandle(b: Bucket, params: ModelParams): Candle {
  const bid = (x: number) => formatPrice(quoteFromMid(params, x).bid, params.precision);
  return {
    time: b.startMs / 1000,
    open: bid(b.open),
    high: bid(b.high),
    low: bid(b.low),
    close: bid(b.close),
    volume: b.volume,
  };
}
