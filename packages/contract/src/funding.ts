import { z } from 'zod';
import { StepUpFields } from './identity.js';
import { Money, pageSchema } from './money.js';
import { wholeNumber } from './whole-number.js';

/**
 * Funding and identity verification: uploads, real-name review, deposits, withdrawals, payout
 * methods and the operator's decisions. Amounts the trader types are decimal strings of USD (up
 * to 6 decimals); amounts the server answers with are Money strings (exactly 6 decimals).
 */

/** Upload size limit; larger files are refused with image_too_large. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_MB = 5;

/**
 * POST /api/common/image_upload (multipart, field `file`). `key` names the picture for later
 * calls (front_pic, proofImg); `url` shows it in an <img>: a signed link, valid for `expires_at`.
 * Calls that take a picture accept the key or the url.
 */
export const UploadResult = z.object({ key: z.string(), url: z.string(), expires_at: z.number().int() });
export type UploadResult = z.infer<typeof UploadResult>;

/** A stored picture's key as it appears in a picture path (`/api/common/image/:key`). */
export const PictureKey = z.object({ key: z.string().max(64) });
export type PictureKey = z.input<typeof PictureKey>;
/**
 * GET /api/common/image/:key: the owner's picture. The signed url from the upload carries `exp` and
 * `sig`; without a valid signature the owner's session (authorization header) is needed instead.
 */
export const PictureQuery = PictureKey.extend({
  exp: z.string().max(20).optional(),
  sig: z.string().max(64).optional(),
});
export type PictureQuery = z.input<typeof PictureQuery>;
/** A picture's raw bytes (answered as image/jpeg, png or webp, not in the envelope). */
export const PictureBytes = z.unknown();

/** A trader-typed amount in USD: digits, at most 6 decimals, above zero (checked by the server). */
export const AmountInput = z.string().trim().max(20);

// ---- Real-name verification ----

/** review_status: 0 not submitted (or refused: send again), 1 waiting, 2 verified. */
export const REVIEW_NONE = 0;
export const REVIEW_WAITING = 1;
export const REVIEW_DONE = 2;

export const RealNameForm = z.object({
  name: z.string().trim().max(100).default(''),
  card_id: z.string().trim().max(40).default(''),
  front_pic: z.string().trim().max(500).default(''),
  reverse_pic: z.string().trim().max(500).default(''),
});
export type RealNameForm = z.infer<typeof RealNameForm>;

/** GET /api/user_real/center. `reject_reason` is set when the last submission was refused. */
export const AuthCenter = z.object({
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  name: z.string(),
  card_id: z.string(),
  reject_reason: z.string(),
});
export type AuthCenter = z.infer<typeof AuthCenter>;

// ---- Deposits ----

export {
  CHARGE_FINISHED,
  CHARGE_INVALID,
  CHARGE_REJECTED,
  CHARGE_TYPE_BANK,
  CHARGE_TYPE_COIN,
  CHARGE_UNCHECKED,
} from './backoffice-constants.js';

export const ChargeSymbol = z.object({ currency_code: z.string(), protocols: z.array(z.string()) });
export type ChargeSymbol = z.infer<typeof ChargeSymbol>;
export const ChargeSymbolList = z.array(ChargeSymbol);

export const ChargeAddress = z.object({
  id: z.number().int().positive(),
  address: z.string(),
  currency_code: z.string(),
  protocol_code: z.string(),
});
export type ChargeAddress = z.infer<typeof ChargeAddress>;
export const ChargeAddressList = z.array(ChargeAddress);
export const ChargeInfoQuery = z.object({ currency_code: z.string().trim().max(16).optional() });

