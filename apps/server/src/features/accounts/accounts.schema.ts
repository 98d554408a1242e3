import type { Generated } from 'kysely';

/** Money tables (migration 0003). Amounts are integer micro-units of USD; times are epoch ms. */
declare module '../../db/schema.js' {
  interface Database {
    accounts: AccountsTable;
    ledger: LedgerTable;
  }
}

/** One row per user. `balance_micros` is the free balance; both columns are CHECKed ≥ 0. */
export interface AccountsTable {
  user_id: number;
  balance_micros: number;
  frozen_micros: number;
  updated_at: number;
  /** Trading's holding positions and pending orders on this account (migration 0014), for the caps. */
  holding_orders: Generated<number>;
  pending_orders: Generated<number>;
  /** Bumped by every statement that changes the row (migration 0016): tells a cache it is stale. */
  version: Generated<number>;
}

/** Append-only: every change of an account is one row, written in the same transaction. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  free_delta_micros: number;
  frozen_delta_micros: number;
  balance_after_micros: number;
  frozen_after_micros: number;
  /** A server locale key, translated when the ledger is read. */
  memo_key: string;
  /** JSON object of the memo's {{placeholders}}, or null. */
  memo_params: string | null;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
}
