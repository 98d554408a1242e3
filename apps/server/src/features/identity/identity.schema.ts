import type { Generated } from 'kysely';

/** Identity tables (migrations 0003 and 0011). Times are epoch milliseconds. */
declare module '../../db/schema.js' {
  interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    verification_codes: VerificationCodesTable;
    captchas: CaptchasTable;
    login_throttle: LoginThrottleTable;
    rate_windows: RateWindowsTable;
    two_factor: TwoFactorTable;
    two_factor_recovery: TwoFactorRecoveryTable;
  }
}

export interface UsersTable {
  id: Generated<number>;
  /** Public 8-digit account number. */
  uid: string;
  /** Lower-cased and trimmed. */
  email: string | null;
  /** Digits only, national number; unique together with area_id. */
  mobile: string | null;
  area_id: number | null;
  /** argon2id PHC string; null for demo accounts, which have no password. */
  password_hash: string | null;
  is_demo: number;
  /** 0: a person's account; 1: a copy account (copy trading), which nobody logs in with. */
  kind: Generated<number>;
  demo_device_id: string | null;
  credit_score: Generated<number>;
  /** Migration 0013: compliance's holds (1 = frozen). */
  trading_frozen: Generated<number>;
  withdrawals_frozen: Generated<number>;
  invite_code: string | null;
  invited_by: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Migration 0013: where the sign-in came from (the back office's sign-in history). */
  address: Generated<string>;
  device: Generated<string>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  /** "e:<email>" or "m:<calling code><number>". */
  destination: string;
  purpose: number;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: Generated<number>;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

export interface RateWindowsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface TwoFactorTable {
  user_id: number;
  /** The base32 TOTP secret, sealed with SecretBox (AES-256-GCM). */
  secret_sealed: string;
  created_at: number;
  /** Null while the enrolment waits for its confirming code. */
  enabled_at: number | null;
  /** The latest time step whose code was accepted: it and older ones are refused (no replay). */
  last_step: Generated<number>;
}

export interface TwoFactorRecoveryTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the user id and the normalised code. */
  code_hash: string;
  used_at: number | null;
}
