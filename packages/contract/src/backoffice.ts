import { z } from 'zod';
import { APPROVAL_KINDS, STAFF_ROLES } from './backoffice-constants.js';
import { Money, pageSchema } from './money.js';
import { wholeNumber, wholeNumberText } from './whole-number.js';

/**
 * The back office: staff, their roles and sessions, the four-eyes approvals, the user desk, the
 * dealing desk, the risk view and the audit log. Staff sessions are separate from traders': a staff
 * token travels in `x-staff-token` (never `authorization`), so a trader's token opens no staff call
 * and a staff token opens no trader call. No cookie is involved, so a cross-site page cannot make a
 * browser send either (CSRF-safe by construction).
 */

export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

const Id = wholeNumber(z.number().int().positive().max(2_147_483_647));
const Page = wholeNumber(z.number().int().min(1).max(100_000)).default(1);
/** A yes/no as JSON (true/false) or as a form field ("1"/"0", "true"/"false"). */
export const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** Why a staff member did something: kept in the audit log (and shown to the trader where it says so). */
const Reason = z.string().trim().min(3).max(200);
const OptionalReason = z.string().trim().max(200).default('');
const StaffPassword = z.string().min(1).max(128);
const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');
/** Epoch milliseconds. */
const Millis = z.number().int();

// ---- Sign-in ----

export const StaffLoginForm = z.object({
  email: Email,
  password: StaffPassword,
  /** The authenticator's 6 digits; without them a member who has TOTP gets `stage: "code"`. */
  code: TotpCode.optional(),
});
export type StaffLoginForm = z.input<typeof StaffLoginForm>;

export const StaffMe = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: StaffRole,
  /** Minutes of inactivity before the session ends. */
  idle_minutes: z.number().int().positive(),
});
export type StaffMe = z.infer<typeof StaffMe>;

/**
 * The answer to a sign-in. `ok`: `token` opens the console. `code`: the password was right and the
 * authenticator code is needed (send again with `code`). `setup`: first sign-in (or access reset):
 * `token` is a setup token, good only for `staffSetup` within 10 minutes, and `setup` carries the
 * new TOTP secret to enrol.
 */
export const StaffLoginAnswer = z.object({
  stage: z.enum(['ok', 'code', 'setup']),
  token: z.string().optional(),
  staff: StaffMe.optional(),
  setup: z.object({ secret: z.string(), otpauth_url: z.string() }).optional(),
});
export type StaffLoginAnswer = z.infer<typeof StaffLoginAnswer>;

/** First sign-in: a new password (the one-time one is spent) and a code from the enrolled secret. */
export const StaffSetupForm = z.object({
  setup_token: z.string().min(1).max(200),
  password: StaffPassword,
  code: TotpCode,
});
export type StaffSetupForm = z.input<typeof StaffSetupForm>;

export const StaffSession = z.object({ token: z.string(), staff: StaffMe });
export type StaffSession = z.infer<typeof StaffSession>;

// ---- Staff management (owner) ----

export const StaffMember = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: StaffRole,
  disabled: z.boolean(),
  totp_enabled: z.boolean(),
  must_change_password: z.boolean(),
  created_at: Millis,
  created_by: z.string().nullable(),
  last_login_at: Millis.nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffMemberList = z.object({ list: z.array(StaffMember) });
export type StaffMemberList = z.infer<typeof StaffMemberList>;

export const StaffCreateForm = z.object({ email: Email, role: StaffRole });
export type StaffCreateForm = z.input<typeof StaffCreateForm>;
/** The new member and their one-time password, shown once: hand it over out of band. */
export const StaffCreated = z.object({ staff: StaffMember, one_time_password: z.string() });
export type StaffCreated = z.infer<typeof StaffCreated>;

export const StaffUpdateForm = z.object({
  id: Id,
  role: StaffRole.optional(),
  disabled: Flag.optional(),
});
export type StaffUpdateForm = z.input<typeof StaffUpdateForm>;
export const StaffIdForm = z.object({ id: Id });
export type StaffIdForm = z.input<typeof StaffIdForm>;

// ---- Dashboard ----

