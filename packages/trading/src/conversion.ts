import type { Decimal } from 'decimal.js';
import { D, type DecimalInput } from './decimal.js';
import { quoteToUsdRate } from './instrument.js';

/**
 * How an amount in an instrument's quote currency becomes USD: the one rule the server books with
 * and the app estimates with (EURGBP → GBPUSD, USDJPY → 1 / USDJPY, HKD → its peg).
 */

/** Pegged currencies with no pair in the catalogue: units per USD (HKD's peg band is 7.75–7.85). */
export const PEGGED_PER_USD: Readonly<Record<string, string>> = { HKD: '7.8' };

export type UsdRoute =
  | { kind: 'usd' }
  /** The listed pair linking the currency to USD, and which side of it USD is. */
  | { kind: 'pair'; code: string; usdIs: 'quote' | 'base' }
  | { kind: 'fixed'; perUsd: string };

/**
 * The route from `currency` to USD, given which instrument codes are listed; null when there is
 * none (the server refuses such an instrument at start; the app then shows no estimate).
 */
export function usdRouteFor(currency: string, listed: (code: string) => boolean): UsdRoute | null {
  if (currency === 'USD') return { kind: 'usd' };
  if (listed(`${currency}USD`)) return { kind: 'pair', code: `${currency}USD`, usdIs: 'quote' };
  if (listed(`USD${currency}`)) return { kind: 'pair', code: `USD${currency}`, usdIs: 'base' };
  const perUsd = PEGGED_PER_USD[currency];
  return perUsd ? { kind: 'fixed', perUsd } : null;
}

/** USD per unit of quote currency along a route; a pair converts at its mid. */
export function usdRate(
  route: UsdRoute,
  quoteOf: (code: string) => { bid: DecimalInput; ask: DecimalInput },
): Decimal {
  switch (route.kind) {
    case 'usd':
      return new D(1);
    case 'fixed':
      return quoteToUsdRate(route.perUsd, 'base');
    case 'pair': {
      const q = quoteOf(route.code);
      return quoteToUsdRate(new D(q.bid).plus(q.ask).div(2), route.usdIs);
    }
  }
}
