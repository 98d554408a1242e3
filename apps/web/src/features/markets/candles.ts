import type { Candle } from '@meridian/contract';

/**
 * Folds a live candle into a list (oldest first): the forming candle replaces the last one with the
 * same time, a newer one is appended, and one older than the newest is written in place if present.
 * Returns the same list when nothing changes.
 */
export function mergeCandle(list: readonly Candle[], candle: Candle): readonly Candle[] {
  const last = list.at(-1);
  if (!last || candle.Time > last.Time) return [...list, candle];
  if (candle.Time === last.Time) {
    if (sameCandle(last, candle)) return list;
    return [...list.slice(0, -1), candle];
  }
  const index = list.findIndex((c) => c.Time === candle.Time);
  if (index < 0 || sameCandle(list[index] as Candle, candle)) return list;
  const next = [...list];
  next[index] = candle;
  return next;
}

function sameCandle(a: Candle, b: Candle): boolean {
  return (
    a.Open === b.Open && a.High === b.High && a.Low === b.Low && a.Close === b.Close && a.Volume === b.Volume
  );
}

/**
 * Pages of history as one strictly time-ordered list (oldest first). The pages come newest first,
 * each oldest first inside, as the chart's query loads them. Should two pages overlap at their
 * edges, a time is kept once, the newer page winning.
 */
export function joinCandlePages(pages: readonly (readonly Candle[])[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (let i = pages.length - 1; i >= 0; i--)
    for (const candle of pages[i] ?? []) byTime.set(candle.Time, candle);
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

/**
 * Where the next page back starts: the oldest candle seen. No further page when the last one was
 * empty or reached no further back than the one before (the server's history is exhausted).
 */
export function olderPageParam(
  lastPage: readonly Candle[],
  _pages: unknown,
  lastPageParam: number | undefined,
): number | undefined {
  const oldest = lastPage[0]?.Time;
  if (oldest === undefined) return undefined;
  if (lastPageParam !== undefined && oldest >= lastPageParam) return undefined;
  return oldest;
}

/** Closes from the abbreviated payload, accepting candles or bare prices. */
export function sparklineValues(data: unknown): number[] {
  if (!Array.isArray(data)) return [];
  const values: number[] = [];
  for (const item of data) {
    const raw = typeof item === 'object' && item !== null ? (item as { Close?: unknown }).Close : item;
    // Only for drawing: a float is exact enough for a 24-pixel-high line.
    const value = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : Number.NaN;
    if (Number.isFinite(value)) values.push(value);
  }
  return values;
}
