import { z } from 'zod';
import { wholeNumber } from './whole-number.js';

/** Every REST response body (spec section 8): code 1 is success, anything else is a failure. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** Field-level details that accompany `validation_failed`. */
export const ValidationIssue = z.object({ field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** A page request: `page` is 1-based, bounded so that nobody asks for page 10^12. */
export const PageQuery = z.object({
  page: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
});

/** `data` of a `validation_failed` envelope: one entry per offending field. */
export const ValidationFailedData = z.array(ValidationIssue);
