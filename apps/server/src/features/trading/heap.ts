/** One trigger level: fires when the watched price reaches `key` (a price scaled to an integer). */
export interface HeapEntry {
  key: number;
  /** The order id, or the user id for risk entries. */
  ref: number;
  /** The order's version (or the user's threshold epoch) when the entry was made: stale ones are skipped. */
  ver: number;
}

/**
 * A binary min-heap on `key`; a max-heap stores negated keys (see TriggerHeap). Entries are never
 * removed from the middle: a changed or closed order leaves a stale entry that is dropped when it
 * reaches the top (lazy deletion), so every update is O(log n) and a quiet tick is one peek.
 */
export class MinHeap {
  private readonly items: HeapEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): HeapEntry | undefined {
    return this.items[0];
  }

  push(entry: HeapEntry): void {
    const a = this.items;
    a.push(entry);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = a[parent] as HeapEntry;
      if (p.key <= entry.key) break;
      a[i] = p;
      i = parent;
    }
    a[i] = entry;
  }

  pop(): HeapEntry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    const n = a.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && (a[r] as HeapEntry).key < (a[l] as HeapEntry).key ? r : l;
      const child = a[c] as HeapEntry;
      if (child.key >= last.key) break;
      a[i] = child;
      i = c;
    }
    a[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}

/**
 * 'gte': fires when price ≥ key (the lowest key fires first: a min-heap).
 * 'lte': fires when price ≤ key (the highest key fires first: a max-heap on negated keys).
 */
export class TriggerHeap {
  private readonly heap = new MinHeap();

  constructor(readonly fires: 'gte' | 'lte') {}

  get size(): number {
    return this.heap.size;
  }

  push(key: number, ref: number, ver: number): void {
    this.heap.push({ key: this.fires === 'gte' ? key : -key, ref, ver });
  }

  /** The top entry if it fires at `price` (stale or not: the caller checks), without removing it. */
  firing(price: number): HeapEntry | undefined {
    const top = this.heap.peek();
    if (!top) return undefined;
    const fires = this.fires === 'gte' ? price >= top.key : price <= -top.key;
    return fires ? top : undefined;
  }

  pop(): HeapEntry | undefined {
    return this.heap.pop();
  }

  clear(): void {
    this.heap.clear();
  }
}