export const BankOption = z.object({
  id: z.number().int().positive(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  currency_code: z.string(),
});
export type BankOption = z.infer<typeof BankOption>;
export const BankOptionList = z.array(BankOption);
export const WireInfoQuery = z.object({ bank_coin: z.string().trim().max(16).optional() });

export const ChargeSubmitQuery = z.object({
  number: AmountInput.default(''),
  proofImg: z.string().trim().max(500).default(''),
  address: z.string().trim().max(200).optional(),
  charge_id: wholeNumber(z.number().int().positive()),
});
export type ChargeSubmitQuery = z.infer<typeof ChargeSubmitQuery>;

export const WireSubmitQuery = z.object({
  number: AmountInput.default(''),
  proofImg: z.string().trim().max(500).default(''),
  wire_id: wholeNumber(z.number().int().positive()),
});
export type WireSubmitQuery = z.infer<typeof WireSubmitQuery>;

export const ChargeRecord = z.object({
  id: z.number().int().positive(),
  number: Money,
  type: z.union([z.literal(0), z.literal(1)]),
  currency_code: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
  remark: z.string(),
});
export type ChargeRecord = z.infer<typeof ChargeRecord>;
export const ChargeRecordPage = pageSchema(ChargeRecord);
export type ChargeRecordPage = z.infer<typeof ChargeRecordPage>;
/** type 0 coin, 1 bank; absent = both. */
export const ChargeListQuery = z.object({
  type: wholeNumber(z.number().int().min(0).max(1)).optional(),
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});

// ---- Withdrawals ----

/** draw type: 1 coin address, 2 bank account. */
export const DRAW_TYPE_COIN = 1;
export const DRAW_TYPE_BANK = 2;
export const DrawType = wholeNumber(z.union([z.literal(1), z.literal(2)]));

export const DrawCurrency = z.object({
  id: z.number().int().positive(),
  type: z.union([z.literal(1), z.literal(2)]),
  code: z.string(),
  protocol: z.string(),
  /** Decimal string: a fixed USD fee (fee_type 1) or a fraction of the amount (0.01 = 1 %). */
  draw_rate: z.string(),
  fee_type: z.number().int(),
  /** Decimal string: units of `code` paid per USD. */
  usd_price: z.string(),
  /** Decimals the amount received is paid (and shown) with, rounded down: 2 fiat, 8 BTC, 6 USDT. */
  receive_decimals: z.number().int().min(0).max(18),
});
export type DrawCurrency = z.infer<typeof DrawCurrency>;
export const DrawCurrencyList = z.array(DrawCurrency);
export const DrawSymbolQuery = z.object({ type: DrawType.default(1) });

export const DrawMethod = z.object({
  id: z.number().int().positive(),
  type: z.union([z.literal(1), z.literal(2)]),
  draw_id: z.number().int().positive(),
  dc_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  draw_currency: z.object({ code: z.string(), protocol: z.string() }),
});
export type DrawMethod = z.infer<typeof DrawMethod>;
export const DrawMethodList = z.array(DrawMethod);
export const DrawMethodQuery = z.object({
  draw_type: DrawType.optional(),
  draw_id: wholeNumber(z.number().int().positive()).optional(),
});

export const BindDrawMethodForm = z.object({
  type: DrawType,
  draw_id: wholeNumber(z.number().int().positive()),
  dc_address: z.string().trim().max(120).default(''),
  bank_name: z.string().trim().max(120).default(''),
  bank_address: z.string().trim().max(200).default(''),
  bank_swift: z.string().trim().max(20).default(''),
  payee_name: z.string().trim().max(120).default(''),
  payee_account: z.string().trim().max(64).default(''),
  /** The authenticator code when two-factor authentication is on, else the login password. */
  ...StepUpFields,
});
export type BindDrawMethodForm = z.infer<typeof BindDrawMethodForm>;
export const DeleteDrawMethodForm = z.object({ id: wholeNumber(z.number().int().positive()) });

export const DrawForm = z.object({
  draw_currency_id: wholeNumber(z.number().int().positive()),
  number: AmountInput.default(''),
  memo: z.string().trim().max(200).default(''),
  draw_method_id: wholeNumber(z.number().int().positive()),
  /** The authenticator code when two-factor authentication is on, else the login password. */
  ...StepUpFields,
});
export type DrawForm = z.infer<typeof DrawForm>;

export { DRAW_PAID, DRAW_PROCESSING, DRAW_REJECTED } from './backoffice-constants.js';

export const DrawRecord = z.object({
  id: z.number().int().positive(),
  /** The amount taken from the balance, USD. */
  number: Money,
  /** What the trader receives in `draw_currency.code`, at that currency's `receive_decimals`, rounded down. */
  real_number: z.string(),
  fee: Money,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  status_name: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  remark: z.string(),
  draw_currency: z.object({ code: z.string(), protocol: z.string() }),
});
export type DrawRecord = z.infer<typeof DrawRecord>;
export const DrawRecordPage = pageSchema(DrawRecord);
export type DrawRecordPage = z.infer<typeof DrawRecordPage>;
export const DrawListQuery = z.object({
  type: DrawType.optional(),
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});

// ---- Operator (admin API) ----

/** The header that carries ADMIN_TOKEN; a trader's `authorization` never opens the admin API. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export const AdminDecisionForm = z.object({
  id: wholeNumber(z.number().int().positive()),
  /**
   * Who decided, for the automation token only (recorded as `automation:<operator>`); a staff
   * session records its member and ignores this.
   */
  operator: z.string().trim().min(1).max(64).optional(),
  /** Why a record was refused; shown to the trader. */
  reason: z.string().trim().max(200).default(''),
});
export type AdminDecisionForm = z.infer<typeof AdminDecisionForm>;
export const AdminListQuery = z.object({
  status: wholeNumber(z.number().int().min(0).max(3)).optional(),
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});

