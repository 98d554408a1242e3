import { z } from 'zod';
import { InstrumentCode } from './markets.js';
import { Money } from './money.js';

/**
 * The leaders' ranking: GET /api/follow/list (public), GET and POST /api/follow/opt_in (real
 * accounts). The figures are computed from closed trades on a schedule and read from a snapshot;
 * docs/decisions.md ("Ranking") defines each one exactly.
 */

/** Spec section 9: follower statistics use past-three-week windows. */
export const RANKING_WINDOW_DAYS = 21;
export const RANKING_WINDOW_MS = RANKING_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Fewer closed trades than this in the window says too little to rank a trader on. */
export const RANKING_MIN_TRADES = 5;
/** The list shows the top of the board only. */
export const RANKING_LIMIT = 50;

/** A percentage with 2 decimals, sign included when negative ("12.50", "-3.07"). */
export const PercentString = z.string().regex(/^-?\d+\.\d{2}$/, 'must be a percentage with 2 decimals');

/** The spec's ranking entry, plus its place on the board and the trader's public account number. */
export const RankingEntry = z.object({
  /** 1 for the leader. */
  rank: z.number().int().positive(),
  /** Public display name: the e-mail masked ("j***@example.com") or the phone's last digits. */
  user: z.string(),
  uid: z.string(),
  /** Typical leverage: the median of the window's trades (the lower middle on an even count). */
  multiple: z.number().int().positive(),
  /** Net realised P&L of the window ÷ margin committed in the window, in percent. */
  three_week_rate: PercentString,
  /** Winning trades ÷ trades closed in the window, in percent. */
  three_week_win: PercentString,
  /** Net realised P&L of the window in USD. */
  three_week_profit: Money,
  /** three_week_rate over the whole history. */
  total_rate: PercentString,
  /** Every closed trade of the trader (cancelled pending orders excluded). */
  total_trade_num: z.number().int().min(0),
  /** The most traded instrument of the window. */
  code: InstrumentCode,
  /** The trader's published strategy, which the entry opens; absent when they have none. */
  strategy_id: z.number().int().positive().optional(),
});
export type RankingEntry = z.infer<typeof RankingEntry>;

export const RankingList = z.object({
  list: z.array(RankingEntry),
  /** When the snapshot was computed (epoch ms); null before the first refresh. */
  updated_at: z.number().int().nullable(),
});
export type RankingList = z.infer<typeof RankingList>;

/** "0"/"1" from a form, 0/1 from JSON; anything else (an empty field included) is refused. */
const OnOff = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(['0', '1']))
  .transform((v): 0 | 1 => (v === '1' ? 1 : 0));

/** POST /api/follow/opt_in: 1 to appear on the board (from the next refresh), 0 to leave it at once. */
export const OptInForm = z.object({ on: OnOff });
export type OptInForm = z.infer<typeof OptInForm>;

/** The caller's choice, and the name the board would show for them. */
export const OptInState = z.object({ on: z.union([z.literal(0), z.literal(1)]), user: z.string() });
export type OptInState = z.infer<typeof OptInState>;
