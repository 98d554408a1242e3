/** What a paged endpoint answers: the spec's `{ list, total, page }`. */
export interface PageLike {
  list: readonly unknown[];
  total: number;
  page: number;
}

/**
 * The page to ask for next, or undefined when every row has been loaded. Counting rows rather than
 * trusting a short page means a list that grew meanwhile still reaches its end, and an empty page
 * (rows deleted since the count) stops the scrolling instead of asking forever.
 */
export function nextPage(pages: readonly PageLike[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.list.length === 0) return undefined;
  const loaded = pages.reduce((sum, p) => sum + p.list.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}

/** The rows of every loaded page, once each: a row that moved to the next page meanwhile is not doubled. */
export function flattenPages<T extends { id: number }>(pages: readonly { list: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
    }
  }
  return out;
}
