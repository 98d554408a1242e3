/**
 * Settings a fresh install starts with. Seeding only inserts missing keys, so changing a value here
 * does not override an operator's choice in an existing database.
 */
export const SETTING_DEFAULTS = {
  /** Customer-service chat page embedded by /mine/chat; empty until the operator sets one. */
  service_link: '',
  /** 1 = the link is embedded in a frame, 2 = opened in a new window. */
  service_link_type: '1',
  /** 1 = registration confirms a code sent by e-mail or SMS, 2 = image captcha. */
  verify_reg_type: '1',
  /** 1 = fee is lots × fee rate, otherwise margin × fee rate (spec section 9). */
  trade_fee_type: '1',
  /** 1 = phone registration is offered beside e-mail. */
  is_show_mobile: '1',
  /** Alternative customer-service link (spec: setting key kefu_link). */
  kefu_link: '',
  /**
   * Support's e-mail address, shown on /mine/email as a mailto link and by the chat screen when no
   * chat link is set: a trader always has a way to reach support. Operators replace the placeholder.
   */
  contact_email: 'support@localhost',
  /** 0 = the site is operating; otherwise clients are sent to loss_url. */
  company_status: '0',
  /** 0 = main site (company search shown). */
  company_type: '0',
  loss_url: '',
  /** 100,000 USD in micro-units (1e-6 USD). */
  demo_start_balance_micros: '100000000000',
  /** Risk-rate percentages: warn at the first, force-close at the second (architecture section 7). */
  margin_call_level: '100',
  stop_out_level: '50',
  /**
   * How far from the current mid price a typed price (take-profit, stop-loss, pending target) may
   * be, in percent: like a broker's stop level, it keeps absurd prices out of the trigger index.
   */
  price_band_pct: '50',
  /** Caps per account: holding positions, and pending orders waiting to fill. */
  max_open_positions: '200',
  max_pending_orders: '100',
  /** Orders one account may place per minute (a burst of this many, then this rate). */
  order_rate_per_minute: '60',
  /** Pictures one account may upload per hour. */
  upload_rate_per_hour: '30',
  /** The smallest deposit a trader may declare, in micro-units of USD (10 USD). */
  min_deposit_micros: '10000000',
  /** 1 = a withdrawal is refused until the account's real-name review is approved (0 turns it off). */
  withdraw_requires_real_name: '1',
  /** Withdrawals above this many USD need two approvers (four eyes) in the back office. */
  withdraw_four_eyes_usd: '10000',
} as const satisfies Record<string, string>;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