/** Decisions: when and by whom; null while the record waits. */
const decision = {
  /** Epoch milliseconds. */
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  decided_by: z.string().nullable(),
};

/**
 * A deposit as the operator reviews it (GET /api/admin/deposits and the decisions). `type` 0 coin,
 * 1 bank; `status` as ChargeRecord's; `proof_pic` is the picture on the admin API (x-admin-token).
 */
export const AdminDeposit = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  type: z.number().int().min(0).max(1),
  option_id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  number: Money,
  proof_pic: z.string(),
  status: z.number().int().min(0).max(3),
  remark: z.string(),
  ...decision,
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;
export const AdminDepositPage = pageSchema(AdminDeposit);
export type AdminDepositPage = z.infer<typeof AdminDepositPage>;

/** A withdrawal as the operator reviews it; `status` as DrawRecord's, `real_number` in `currency_code`. */
export const AdminWithdrawal = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  type: z.number().int().min(1).max(2),
  draw_currency_id: z.number().int(),
  method_id: z.number().int(),
  currency_code: z.string(),
  protocol: z.string(),
  address: z.string(),
  payee_account: z.string(),
  number: Money,
  fee: Money,
  real_number: z.string(),
  memo: z.string(),
  status: z.number().int().min(0).max(2),
  remark: z.string(),
  ...decision,
  /** Who approved it so far (four eyes: above the threshold two different members must). */
  approved_by: z.array(z.string()),
  /** Approvals it needs before it may be paid: 1, or 2 above `withdraw_four_eyes_usd`. */
  approvals_needed: z.number().int().min(1),
  /** The payment's transaction reference, once paid. */
  paid_reference: z.string(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;
export const AdminWithdrawalPage = pageSchema(AdminWithdrawal);
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPage>;

/**
 * A real-name submission as the operator reviews it: the full ID number and both pictures on the
 * admin API. `status` 1 waiting, 2 approved, 3 rejected (`reason` says why).
 */
export const AdminKyc = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  status: z.number().int().min(1).max(3),
  reason: z.string(),
  ...decision,
});
export type AdminKyc = z.infer<typeof AdminKyc>;
export const AdminKycPage = pageSchema(AdminKyc);
export type AdminKycPage = z.infer<typeof AdminKycPage>;
