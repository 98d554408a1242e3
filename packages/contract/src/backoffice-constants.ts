// Plain constants of the back office and of funding records, kept apart from the zod schemas
// (backoffice.ts, funding.ts) so the console's first screen, which reads them, loads no zod.

/** Who may do what. `owner` may do everything; the others are listed on each call. */
export const STAFF_ROLES = ['owner', 'finance', 'compliance', 'dealing', 'support', 'content'] as const;

/** The header of a staff session token. */
export const STAFF_TOKEN_HEADER = 'x-staff-token';

/** Minutes without a call after which a staff session ends (the console logs out). */
export const STAFF_IDLE_MINUTES_DEFAULT = 30;

/** Four-eyes requests other than withdrawals. */
export const APPROVAL_KINDS = ['adjustment', 'two_factor_reset'] as const;

/** Charge record status: 0 under review, 1 credited, 2 rejected (remark says why), 3 invalid. */
export const CHARGE_UNCHECKED = 0;
export const CHARGE_FINISHED = 1;
export const CHARGE_REJECTED = 2;
export const CHARGE_INVALID = 3;
/** Charge record type: 0 coin, 1 bank wire. */
export const CHARGE_TYPE_COIN = 0;
export const CHARGE_TYPE_BANK = 1;

/** Withdrawal status: 0 processing (amount frozen), 1 paid out, 2 rejected (amount returned). */
export const DRAW_PROCESSING = 0;
export const DRAW_PAID = 1;
export const DRAW_REJECTED = 2;
