/**
 * The error catalogue. Every failure the server reports is one of these keys; the envelope carries
 * its numeric `code` and a `msg` translated from the key (server locale files hold one entry per
 * key in each of the 14 languages). The HTTP status tells the class of the failure.
 *
 * Codes are stable: clients may branch on them. Never renumber; add new keys at the end of a block.
 */
export const ERRORS = {
  // generic
  bad_request: { code: 1000, status: 400 },
  validation_failed: { code: 1001, status: 400 },
  forbidden: { code: 1003, status: 403 },
  not_found: { code: 1004, status: 404 },
  method_not_allowed: { code: 1005, status: 405 },
  conflict: { code: 1009, status: 409 },
  only_real_account: { code: 1010, status: 403 },
  payload_too_large: { code: 1013, status: 413 },
  unsupported_media_type: { code: 1015, status: 415 },
  rate_limited: { code: 1029, status: 429 },
  internal: { code: 1500, status: 500 },
  unavailable: { code: 1503, status: 503 },
  /** The request's header block is larger than the server accepts (HTTP 431). */
  headers_too_large: { code: 1431, status: 431 },
  /** The Idempotency-Key header is not 8 to 64 letters, digits, '-' or '_'. */
  idempotency_key_invalid: { code: 1040, status: 400 },
  /** No longer answered (a key's answer commits with its booking); kept so the code is never reused. */
  idempotency_in_progress: { code: 1041, status: 409 },
  /** This key was already used for another request (other call or other parameters). */
  idempotency_key_reused: { code: 1042, status: 422 },
  session_expired: { code: 999, status: 401 },
  // markets
  unknown_instrument: { code: 2001, status: 404 },
  unknown_period: { code: 2002, status: 400 },
  unknown_topic: { code: 2003, status: 400 },
  bad_frame: { code: 2004, status: 400 },
  too_many_sockets: { code: 2005, status: 429 },
  // trading
  market_closed: { code: 3001, status: 409 },
  leverage_not_offered: { code: 3002, status: 400 },
  lots_invalid: { code: 3003, status: 400 },
  lots_off_step: { code: 3004, status: 400 },
  lots_below_minimum: { code: 3005, status: 400 },
  lots_too_large: { code: 3006, status: 400 },
  take_profit_wrong_side: { code: 3007, status: 400 },
  stop_loss_wrong_side: { code: 3008, status: 400 },
  insufficient_balance: { code: 3009, status: 409 },
  order_not_found: { code: 3010, status: 404 },
  order_not_holding: { code: 3011, status: 409 },
  order_not_pending: { code: 3012, status: 409 },
  target_price_required: { code: 3013, status: 400 },
  price_invalid: { code: 3014, status: 400 },
  demo_only: { code: 3015, status: 403 },
  no_leverage_configured: { code: 3016, status: 400 },
  /** A typed price too far from the current one (the band is the `price_band_pct` setting). */
  price_out_of_range: { code: 3017, status: 400 },
  /** Margin or fee past the money ceiling (about 9e9 USD): no account could hold it. */
  order_too_large: { code: 3018, status: 400 },
  too_many_positions: { code: 3019, status: 409 },
  too_many_pending_orders: { code: 3020, status: 409 },
  order_rate_limited: { code: 3021, status: 429 },
  /**
   * The instrument's market is open but this node has had no word from the price feed for longer
   * than STALE_PRICE_MS (the leader hangs or is being replaced): no price to trade at.
   */
  price_stale: { code: 3022, status: 409 },
  /**
   * The free balance covers the order's margin and fee, but not once the loss the account's open
   * positions stand at is set aside (the free margin; an open profit adds nothing).
   */
  insufficient_free_margin: { code: 3023, status: 409 },
  // identity
  account_exists: { code: 4001, status: 409 },
  weak_password: { code: 4002, status: 400 },
  password_mismatch: { code: 4003, status: 400 },
  code_invalid: { code: 4004, status: 400 },
  code_expired: { code: 4005, status: 400 },
  code_cooldown: { code: 4006, status: 429 },
  login_failed: { code: 4007, status: 401 },
  account_locked: { code: 4008, status: 429 },
  captcha_invalid: { code: 4009, status: 400 },
  invite_code_invalid: { code: 4010, status: 400 },
  account_required: { code: 4011, status: 400 },
  password_required: { code: 4012, status: 400 },
  old_password_wrong: { code: 4013, status: 400 },
  email_invalid: { code: 4014, status: 400 },
  mobile_invalid: { code: 4015, status: 400 },
  area_invalid: { code: 4016, status: 400 },
  account_not_found: { code: 4017, status: 404 },
  demo_id_invalid: { code: 4018, status: 400 },
  login_slow_down: { code: 4019, status: 429 },
  /** Failed logins on this account or from this address: the login must carry a solved captcha. */
  captcha_required: { code: 4020, status: 400 },
  /** The password was right and two-factor authentication is on: send the authenticator code too. */
  two_factor_required: { code: 4021, status: 401 },
  /** The authenticator (or recovery) code is wrong, expired or already used. */
  two_factor_invalid: { code: 4022, status: 400 },
  two_factor_not_enabled: { code: 4023, status: 409 },
  two_factor_already_enabled: { code: 4024, status: 409 },
  /** Confirming an enrolment that was never started (or was replaced): start again. */
  two_factor_setup_missing: { code: 4025, status: 409 },
  // funding
  image_invalid: { code: 5001, status: 415 },
  image_too_large: { code: 5002, status: 413 },
  picture_not_owned: { code: 5003, status: 403 },
  auth_pending: { code: 5004, status: 409 },
  auth_done: { code: 5005, status: 409 },
  draw_method_invalid: { code: 5006, status: 400 },
  draw_method_not_found: { code: 5007, status: 404 },
  amount_invalid: { code: 5008, status: 400 },
  deposit_option_not_found: { code: 5009, status: 404 },
  address_invalid: { code: 5010, status: 400 },
  draw_currency_not_found: { code: 5011, status: 404 },
  record_not_found: { code: 5012, status: 404 },
  record_already_decided: { code: 5013, status: 409 },
  name_required: { code: 5014, status: 400 },
  id_number_required: { code: 5015, status: 400 },
  picture_required: { code: 5016, status: 400 },
  amount_below_fee: { code: 5017, status: 400 },
  balance_too_low: { code: 5018, status: 409 },
  upload_rate_limited: { code: 5019, status: 429 },
  image_too_many_pixels: { code: 5020, status: 413 },
  deposit_below_minimum: { code: 5021, status: 400 },
  /** Withdrawals wait for an approved real-name review (setting `withdraw_requires_real_name`). */
  real_name_required: { code: 5022, status: 403 },
  /** The amount is within the free balance but above the free margin: open positions' loss stays in. */
  withdraw_above_free_margin: { code: 5023, status: 409 },
  // content
  news_not_found: { code: 6001, status: 404 },
  company_not_found: { code: 6002, status: 404 },
  // copy trading
  strategy_not_found: { code: 7001, status: 404 },
  strategy_exists: { code: 7002, status: 409 },
  strategy_name_invalid: { code: 7003, status: 400 },
  fee_rate_invalid: { code: 7004, status: 400 },
  strategy_not_active: { code: 7005, status: 409 },
  strategy_closed: { code: 7006, status: 409 },
  copy_own_strategy: { code: 7007, status: 400 },
  already_copying: { code: 7008, status: 409 },
  copy_below_minimum: { code: 7009, status: 400 },
  /** The equity stop-loss must lie below the amount allocated. */
  equity_stop_invalid: { code: 7010, status: 400 },
  /** A demo strategy is copied with virtual money only. */
  demo_strategy_real_money: { code: 7011, status: 403 },
  copy_not_found: { code: 7012, status: 404 },
  copy_not_active: { code: 7013, status: 409 },
  /** A withdrawal from a copy may take only its free margin (free balance less its open loss). */
  copy_withdraw_too_large: { code: 7014, status: 409 },
  /** A copy account is run by its copy; nobody trades or publishes with it. */
  copy_account_forbidden: { code: 7015, status: 403 },
  /** Money put into copying comes from the free margin only: open positions' loss stays in. */
  copy_above_free_margin: { code: 7016, status: 409 },
  /** A withdrawal may not leave a running copy's equity below its strategy's minimum investment. */
  copy_withdraw_below_minimum: { code: 7017, status: 409 },
  /** Nor at or below its equity stop-loss (to take everything out, stop copying). */
  copy_withdraw_below_stop: { code: 7018, status: 409 },
  // back office
  /** No staff session, or it ended (signed out, idle too long, member disabled). */
  staff_session_expired: { code: 8001, status: 401 },
  /** Wrong email or password (which one is not said). */
  staff_login_failed: { code: 8002, status: 401 },
  staff_code_invalid: { code: 8003, status: 401 },
  /** The first-sign-in token is unknown or older than 10 minutes: sign in again. */
  staff_setup_expired: { code: 8004, status: 401 },
  /** The caller's address is not on the staff allow-list. */
  staff_address_refused: { code: 8005, status: 403 },
  staff_email_taken: { code: 8006, status: 409 },
  /** The last active owner cannot be disabled or given another role. */
  staff_last_owner: { code: 8007, status: 409 },
  /** Four eyes: the second approval must come from another member than the first (or the requester). */
  four_eyes_same_member: { code: 8008, status: 409 },
  approval_not_found: { code: 8009, status: 404 },
  approval_decided: { code: 8010, status: 409 },
  /** A withdrawal is paid only once it has all its approvals. */
  withdrawal_not_approved: { code: 8011, status: 409 },
  setting_invalid: { code: 8012, status: 400 },
  /** Dealing terms that do not hold together (minimum above maximum, step not dividing, ...). */
  instrument_terms_invalid: { code: 8013, status: 400 },
  /** Compliance froze this account's trading: positions may be closed, nothing new opened. */
  trading_frozen: { code: 8014, status: 403 },
  withdrawals_frozen: { code: 8015, status: 403 },
  /** The new staff password must differ from the one-time password. */
  staff_password_reused: { code: 8016, status: 400 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export const CODE_OK = 1;
export const CODE_SESSION_EXPIRED = 999;
