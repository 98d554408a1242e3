import type { TradeInstrument } from '@meridian/contract';
import { filterByCategory } from '../markets/category-filter';

/** Case, spaces and separators do not matter: "eur/usd", "EUR USD" and "eurusd" find the same pair. */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[\s/._-]+/g, '');
}

/** True when the query is part of the instrument's code or its name (ShowCode: "EUR/USD", "Gold"). */
export function matchesInstrument(inst: Pick<TradeInstrument, 'Code' | 'ShowCode'>, query: string): boolean {
  const key = searchKey(query);
  if (key === '') return true;
  return searchKey(inst.Code).includes(key) || searchKey(inst.ShowCode).includes(key);
}

export interface ListView {
  category: number | null;
  query: string;
  /** Codes the trader starred, in any order. */
  favourites: ReadonlySet<string>;
}

/**
 * The rows the home list shows: the chosen category, narrowed by the search, favourites first; each
 * group keeps the server's order, so starring a row moves only that row.
 */
export function arrangeInstruments<T extends Pick<TradeInstrument, 'Code' | 'ShowCode' | 'CategoryId'>>(
  list: readonly T[],
  view: ListView,
): T[] {
  const shown = filterByCategory(list, view.category).filter((inst) => matchesInstrument(inst, view.query));
  const starred = shown.filter((inst) => view.favourites.has(inst.Code));
  const rest = shown.filter((inst) => !view.favourites.has(inst.Code));
  return [...starred, ...rest];
}