export const StaffDashboard = z.object({
  deposits_waiting: z.number().int().min(0),
  withdrawals_waiting: z.number().int().min(0),
  kyc_waiting: z.number().int().min(0),
  approvals_waiting: z.number().int().min(0),
  users_total: z.number().int().min(0),
  users_today: z.number().int().min(0),
});
export type StaffDashboard = z.infer<typeof StaffDashboard>;

// ---- Withdrawals: four eyes and payment ----

/** Marks an approved withdrawal paid, with the bank's or the chain's transaction reference. */
export const AdminPaidForm = z.object({
  id: Id,
  reference: z.string().trim().min(3).max(120),
  /** Who paid, for the automation token only; a staff session names its member. */
  operator: z.string().trim().min(1).max(64).optional(),
});
export type AdminPaidForm = z.input<typeof AdminPaidForm>;

// ---- Users ----

export const StaffUserQuery = z.object({
  /** An email, a phone, a uid or an id; empty lists everyone, newest first. */
  q: z.string().trim().max(100).default(''),
  page: Page,
});
export type StaffUserQuery = z.input<typeof StaffUserQuery>;

export const StaffUserRow = z.object({
  id: z.number().int().positive(),
  uid: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_demo: z.boolean(),
  /** 0 trader, 1 copy account, 2 sample strategy. */
  kind: z.number().int(),
  /** 0 not submitted, 1 waiting, 2 verified. */
  kyc_status: z.number().int(),
  trading_frozen: z.boolean(),
  withdrawals_frozen: z.boolean(),
  credit_score: z.number().int(),
  created_at: Millis,
});
export type StaffUserRow = z.infer<typeof StaffUserRow>;
export const StaffUserPage = pageSchema(StaffUserRow);
export type StaffUserPage = z.infer<typeof StaffUserPage>;

export const StaffUserLogin = z.object({
  at: Millis,
  address: z.string(),
  device: z.string(),
  /** The session is still live. */
  active: z.boolean(),
});

export const StaffUserProfile = z.object({
  user: StaffUserRow,
  balance: Money,
  frozen: Money,
  open_orders: z.number().int().min(0),
  pending_orders: z.number().int().min(0),
  copies: z.array(
    z.object({ id: z.number().int(), strategy: z.string(), status: z.number().int(), funds: Money }),
  ),
  logins: z.array(StaffUserLogin),
  kyc: z.object({ name: z.string(), reason: z.string() }).nullable(),
  /** The strategy the trader publishes (copy trading), with its public picture's address; null: none. */
  strategy: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(['active', 'paused', 'closed']),
      avatar: z.string().nullable(),
    })
    .nullable(),
});
export type StaffUserProfile = z.infer<typeof StaffUserProfile>;

export const StaffUserPageQuery = z.object({ id: Id, page: Page });
export type StaffUserPageQuery = z.input<typeof StaffUserPageQuery>;

export const StaffLedgerItem = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  number: Money,
  lock_number: Money,
  balance: Money,
  lock_balance: Money,
  ref: z.string(),
  created_at: Millis,
});
export const StaffLedgerPage = pageSchema(StaffLedgerItem);
export type StaffLedgerPage = z.infer<typeof StaffLedgerPage>;

export const StaffOrderItem = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  /** 1 buy, 2 sell. */
  side: z.number().int(),
  lots: z.string(),
  /** 0 pending, 1 holding, 3 closed (the spec's order statuses). */
  status: z.number().int(),
  open_price: z.string(),
  close_price: z.string(),
  margin: Money,
  pnl: Money,
  fee: Money,
  created_at: Millis,
  closed_at: Millis.nullable(),
});
export const StaffOrderPage = pageSchema(StaffOrderItem);
export type StaffOrderPage = z.infer<typeof StaffOrderPage>;

export const StaffRestrictForm = z.object({
  id: Id,
  trading_frozen: Flag.optional(),
  withdrawals_frozen: Flag.optional(),
  reason: Reason,
});
export type StaffRestrictForm = z.input<typeof StaffRestrictForm>;
export const StaffCreditForm = z.object({
  id: Id,
  score: wholeNumber(z.number().int().min(0).max(1000)),
  reason: Reason,
});
export type StaffCreditForm = z.input<typeof StaffCreditForm>;
export const StaffUserActionForm = z.object({ id: Id, reason: Reason });
export type StaffUserActionForm = z.input<typeof StaffUserActionForm>;

