import { z } from 'zod';

/** Decimal digits only, at most 16 (every id, page and count the API takes is far below that). */
const DIGITS = /^\d{1,16}$/;

/**
 * A whole number as a query string or a form carries it: decimal digits and nothing else (a number,
 * from a caller inside the server, as it is), then checked by `schema`. `z.coerce.number()`, which
 * the contract used before, took anything JavaScript's Number() reads: `0x10` as 16, `1e3` as 1000,
 * ` 7 ` and `7.0` as 7; an id spelled so was then used as the number it spells.
 */
export function wholeNumber<S extends z.ZodType<unknown, number>>(schema: S) {
  return z
    .union([
      z.number(),
      z.string().regex(DIGITS, 'Expected a whole number in decimal digits').transform(Number),
    ])
    .pipe(schema);
}

/** `text` as a whole number when it is decimal digits (spaces around them aside), else NaN, which no number schema takes. */
export function wholeNumberText(text: string): number {
  const trimmed = text.trim();
  return DIGITS.test(trimmed) ? Number(trimmed) : Number.NaN;
}
