import type { ColumnType, Generated } from 'kysely';

/** Copy-trading tables (migration 0012). Money is integer micro-units; fee rates hundredths of a percent. */
declare module '../../db/schema.js' {
  interface Database {
    strategies: StrategiesTable;
    copies: CopiesTable;
    copy_links: CopyLinksTable;
    copy_skips: CopySkipsTable;
    copy_outbox: CopyOutboxTable;
  }
}

export interface StrategiesTable {
  id: Generated<number>;
  /** The provider: the account whose trades are copied (one strategy per account). */
  user_id: number;
  name: string;
  description: string;
  fee_rate_bp: number;
  min_invest_micros: number;
  is_demo: number;
  is_sample: Generated<number>;
  status: 'active' | 'paused' | 'closed';
  fees_earned_micros: Generated<number>;
  /** The avatar's key in the object storage (migration 0019); null: none. */
  avatar_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

export interface CopiesTable {
  id: Generated<number>;
  strategy_id: number;
  follower_id: number;
  /** The copy account's users.id (set right after the copy row is created). */
  account_id: number | null;
  /** active → stopping (positions being closed) → stopped. */
  status: 'active' | 'stopping' | 'stopped';
  stop_reason: string | null;
  is_demo: number;
  /** The fee rate when the copy started (a provider's later change applies to new copies). */
  fee_rate_bp: number;
  /** Moved in minus moved out. */
  invested_micros: number;
  hwm_micros: number;
  equity_stop_micros: number | null;
  fees_paid_micros: Generated<number>;
  /** What the stop returned to the follower. */
  returned_micros: Generated<number>;
  /** 'YYYY-MM' (UTC): the month whose fee is settled (the start month at first). */
  fee_month: string;
  started_at: number;
  stopped_at: number | null;
}

export interface CopyLinksTable {
  copy_id: number;
  provider_order_id: number;
  /** The copied order; null when the copy was skipped (copy_skips says why). */
  copy_order_id: number | null;
  created_at: number;
}

export interface CopySkipsTable {
  id: Generated<number>;
  copy_id: number;
  provider_order_id: number;
  instrument_id: number;
  side: number;
  provider_lots: string;
  wanted_lots: string;
  reason: string;
  detail: string | null;
  created_at: number;
}

/** What a provider order event owes one part of its copies (migration 0022, copy-outbox.ts). */
export interface CopyOutboxTable {
  id: Generated<number>;
  provider_order_id: number;
  /** The provider order's version in the event. */
  version: number;
  /** The copies whose id modulo `parts` is `part`. */
  part: number;
  parts: number;
  /** The OrderEvent as published, JSON. */
  event: string;
  created_at: number;
  done_at: number | null;
}
