import type { DayMarketEntry, TradeInstrument } from '@meridian/contract';
import { parseDecimal, subtract, toFixedHalfUp } from '../../lib/decimal-text';

/** Exact, and without decimal.js: this runs on the home screen, which loads no trading math. */
function spreadOf(bid: string, ask: string, precision: number): string {
  const a = parseDecimal(ask);
  const b = parseDecimal(bid);
  return a && b ? toFixedHalfUp(subtract(a, b), precision) : '0';
}

function sameQuote(item: TradeInstrument, entry: DayMarketEntry): boolean {
  const q = item.ForexQuotations;
  return (
    item.Bid === entry.Bid &&
    item.Ask === entry.Ask &&
    item.MarketStatus === entry.MarketStatus &&
    q.Close === entry.Close &&
    q.Open === entry.Open &&
    q.Change === entry.Change
  );
}

/**
 * Applies a DAY_MARKET push to the cached trade list. Instruments the push does not mention, or whose
 * quote did not change, keep their object identity, so only the rows that moved re-render; a push that
 * changes nothing returns the very same list.
 */
export function mergeDayMarket(
  list: readonly TradeInstrument[],
  entries: readonly DayMarketEntry[],
): readonly TradeInstrument[] {
  if (entries.length === 0) return list;
  const byId = new Map<number, DayMarketEntry>();
  for (const entry of entries) byId.set(entry.Id, entry);
  let changed = false;
  const next = list.map((item) => {
    const entry = byId.get(item.Id);
    if (!entry || sameQuote(item, entry)) return item;
    changed = true;
    return {
      ...item,
      Bid: entry.Bid,
      Ask: entry.Ask,
      Spread: spreadOf(entry.Bid, entry.Ask, item.PricePrecision),
      MarketStatus: entry.MarketStatus,
      ForexQuotations: { Open: entry.Open, Close: entry.Close, Change: entry.Change },
    };
  });
  return changed ? next : list;
}