/** A manual credit (positive) or debit (negative) in USD, up to 6 decimals; needs a second approver. */
export const StaffAdjustForm = z.object({
  id: Id,
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,10}(\.\d{1,6})?$/, 'must be a signed amount with at most 6 decimals'),
  reason: Reason,
});
export type StaffAdjustForm = z.input<typeof StaffAdjustForm>;

// ---- Four-eyes approvals ----

export const ApprovalKind = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKind>;

/** A request that takes effect only when a second member approves: 0 waiting, 1 done, 2 refused. */
export const StaffApproval = z.object({
  id: z.number().int().positive(),
  kind: ApprovalKind,
  user_id: z.number().int().positive(),
  amount: Money.nullable(),
  reason: z.string(),
  status: z.number().int().min(0).max(2),
  requested_by: z.string(),
  requested_at: Millis,
  decided_by: z.string().nullable(),
  decided_at: Millis.nullable(),
  decision_reason: z.string(),
});
export type StaffApproval = z.infer<typeof StaffApproval>;
export const StaffApprovalPage = pageSchema(StaffApproval);
export type StaffApprovalPage = z.infer<typeof StaffApprovalPage>;
export const StaffApprovalQuery = z.object({
  status: wholeNumber(z.number().int().min(0).max(2)).optional(),
  page: Page,
});
export type StaffApprovalQuery = z.input<typeof StaffApprovalQuery>;
export const StaffApprovalDecisionForm = z.object({ id: Id, reason: OptionalReason });
export type StaffApprovalDecisionForm = z.input<typeof StaffApprovalDecisionForm>;

// ---- Dealing desk ----

const LotsText = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, 'must be a number of lots');
const RateText = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, 'must be a decimal number');
const LeverageList = z
  .union([z.array(wholeNumber(z.number())), z.string().trim().max(100)])
  .transform((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',').map(wholeNumberText)) : v))
  .pipe(z.array(z.number().int().min(1).max(1000)).max(12));

export const StaffInstrument = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  show_code: z.string(),
  category_id: z.number().int(),
  enabled: z.boolean(),
  price_precision: z.number().int(),
  /** The dealing desk's minimum spread, '' for none. */
  spread: z.string(),
  /** The feed's typical spread (the simulator's). */
  typical_spread: z.string(),
  min_lots: z.string(),
  lot_step: z.string(),
  max_lots: z.string(),
  contract_size: z.number(),
  fee_rate: z.string(),
  fee_per_lot: z.string(),
  margin_mode: z.number().int(),
  retail_leverage: z.array(z.number().int()),
  pro_leverage: z.array(z.number().int()),
  schedule_id: z.string(),
  /** The live quote on this node. */
  bid: z.string(),
  ask: z.string(),
});
export type StaffInstrument = z.infer<typeof StaffInstrument>;
export const StaffInstrumentList = z.object({ list: z.array(StaffInstrument) });
export type StaffInstrumentList = z.infer<typeof StaffInstrumentList>;

/**
 * Changes one instrument's dealing terms; fields left out keep their value. `spread` is the minimum
 * spread quoted, in price units: a feed quote narrower than it is widened around its mid.
 */
export const StaffInstrumentForm = z.object({
  id: Id,
  enabled: Flag.optional(),
  /** '' removes the minimum (quotes as the feed sends them). */
  spread: z
    .string()
    .trim()
    .regex(/^(\d{1,8}(\.\d{1,8})?)?$/, 'must be a price difference')
    .optional(),
  min_lots: LotsText.optional(),
  lot_step: LotsText.optional(),
  max_lots: LotsText.optional(),
  fee_rate: RateText.optional(),
  fee_per_lot: RateText.optional(),
  margin_mode: wholeNumber(z.number().int().min(1).max(2)).optional(),
  retail_leverage: LeverageList.optional(),
  pro_leverage: LeverageList.optional(),
});
export type StaffInstrumentForm = z.input<typeof StaffInstrumentForm>;

