import { z } from 'zod';
import {
  COPY_STOP_REASONS,
  EQUITY_PERIODS,
  SKIP_REASONS,
  STRATEGY_DESC_MAX,
  STRATEGY_SORTS,
  STRATEGY_STATUSES,
} from './follow-constants.js';
import { AmountInput } from './funding.js';
import { InstrumentCode } from './markets.js';
import { Money, pageSchema } from './money.js';
import { PercentString } from './ranking.js';
import { Order } from './trading.js';
import { wholeNumber } from './whole-number.js';

/**
 * Copy trading (the documentary tab): strategies a trader publishes, and copies of them that
 * followers run in segregated copy accounts. docs/decisions.md ("Copy trading") defines every figure:
 * the proportional volume, the high-water-mark fee, time-weighted ROI and the risk score.
 */

export const StrategyStatus = z.enum(STRATEGY_STATUSES);
export type StrategyStatus = z.infer<typeof StrategyStatus>;

export const CopyStopReason = z.enum(COPY_STOP_REASONS);
export type CopyStopReason = z.infer<typeof CopyStopReason>;

export const SkipReason = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReason>;

export const StrategySort = z.enum(STRATEGY_SORTS);
export type StrategySort = z.infer<typeof StrategySort>;

export const EquityPeriod = z.enum(EQUITY_PERIODS);
export type EquityPeriod = z.infer<typeof EquityPeriod>;

const Id = wholeNumber(z.number().int().positive().max(2_147_483_647));
const Flag = z.union([z.literal(0), z.literal(1)]);

/** A strategy on the list and at the top of its page, with its statistics. */
export const StrategySummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  desc: z.string(),
  /** The provider's public name (masked like the ranking's). */
  provider: z.string(),
  uid: z.string(),
  /** 1: published by a demo account; copied with virtual money only, never charged a fee. */
  is_demo: Flag,
  /** 1: one of the built-in rule-based sample strategies (SAMPLE_STRATEGIES). */
  is_sample: Flag,
  status: StrategyStatus,
  /** Performance fee in percent of the profit above the high-water mark ("20.00"). */
  fee_rate: PercentString,
  min_invest: Money,
  /** Time-weighted return since the strategy's first trade, in percent. */
  roi: PercentString,
  /** Time-weighted return of the past three weeks, in percent. */
  three_week_rate: PercentString,
  /** Winning closed trades ÷ closed trades, in percent. */
  win_rate: PercentString,
  /** Largest fall from a peak of the time-weighted index, in percent (positive). */
  max_drawdown: PercentString,
  /** Followers copying now. */
  followers: z.number().int().min(0),
  /** The equity of the copy accounts copying now. */
  copiers_funds: Money,
  /** Closed trades of the provider. */
  total_orders: z.number().int().min(0),
  /** Average leverage of the closed trades ("multiple"), rounded. */
  multiple: z.number().int().min(0),
  /** How many instruments the provider traded ("variety"). */
  variety: z.number().int().min(0),
  instruments: z.array(InstrumentCode),
  /** 1 (calm) to 10 (wild); docs/decisions.md gives the formula. */
  risk_score: z.number().int().min(1).max(10),
  /**
   * The avatar's address (GET /api/follow/avatar, a square WebP of AVATAR_SIDE pixels, public; the
   * address changes with the picture), or null: the app shows the name's initials.
   */
  avatar: z.string().nullable(),
  created_at: z.number().int(),
});
export type StrategySummary = z.infer<typeof StrategySummary>;

export const StrategyPage = pageSchema(StrategySummary);
export type StrategyPage = z.infer<typeof StrategyPage>;

/** GET /api/follow/strategies: filters, sort (descending, but risk and drawdown ascending), page. */
export const StrategiesQuery = z.object({
  sort: StrategySort.default('roi'),
  /** Only demo (1) or only real (0) strategies; absent: both. */
  demo: z.preprocess((v) => (v === '' ? undefined : v), wholeNumber(Flag).optional()),
  /** Only strategies whose risk score is at most this. */
  max_risk: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber(z.number().int().min(1).max(10)).optional(),
  ),
  /** Words in the name. */
  q: z.string().trim().max(40).optional(),
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});
export type StrategiesQuery = z.infer<typeof StrategiesQuery>;

