/**
 * USD per unit of an instrument's quote currency, by the one rule in packages/trading (`usdRouteFor`,
 * `usdRate`), which the app's estimates use too. The route is found once per instrument; the rate
 * reads the live quote of the linking pair.
 *
 * Public API: `Conversion`, `conversionFor(inst, quoteOf)`, `rateToUsd(conversion)`.
 */
import { usdRate, usdRouteFor } from '@meridian/trading';
import type { Decimal } from 'decimal.js';
import type { Instrument } from './catalogue.js';

/** Something holding a live quote (the market book's per-instrument slot). */
export interface QuoteHolder {
  readonly quote: { bid: string; ask: string };
}

export interface Conversion {
  readonly route: NonNullable<ReturnType<typeof usdRouteFor>>;
  /** The linking pair's live slot, when the route goes through one. */
  readonly pair: QuoteHolder | undefined;
}

export function conversionFor(
  inst: Instrument,
  quoteOf: (code: string) => QuoteHolder | undefined,
): Conversion {
  const route = usdRouteFor(inst.quoteCurrency, (code) => quoteOf(code) !== undefined);
  if (!route) {
    const ccy = inst.quoteCurrency;
    throw new Error(`instrument ${inst.code}: no way to convert ${ccy} to USD (add ${ccy}USD or USD${ccy})`);
  }
  return { route, pair: route.kind === 'pair' ? quoteOf(route.code) : undefined };
}

export function rateToUsd(c: Conversion): Decimal {
  return usdRate(c.route, () => {
    if (!c.pair) throw new Error('a pair route without its pair');
    return c.pair.quote;
  });
}
