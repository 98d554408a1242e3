import type { Generated } from 'kysely';

/** The orders table (migration 0005). Prices and lots are decimal text; money is micro-units. */
declare module '../../db/schema.js' {
  interface Database {
    orders: OrdersTable;
  }
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  /** 1 buy, 2 sell (the API's OrderType). */
  side: number;
  /** 0 pending, 1 holding, 3 history. */
  status: number;
  lots: string;
  leverage: number;
  /** The fill price; null while pending. */
  open_price: string | null;
  /** Pending orders only. */
  target_price: string | null;
  /** Pending orders only: 'at_or_below' | 'at_or_above'. */
  fill_direction: string | null;
  tp: string | null;
  sl: string | null;
  margin_micros: number;
  fee_micros: number;
  close_price: string | null;
  pnl_micros: Generated<number>;
  /** The house's credit when the close would have left the balance below zero. */
  protection_micros: Generated<number>;
  close_reason: string | null;
  version: Generated<number>;
  created_at: number;
  filled_at: number | null;
  closed_at: number | null;
}