export const StaffSetting = z.object({
  key: z.string(),
  value: z.string(),
  /** How the console edits it: a whole number, a decimal, a choice, a link, an email or text. */
  kind: z.enum(['int', 'decimal', 'choice', 'url', 'email', 'text']),
  choices: z.array(z.string()).optional(),
});
export type StaffSetting = z.infer<typeof StaffSetting>;
export const StaffSettingList = z.object({ list: z.array(StaffSetting) });
export type StaffSettingList = z.infer<typeof StaffSettingList>;
export const StaffSettingForm = z.object({
  key: z.string().trim().min(1).max(64),
  value: z.string().trim().max(500),
});
export type StaffSettingForm = z.input<typeof StaffSettingForm>;

// ---- Risk ----

export const StaffRisk = z.object({
  at: Millis,
  exposure: z.array(
    z.object({
      code: z.string(),
      long_lots: z.string(),
      short_lots: z.string(),
      net_lots: z.string(),
      /** Net exposure in USD at the current mid (long positive). */
      net_usd: Money,
    }),
  ),
  /** Accounts with open positions, lowest margin level first. */
  margin: z.array(
    z.object({
      user_id: z.number().int(),
      uid: z.string(),
      equity: Money,
      margin: Money,
      /** Equity / margin in percent, 2 decimals. */
      level_pct: z.string(),
      near_stop_out: z.boolean(),
    }),
  ),
  /** Open positions with the largest floating P&L by size, losses and gains. */
  floating: z.array(
    z.object({ order_id: z.number().int(), user_id: z.number().int(), code: z.string(), pnl: Money }),
  ),
  today: z.object({ deposits: Money, withdrawals: Money, fees: Money }),
  stop_out_pct: z.string(),
});
export type StaffRisk = z.infer<typeof StaffRisk>;

// ---- Audit ----

export const StaffAuditQuery = z.object({
  staff_id: wholeNumber(z.number().int().positive()).optional(),
  /** An action name or its beginning (`withdrawal.` finds every withdrawal decision). */
  action: z.string().trim().max(64).default(''),
  /** Epoch milliseconds, inclusive. */
  from: wholeNumber(z.number().int().min(0)).optional(),
  to: wholeNumber(z.number().int().min(0)).optional(),
  page: Page,
});
export type StaffAuditQuery = z.input<typeof StaffAuditQuery>;
export const StaffAuditEntry = z.object({
  id: z.number().int().positive(),
  at: Millis,
  staff_id: z.number().int().nullable(),
  /** The member's email, or `automation:<name>` for the automation token. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  /** JSON text of the state before and after, or empty. */
  before: z.string(),
  after: z.string(),
  address: z.string(),
});
export type StaffAuditEntry = z.infer<typeof StaffAuditEntry>;
export const StaffAuditPage = pageSchema(StaffAuditEntry);
export type StaffAuditPage = z.infer<typeof StaffAuditPage>;

export const StaffOk = z.object({ ok: z.literal(true) });
export type StaffOk = z.infer<typeof StaffOk>;

// ---- Content (news, announcements, companies) ----

/** One language of an article; the body is HTML, sanitised by the server on the way in and out. */
export const StaffNewsText = z.object({
  lang: z.string().max(8),
  title: z.string().trim().max(200),
  desc: z.string().trim().max(500),
  content: z.string().max(100_000),
});
export type StaffNewsText = z.infer<typeof StaffNewsText>;

export const StaffNewsRow = z.object({
  id: z.number().int().positive(),
  /** 1 announcement, 2 market news (the spec's categories). */
  category_id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  /** Epoch seconds, as the public news list. */
  created_at: z.number().int(),
  /** Languages that have a title. */
  langs: z.array(z.string()),
});
export const StaffNewsPage = pageSchema(StaffNewsRow);
export type StaffNewsPage = z.infer<typeof StaffNewsPage>;
export const StaffNewsQuery = z.object({ page: Page });
export type StaffNewsQuery = z.input<typeof StaffNewsQuery>;

export const StaffNewsArticle = z.object({
  id: z.number().int().positive(),
  category_id: z.number().int(),
  logo: z.string(),
  published: z.boolean(),
  created_at: z.number().int(),
  texts: z.array(StaffNewsText),
});
export type StaffNewsArticle = z.infer<typeof StaffNewsArticle>;

/**
 * Creates (no `id`) or replaces an article: every language sent replaces that language; English is
 * required (the fallback of every other language). Sent as JSON.
 */
