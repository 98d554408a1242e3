/**
 * USD per unit of an instrument's quote currency, from the live price of the catalogue pair linking
 * that currency to USD (EURGBP → GBPUSD; USDJPY → 1 / USDJPY) at its mid, or a fixed peg for a
 * currency with no pair. The route is found once per instrument; the rate reads the live quote.
 *
 * Public API: `Conversion`, `conversionFor(inst, quoteOf)`, `rateToUsd(conversion)`.
 */
import { quoteToUsdRate, TradingDecimal } from '@meridian/trading';
import type { Decimal } from 'decimal.js';
import type { Instrument } from './catalogue.js';

/** Pegged currencies with no pair in the catalogue: USD→currency rates (HKD's peg band is 7.75–7.85). */
const PEGGED_PER_USD: Readonly<Record<string, string>> = { HKD: '7.8' };

/** Something holding a live quote (MarketService's per-instrument slot). */
export interface QuoteHolder {
  readonly quote: { bid: string; ask: string };
}

export type Conversion =
  | { kind: 'usd' }
  | { kind: 'pair'; pair: QuoteHolder; usdIs: 'quote' | 'base' }
  | { kind: 'fixed'; perUsd: string };

export function conversionFor(
  inst: Instrument,
  quoteOf: (code: string) => QuoteHolder | undefined,
): Conversion {
  const ccy = inst.quoteCurrency;
  if (ccy === 'USD') return { kind: 'usd' };
  const quoted = quoteOf(`${ccy}USD`);
  if (quoted) return { kind: 'pair', pair: quoted, usdIs: 'quote' };
  const based = quoteOf(`USD${ccy}`);
  if (based) return { kind: 'pair', pair: based, usdIs: 'base' };
  const perUsd = PEGGED_PER_USD[ccy];
  if (perUsd) return { kind: 'fixed', perUsd };
  throw new Error(`instrument ${inst.code}: no way to convert ${ccy} to USD (add ${ccy}USD or USD${ccy})`);
}

export function rateToUsd(c: Conversion): Decimal {
  switch (c.kind) {
    case 'usd':
      return new TradingDecimal(1);
    case 'fixed':
      return quoteToUsdRate(c.perUsd, 'base');
    case 'pair': {
      const mid = new TradingDecimal(c.pair.quote.bid).plus(c.pair.quote.ask).div(2);
      return quoteToUsdRate(mid, c.usdIs);
    }
  }
}
