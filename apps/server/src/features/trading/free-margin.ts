/**
 * The estimate behind a new order's free-margin check (TradingService.requireFreeMargin): the open
 * P&L of an account's holdings from their sums per instrument and side, in doubles. Never money: a
 * decision taken on it allows for its error, and anything near the line is decided exactly.
 *
 * The sums come from the database (orders.repository.ts, selectHoldingExposure) or, for an account
 * whose last change was this node's previous placement for it, from this node's memory: an entry
 * is kept at the account's version (accounts.version, bumped by every statement that changes the
 * row: each posting, each move of its order counts), and every change of the holdings (an open, a
 * fill, a close, on any node) changes the row. A placement bumps it by exactly one, so the entry at
 * the version before it holds the account's other holdings whenever it is there. bench:orders's
 * traders hold hundreds of positions each: summing them on every order cost it a quarter of its
 * throughput; with the entries, nothing is read.
 */
import type { Instrument, MarketQuote } from '../markets/index.js';
import type { HoldingExposure } from './orders.repository.js';

/** What the estimate reads of Pricing: instruments, quotes and USD rates. */
export interface PricingView<I extends Pick<Instrument, 'contractSize'> = Instrument> {
  instrument(id: number): I;
  quote(inst: I): Pick<MarketQuote, 'bid' | 'ask'>;
  readonly markets: { quoteToUsd(inst: I): { toNumber(): number } };
}

export type Exposure = ReadonlyMap<number, HoldingExposure>;

const keyOf = (instrumentId: number, side: 'buy' | 'sell') => instrumentId * 2 + (side === 'buy' ? 0 : 1);

export function toExposure(rows: readonly HoldingExposure[]): Exposure {
  return new Map(rows.map((g) => [keyOf(g.instrumentId, g.side), g]));
}

/** `exposure` with one more holding (lots at open price). */
export function withHolding(
  exposure: Exposure,
  h: { instrumentId: number; side: 'buy' | 'sell'; lots: string; openPrice: string },
): Exposure {
  const next = new Map(exposure);
  const key = keyOf(h.instrumentId, h.side);
  const lots = Number(h.lots);
  const g = next.get(key);
  next.set(key, {
    instrumentId: h.instrumentId,
    side: h.side,
    lots: (g?.lots ?? 0) + lots,
    lotsTimesOpen: (g?.lotsTimesOpen ?? 0) + lots * Number(h.openPrice),
  });
  return next;
}

/**
 * The open P&L of `exposure` at current quotes, USD, and the size of the amounts summed (the bound
 * on a double's error is a tiny fraction of it).
 */
function estimatePnl<I extends Pick<Instrument, 'contractSize'>>(
  exposure: Exposure,
  pricing: PricingView<I>,
): { pnl: number; amounts: number } {
  let pnl = 0;
  let amounts = 0;
  for (const g of exposure.values()) {
    if (g.lots === 0) continue;
    const inst = pricing.instrument(g.instrumentId);
    const quote = pricing.quote(inst);
    const rate = pricing.markets.quoteToUsd(inst).toNumber();
    const atClose = g.lots * inst.contractSize * Number(g.side === 'buy' ? quote.bid : quote.ask);
    const atOpen = g.lotsTimesOpen * inst.contractSize;
    pnl += (g.side === 'buy' ? atClose - atOpen : atOpen - atClose) * rate;
    amounts += (Math.abs(atClose) + Math.abs(atOpen)) * rate;
  }
  return { pnl, amounts };
}

/**
 * True when the estimate shows `freeMicros` covering the holdings' open loss by more than the
 * estimate's possible error: the exact rule (free balance ≥ the loss, each position priced in
 * decimals and rounded to the micro-unit) surely holds. Doubles err by far less than 1e-9 of the
 * amounts summed; a cent covers the exact figures' rounding of each position. free-margin.test.ts
 * checks it over random books near the line.
 */
export function clearlyCovered<I extends Pick<Instrument, 'contractSize'>>(
  freeMicros: number,
  exposure: Exposure,
  pricing: PricingView<I>,
): boolean {
  if (exposure.size === 0) return true;
  const { pnl, amounts } = estimatePnl(exposure, pricing);
  return freeMicros / 1e6 - Math.max(0, -pnl) > amounts * 1e-9 + 0.01;
}

/** Accounts kept; past it the oldest entry goes (an entry is a few small objects). */
const CAPACITY = 10_000;

/** Holdings' sums by account, each valid at the account version it was made at. */
export class ExposureCache {
  private readonly entries = new Map<number, { version: number; exposure: Exposure }>();

  /** The entry made at the account's `version`, if there is one. */
  get(userId: number, version: number): Exposure | undefined {
    const entry = this.entries.get(userId);
    return entry?.version === version ? entry.exposure : undefined;
  }

  /** Call after the commit that left the account at `version`. A newer entry stays. */
  set(userId: number, version: number, exposure: Exposure): void {
    const entry = this.entries.get(userId);
    if (entry && entry.version > version) return;
    this.entries.delete(userId);
    this.entries.set(userId, { version, exposure });
    if (this.entries.size > CAPACITY) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
