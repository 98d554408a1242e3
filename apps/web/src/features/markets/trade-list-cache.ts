import { type TradeInstrument, TradeList } from '@meridian/contract';

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
    const list = TradeList.safeParse(parsed.list);
    if (typeof parsed.savedAt !== 'number' || !list.success) throw new Error('stale cache shape');
    return { savedAt: parsed.savedAt, list: list.data };
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