export const StrategyIdQuery = z.object({ id: Id });

/** A strategy avatar's side in pixels (a square). */
export const AVATAR_SIDE = 256;

/** GET /api/follow/avatar?id&v: `v` names the picture (the summary's address carries it). */
export const StrategyAvatarQuery = z.object({ id: Id, v: z.string().max(32).optional() });
export type StrategyAvatarQuery = z.input<typeof StrategyAvatarQuery>;
/** The avatar's bytes (image/webp, not in the envelope). */
export const AvatarBytes = z.unknown();
export type StrategyIdQuery = z.infer<typeof StrategyIdQuery>;

/** A provider's open position as followers see it. */
export const StrategyPosition = z.object({
  code: InstrumentCode,
  side: z.enum(['buy', 'sell']),
  lots: z.string(),
  leverage: z.number().int(),
  open_price: z.string(),
  opened_at: z.number().int(),
});

/** GET /api/follow/strategy?id: the page of one strategy. */
export const StrategyDetail = StrategySummary.extend({
  positions: z.array(StrategyPosition),
  /** 1 when the caller published it. */
  own: Flag,
  /** The caller's active copy of it, if any. */
  copy_id: z.number().int().positive().nullable(),
});
export type StrategyDetail = z.infer<typeof StrategyDetail>;

export const StrategyEquityQuery = z.object({ id: Id, period: EquityPeriod.default('1m') });
export type StrategyEquityQuery = z.infer<typeof StrategyEquityQuery>;

/** One point of the curve: the account's booked equity and the time-weighted growth to that time. */
export const EquityPoint = z.object({ t: z.number().int(), equity: Money, growth: PercentString });
export const StrategyEquity = z.object({
  id: z.number().int(),
  period: EquityPeriod,
  points: z.array(EquityPoint),
});
export type StrategyEquity = z.infer<typeof StrategyEquity>;

/** A percentage typed by the provider: 0 to 50 with at most 2 decimals. */
const FeeRateInput = z.string().trim().max(8);

/** POST /api/follow/publish: one strategy per account. */
export const PublishForm = z.object({
  name: z.string().trim().max(200),
  desc: z.string().trim().max(STRATEGY_DESC_MAX).default(''),
  fee_rate: FeeRateInput,
  min_invest: AmountInput,
});
export type PublishForm = z.infer<typeof PublishForm>;

/** POST /api/follow/strategy_update: the fields sent change; a new fee applies to new copies. */
export const StrategyUpdateForm = z.object({
  id: Id,
  name: z.string().trim().max(200).optional(),
  desc: z.string().trim().max(STRATEGY_DESC_MAX).optional(),
  fee_rate: FeeRateInput.optional(),
  min_invest: AmountInput.optional(),
  status: StrategyStatus.optional(),
  /** '' removes the avatar (a new one comes through POST /api/follow/avatar_upload). */
  avatar: z.literal('').optional(),
});
export type StrategyUpdateForm = z.infer<typeof StrategyUpdateForm>;

/** POST /api/follow/copy: the allocation and an optional equity stop-loss (absent or 0: none). */
export const CopyForm = z.object({
  strategy_id: Id,
  amount: AmountInput,
  equity_stop_loss: AmountInput.optional(),
});
export type CopyForm = z.infer<typeof CopyForm>;

/** POST /api/follow/copy_funds: a positive amount adds to the copy, a negative one withdraws. */
export const CopyFundsForm = z.object({ copy_id: Id, amount: AmountInput });
export type CopyFundsForm = z.infer<typeof CopyFundsForm>;

export const CopyIdForm = z.object({ copy_id: Id });
export type CopyIdForm = z.infer<typeof CopyIdForm>;

