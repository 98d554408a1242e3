import type { Generated } from 'kysely';

/** Deposits, withdrawals and their options (migration 0006). Money in micro-units of USD. */
declare module '../../db/schema.js' {
  interface Database {
    deposit_addresses: DepositAddressesTable;
    deposit_banks: DepositBanksTable;
    deposits: DepositsTable;
    draw_currencies: DrawCurrenciesTable;
    draw_methods: DrawMethodsTable;
    withdrawals: WithdrawalsTable;
  }
}

/** The broker's receiving addresses, edited by the operator; `enabled` 0 hides one. */
export interface DepositAddressesTable {
  id: Generated<number>;
  currency_code: string;
  protocol_code: string;
  address: string;
  enabled: number;
  sort: number;
}

export interface DepositBanksTable {
  id: Generated<number>;
  currency_code: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
  enabled: number;
  sort: number;
}

/** type 0 coin, 1 bank; status 0 unchecked, 1 credited, 2 rejected, 3 invalid. */
export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  option_id: number;
  currency_code: string;
  protocol_code: string;
  address: string;
  amount_micros: number;
  proof_key: string;
  status: number;
  remark: string;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
}

/** type 1 coin, 2 bank. draw_rate and usd_price are decimal strings. */
export interface DrawCurrenciesTable {
  id: Generated<number>;
  type: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  /** Decimals the payout is made with (migration 0009): 2 fiat, 8 BTC and ETH, 6 USDT. */
  receive_decimals: Generated<number>;
  enabled: number;
  sort: number;
}

export interface DrawMethodsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_currency_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  created_at: number;
  deleted_at: number | null;
}

/** status 0 processing, 1 paid, 2 rejected. The payee details are copied at request time. */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_currency_id: number;
  method_id: number;
  currency_code: string;
  protocol: string;
  address: string;
  payee_account: string;
  amount_micros: number;
  fee_micros: number;
  receive: string;
  memo: string;
  status: number;
  remark: string;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
  /** Four eyes (migration 0013): the first and second approvers, and when approvals were complete. */
  approver1_id: number | null;
  approver1: string | null;
  approver2_id: number | null;
  approver2: string | null;
  approved_at: number | null;
  paid_reference: Generated<string>;
}
