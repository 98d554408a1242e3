import type { Generated } from 'kysely';

/** Back-office tables (migration 0013). Times are epoch milliseconds. */
declare module '../../db/schema.js' {
  interface Database {
    staff: StaffTable;
    staff_sessions: StaffSessionsTable;
    staff_audit: StaffAuditTable;
    staff_approvals: StaffApprovalsTable;
  }
}

export interface StaffTable {
  id: Generated<number>;
  /** Lower-cased and trimmed. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  role: string;
  /** The enrolled TOTP secret, sealed (SecretBox); null until the first sign-in's setup. */
  totp_sealed: string | null;
  /** The secret offered at a setup sign-in, sealed, until the setup call confirms it. */
  totp_pending_sealed: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  /** 1 until the member replaces their one-time password. */
  must_change_password: Generated<number>;
  disabled: Generated<number>;
  created_at: number;
  created_by: string | null;
  last_login_at: number | null;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  staff_id: number;
  /** `full` opens the console; `setup` only the first-sign-in call. */
  kind: string;
  address: Generated<string>;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface StaffAuditTable {
  id: Generated<number>;
  at: number;
  staff_id: number | null;
  actor: string;
  action: string;
  target: string;
  before_json: string;
  after_json: string;
  address: string;
}

export interface StaffApprovalsTable {
  id: Generated<number>;
  kind: string;
  user_id: number;
  amount_micros: number | null;
  reason: string;
  /** 0 waiting, 1 approved (done), 2 refused. */
  status: Generated<number>;
  requested_by_id: number | null;
  requested_by: string;
  requested_at: number;
  decided_by_id: number | null;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: Generated<string>;
}