/** One copy account of the caller. */
export const CopySummary = z.object({
  copy_id: z.number().int().positive(),
  strategy_id: z.number().int().positive(),
  strategy_name: z.string(),
  /** The strategy's avatar address (as StrategySummary's `avatar`), or null. */
  strategy_avatar: z.string().nullable(),
  provider: z.string(),
  /** `stopping`: its positions are being closed and its funds returned (a moment). */
  status: z.enum(['active', 'stopping', 'stopped']),
  stop_reason: CopyStopReason.nullable(),
  is_demo: Flag,
  /** Money moved in minus money moved out. */
  invested: Money,
  /** Free plus margin plus open P&L at current prices. */
  equity: Money,
  /** Free balance of the copy account. */
  balance: Money,
  /**
   * What may be withdrawn now: the free balance less the open positions' loss, leaving the equity at
   * least the strategy's minimum investment and above the equity stop-loss ("0.000000" once stopped).
   */
  withdrawable: Money,
  /** Equity (or returned funds, once stopped) minus invested, fees included. */
  pnl: Money,
  fees_paid: Money,
  high_water_mark: Money,
  /** Copying stops when equity falls below this; null: no stop. */
  equity_stop_loss: Money.nullable(),
  fee_rate: PercentString,
  open_positions: z.number().int().min(0),
  skipped: z.number().int().min(0),
  started_at: z.number().int(),
  stopped_at: z.number().int().nullable(),
});
export type CopySummary = z.infer<typeof CopySummary>;

export const MyCopies = z.object({ list: z.array(CopySummary) });
export type MyCopies = z.infer<typeof MyCopies>;

export const SkippedTrade = z.object({
  provider_order_id: z.number().int().positive(),
  code: InstrumentCode,
  side: z.enum(['buy', 'sell']),
  /** The provider's lots, and the volume the copy would have had before rounding down. */
  provider_lots: z.string(),
  wanted_lots: z.string(),
  reason: SkipReason,
  /** The reason in the caller's language. */
  reason_text: z.string(),
  at: z.number().int(),
});
export type SkippedTrade = z.infer<typeof SkippedTrade>;

export const CopyLedgerLine = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  amount: Money,
  balance: Money,
  memo: z.string(),
  created_at: z.number().int(),
});

/** GET /api/follow/copy_detail?copy_id: positions (open and recent closed), skipped trades, ledger. */
export const CopyDetail = CopySummary.extend({
  positions: z.array(Order),
  history: z.array(Order),
  skipped_trades: z.array(SkippedTrade),
  ledger: z.array(CopyLedgerLine),
});
export type CopyDetail = z.infer<typeof CopyDetail>;

export const CopyDetailQuery = z.object({ copy_id: Id });
export type CopyDetailQuery = z.infer<typeof CopyDetailQuery>;

export const StrategyFollower = z.object({
  name: z.string(),
  equity: Money,
  invested: Money,
  fees_paid: Money,
  since: z.number().int(),
});

/** GET /api/follow/my_strategy: the caller's strategy (or null), followers and fees earned. */
export const MyStrategy = z.object({
  strategy: StrategySummary.nullable(),
  followers: z.array(StrategyFollower),
  fees_earned: Money,
});
export type MyStrategy = z.infer<typeof MyStrategy>;

/** COPY_TRADE (followers): something happened in one of the caller's copy accounts. */
export const COPY_EVENTS = ['opened', 'closed', 'updated', 'skipped', 'stopped', 'fee'] as const;
export const CopyTradeMessage = z.object({
  type: z.literal('COPY_TRADE'),
  code: z.literal(1),
  data: z.object({
    copy_id: z.number().int().positive(),
    event: z.enum(COPY_EVENTS),
    code: InstrumentCode.nullable(),
    order_id: z.number().int().positive().nullable(),
    reason: z.string().nullable(),
    equity: Money,
  }),
});
export type CopyTradeMessage = z.infer<typeof CopyTradeMessage>;