export const StaffNewsForm = z.object({
  id: Id.optional(),
  category_id: wholeNumber(z.number().int().min(1).max(2)),
  published: Flag,
  texts: z.array(StaffNewsText).min(1).max(14),
});
export type StaffNewsForm = z.input<typeof StaffNewsForm>;

/** The body as the app will show it (sanitised), for the editor's preview. */
export const StaffPreviewForm = z.object({ content: z.string().max(100_000) });
export type StaffPreviewForm = z.input<typeof StaffPreviewForm>;
export const StaffPreview = z.object({ html: z.string() });
export type StaffPreview = z.infer<typeof StaffPreview>;

export const StaffCompanyQuery = z.object({ q: z.string().trim().max(100).default(''), page: Page });
export type StaffCompanyQuery = z.input<typeof StaffCompanyQuery>;
export const StaffCompany = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type StaffCompany = z.infer<typeof StaffCompany>;
export const StaffCompanyPage = pageSchema(StaffCompany);
export type StaffCompanyPage = z.infer<typeof StaffCompanyPage>;
/** Creates (no `id`) or replaces a company. */
export const StaffCompanyForm = z.object({
  id: Id.optional(),
  name: z.string().trim().min(1).max(120),
  logo: z.string().trim().max(300).default(''),
  url: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(300)
        .regex(/^https?:\/\//, 'must start with http:// or https://'),
    ])
    .default(''),
  subject: z.string().trim().max(500).default(''),
  registered_address: z.string().trim().max(300).default(''),
  location: z.string().trim().max(120).default(''),
  email: z.string().trim().max(254).default(''),
});
export type StaffCompanyForm = z.input<typeof StaffCompanyForm>;

// ---- Funding options (dealing desk) ----

export const StaffDepositAddress = z.object({
  id: z.number().int().positive(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const StaffDepositBank = z.object({
  id: z.number().int().positive(),
  currency_code: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
/** A withdrawal currency: `type` 1 coin, 2 bank; `fee_type` 1 a fixed USD fee, else a rate of the amount. */
export const StaffDrawCurrency = z.object({
  id: z.number().int().positive(),
  type: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: z.string(),
  fee_type: z.number().int(),
  usd_price: z.string(),
  receive_decimals: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const StaffFundingOptions = z.object({
  deposit_addresses: z.array(StaffDepositAddress),
  deposit_banks: z.array(StaffDepositBank),
  draw_currencies: z.array(StaffDrawCurrency),
});
export type StaffFundingOptions = z.infer<typeof StaffFundingOptions>;

const Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, 'must be 2 to 12 letters or digits');
const Sort = wholeNumber(z.number().int().min(0).max(10_000)).default(0);

/** Creates (no `id`) or changes a receiving address for coin deposits. */
export const StaffDepositAddressForm = z.object({
  id: Id.optional(),
  currency_code: Code,
  protocol_code: Code,
  address: z.string().trim().min(10).max(120),
  enabled: Flag,
  sort: Sort,
});
export type StaffDepositAddressForm = z.input<typeof StaffDepositAddressForm>;
/** Creates (no `id`) or changes a bank account for wire deposits. */
export const StaffDepositBankForm = z.object({
  id: Id.optional(),
  currency_code: Code,
  bank_name: z.string().trim().min(2).max(120),
  bank_address: z.string().trim().max(200).default(''),
  bank_swift: z.string().trim().max(20).default(''),
  payee_name: z.string().trim().min(2).max(120),
  payee_account: z.string().trim().min(4).max(64),
  bank_remark: z.string().trim().max(200).default(''),
  enabled: Flag,
  sort: Sort,
});
export type StaffDepositBankForm = z.input<typeof StaffDepositBankForm>;
/** Changes a withdrawal currency's terms (rates are decimal strings). */
export const StaffDrawCurrencyForm = z.object({
  id: Id,
  draw_rate: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,8})?$/, 'must be a decimal number'),
  fee_type: wholeNumber(z.number().int().min(1).max(2)),
  usd_price: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,8})?$/, 'must be a decimal number'),
  enabled: Flag,
  sort: Sort,
});
export type StaffDrawCurrencyForm = z.input<typeof StaffDrawCurrencyForm>;
