import type { TradeInstrument } from '@meridian/contract';

/**
 * The trade list in sessionStorage (spec section 7): a reload or a new visit to / within the tab shows
 * the last known quotes at once, while the fresh list loads behind them.
 */
export const TRADE_LIST_CACHE_KEY = 'meridian.trade_list';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CachedTradeList {
  /** Epoch ms of the fetch, so the query knows how stale the cached copy is. */
  savedAt: number;
  list: TradeInstrument[];
}

function sessionStore(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage access throws in some privacy modes; the app then simply has no cache.
    return null;
  }
}

type FieldKind = 'number' | 'string' | 'object' | 'array';

/**
 * Every field of the contract's TradeInstrument and the JSON kind it has. `satisfies` makes a field
 * added to or removed from the contract a compile error here. The check is structural rather than the
 * contract's zod schema: this runs on the home screen, which loads no zod (the list itself came from
 * the server, whose answers the tests check against the schema).
 */
const INSTRUMENT_FIELDS = {
  Id: 'number',
  Code: 'string',
  ShowCode: 'string',
  Logo: 'string',
  CategoryId: 'number',
  MarketStatus: 'number',
  ForexQuotations: 'object',
  PricePrecision: 'number',
  ForexMinCont: 'string',
  ForexMaxCont: 'string',
  ForexContNum: 'number',
  ForexFeeRate: 'string',
  Pip: 'string',
  MarginMode: 'number',
  HasForexMultiple: 'array',
  Bid: 'string',
  Ask: 'string',
  Spread: 'string',
  QuoteCurrency: 'string',
} as const satisfies Record<keyof TradeInstrument, FieldKind>;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

function isInstrument(value: unknown): value is TradeInstrument {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(INSTRUMENT_FIELDS)) {
    if (kindOf(record[field]) !== kind) return false;
  }
  const quote = record.ForexQuotations as Record<string, unknown>;
  return ['Open', 'Close', 'Change'].every((k) => typeof quote[k] === 'string');
}

/** The cached list, or null when there is none or it no longer fits the contract (an older build wrote it). */
export function readTradeListCache(storage: StorageLike | null = sessionStore()): CachedTradeList | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(TRADE_LIST_CACHE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { savedAt?: unknown; list?: unknown };
    const list = parsed.list;
    if (typeof parsed.savedAt !== 'number' || !Array.isArray(list) || !list.every(isInstrument)) {
      throw new Error('stale cache shape');
    }
    return { savedAt: parsed.savedAt, list };
  } catch {
    storage.removeItem(TRADE_LIST_CACHE_KEY);
    return null;
  }
}

export function writeTradeListCache(
  list: readonly TradeInstrument[],
  savedAt: number = Date.now(),
  storage: StorageLike | null = sessionStore(),
): void {
  if (!storage) return;
  try {
    storage.setItem(TRADE_LIST_CACHE_KEY, JSON.stringify({ savedAt, list }));
  } catch {
    // A full storage quota only costs the next visit its instant first paint.
  }
}
