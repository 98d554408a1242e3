import { z } from 'zod';
import { wholeNumber } from './whole-number.js';

/**
 * Money on the wire: a USD amount as a decimal string with exactly 6 decimals, the exact value of
 * the integer micro-units the server books ("100000.000000", "-12.345678"). Clients round for
 * display (balance 2 decimals, margin and fees 6); nothing is ever sent as a float.
 */
export const Money = z.string().regex(/^-?\d{1,13}\.\d{6}$/, 'must be an amount with 6 decimals');
export type Money = z.infer<typeof Money>;

/** A page of records: `list` plus the total count across all pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1) });
}

/**
 * GET /v1/api/main/accountLog/forexChange?page=N: the ledger of the logged-in user, newest first.
 * `number` is the change of the free balance, `lock_number` of the frozen balance; `balance` and
 * `lock_balance` are the amounts after it; `memo` is translated into the request's language.
 */
export const LedgerItem = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  number: Money,
  lock_number: Money,
  balance: Money,
  lock_balance: Money,
  memo: z.string(),
  /** Epoch milliseconds. */
  created_at: z.number().int(),
});
export type LedgerItem = z.infer<typeof LedgerItem>;
export const LedgerPage = pageSchema(LedgerItem);
export type LedgerPage = z.infer<typeof LedgerPage>;
export const LedgerQuery = z.object({ page: wholeNumber(z.number().int().min(1).max(100_000)).default(1) });
export type LedgerQuery = z.infer<typeof LedgerQuery>;
