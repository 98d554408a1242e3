import { z } from 'zod';

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
