import type { FillDirection, Side } from '@meridian/trading';
import { TriggerHeap } from './heap.js';

/** An open order as the index needs it; prices are scaled integers at the instrument's precision. */
export interface IndexedOrder {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  /** 0 pending, 1 holding. */
  status: 0 | 1;
  version: number;
  tpKey: number | null;
  slKey: number | null;
  targetKey: number | null;
  fillDirection: FillDirection | null;
}

export type FireKind = 'tp' | 'sl' | 'fill' | 'risk' | 'band';

export interface Fire {
  kind: FireKind;
  /** Order id (tp, sl, fill) or user id (risk, band). */
  ref: number;
  instrumentId: number;
}

/** A stop-out or re-pricing level of one user on one instrument (see risk.ts). */
export interface UserLevel {
  instrumentId: number;
  /** riskLong: bid ≤ key; riskShort: ask ≥ key; bandLow: mid ≤ key; bandHigh: mid ≥ key. */
  index: 'riskLong' | 'riskShort' | 'bandLow' | 'bandHigh';
  key: number;
}

type Watch = 'bid' | 'ask' | 'mid';

interface Index {
  heap: TriggerHeap;
  watch: Watch;
  kind: FireKind;
}

class InstrumentIndexes {
  // Holding orders: buys close at the bid, sells at the ask.
  readonly buyTp: Index = { heap: new TriggerHeap('gte'), watch: 'bid', kind: 'tp' };
  readonly buySl: Index = { heap: new TriggerHeap('lte'), watch: 'bid', kind: 'sl' };
  readonly sellTp: Index = { heap: new TriggerHeap('lte'), watch: 'ask', kind: 'tp' };
  readonly sellSl: Index = { heap: new TriggerHeap('gte'), watch: 'ask', kind: 'sl' };
  // Pending orders: buys open at the ask, sells at the bid; the direction was fixed at placement.
  readonly buyBelow: Index = { heap: new TriggerHeap('lte'), watch: 'ask', kind: 'fill' };
  readonly buyAbove: Index = { heap: new TriggerHeap('gte'), watch: 'ask', kind: 'fill' };
  readonly sellBelow: Index = { heap: new TriggerHeap('lte'), watch: 'bid', kind: 'fill' };
  readonly sellAbove: Index = { heap: new TriggerHeap('gte'), watch: 'bid', kind: 'fill' };
  // Users: the price at which they could reach the stop-out level, and re-pricing bands.
  readonly riskLong: Index = { heap: new TriggerHeap('lte'), watch: 'bid', kind: 'risk' };
  readonly riskShort: Index = { heap: new TriggerHeap('gte'), watch: 'ask', kind: 'risk' };
  readonly bandLow: Index = { heap: new TriggerHeap('lte'), watch: 'mid', kind: 'band' };
  readonly bandHigh: Index = { heap: new TriggerHeap('gte'), watch: 'mid', kind: 'band' };
  readonly all: readonly Index[] = [
    this.buyTp,
    this.buySl,
    this.sellTp,
    this.sellSl,
    this.buyBelow,
    this.buyAbove,
    this.sellBelow,
    this.sellAbove,
    this.riskLong,
    this.riskShort,
    this.bandLow,
    this.bandHigh,
  ];
  /** Live orders on this instrument, to know when stale entries are worth compacting away. */
  orders = 0;
  entries = 0;
}

interface OrderState {
  order: IndexedOrder;
  /** A trigger fired and its job is running: do not fire it again. */
  busy: boolean;
}

interface UserState {
  epoch: number;
  busy: boolean;
}

/**
 * The trigger indexes of every instrument: twelve heaps each, so a tick that triggers nothing costs
 * one peek per heap whatever the number of open orders. Pure data structure: the worker feeds it
 * orders, user levels and ticks, and executes what it reports.
 */
export class TriggerBook {
  private readonly books = new Map<number, InstrumentIndexes>();
  private readonly orders = new Map<number, OrderState>();
  private readonly users = new Map<number, UserState>();

  get orderCount(): number {
    return this.orders.size;
  }

  order(id: number): IndexedOrder | undefined {
    return this.orders.get(id)?.order;
  }

  /** Adds or replaces an open order (a newer version makes the older entries stale). */
  upsert(order: IndexedOrder): void {
    const prev = this.orders.get(order.id);
    if (prev && prev.order.version > order.version) return;
    const book = this.book(order.instrumentId);
    if (!prev) book.orders++;
    this.orders.set(order.id, { order, busy: prev?.busy ?? false });
    this.indexOrder(book, order);
  }

  remove(id: number): void {
    const prev = this.orders.get(id);
    if (!prev) return;
    this.orders.delete(id);
    this.book(prev.order.instrumentId).orders--;
  }

  /** Marks an order idle again after its job; re-indexes it if it is still open. */
  release(id: number): void {
    const s = this.orders.get(id);
    if (!s) return;
    s.busy = false;
    this.indexOrder(this.book(s.order.instrumentId), s.order);
  }

  /** Replaces a user's levels (older epochs become stale). */
  setUserLevels(userId: number, levels: readonly UserLevel[]): void {
    const u = this.users.get(userId) ?? { epoch: 0, busy: false };
    u.epoch++;
    this.users.set(userId, u);
    for (const l of levels) {
      const book = this.book(l.instrumentId);
      book[l.index].heap.push(l.key, userId, u.epoch);
      book.entries++;
    }
  }

  clearUser(userId: number): void {
    const u = this.users.get(userId);
    if (u) u.epoch++;
  }

  setUserBusy(userId: number, busy: boolean): void {
    const u = this.users.get(userId) ?? { epoch: 0, busy: false };
    u.busy = busy;
    this.users.set(userId, u);
  }

  /**
   * Everything that fires on this quote, removed from the heaps (orders marked busy). `bid`, `ask`
   * are scaled integers; a quiet tick is twelve peeks.
   */
  onTick(instrumentId: number, bid: number, ask: number, out: Fire[]): void {
    const book = this.books.get(instrumentId);
    if (!book) return;
    const mid = (bid + ask) / 2;
    for (const index of book.all) {
      const price = index.watch === 'bid' ? bid : index.watch === 'ask' ? ask : mid;
      for (;;) {
        const top = index.heap.firing(price);
        if (!top) break;
        index.heap.pop();
        book.entries--;
        if (index.kind === 'risk' || index.kind === 'band') {
          const u = this.users.get(top.ref);
          if (!u || u.epoch !== top.ver || u.busy) continue;
          // One risk check per user re-derives all their levels; the rest are now stale.
          u.epoch++;
          out.push({ kind: index.kind, ref: top.ref, instrumentId });
          continue;
        }
        const s = this.orders.get(top.ref);
        if (!s || s.busy || s.order.version !== top.ver) continue;
        s.busy = true;
        out.push({ kind: index.kind, ref: top.ref, instrumentId });
      }
    }
  }

  /** Rebuilds an instrument's heaps when stale entries outnumber live ones (keeps memory bounded). */
  compact(instrumentId: number, userLevels: (userId: number) => readonly UserLevel[]): void {
    const book = this.books.get(instrumentId);
    if (!book || book.entries < 2 * book.orders + 1024) return;
    for (const index of book.all) index.heap.clear();
    book.entries = 0;
    const userIds = new Set<number>();
    for (const s of this.orders.values()) {
      if (s.order.instrumentId !== instrumentId) continue;
      if (!s.busy) this.indexOrder(book, s.order);
      userIds.add(s.order.userId);
    }
    for (const userId of userIds) {
      const u = this.users.get(userId);
      if (!u) continue;
      for (const l of userLevels(userId)) {
        if (l.instrumentId !== instrumentId) continue;
        book[l.index].heap.push(l.key, userId, u.epoch);
        book.entries++;
      }
    }
  }

  clear(): void {
    this.books.clear();
    this.orders.clear();
    this.users.clear();
  }

  private book(instrumentId: number): InstrumentIndexes {
    let b = this.books.get(instrumentId);
    if (!b) {
      b = new InstrumentIndexes();
      this.books.set(instrumentId, b);
    }
    return b;
  }

  private indexOrder(book: InstrumentIndexes, o: IndexedOrder): void {
    const buy = o.side === 'buy';
    if (o.status === 1) {
      if (o.tpKey !== null) {
        (buy ? book.buyTp : book.sellTp).heap.push(o.tpKey, o.id, o.version);
        book.entries++;
      }
      if (o.slKey !== null) {
        (buy ? book.buySl : book.sellSl).heap.push(o.slKey, o.id, o.version);
        book.entries++;
      }
      return;
    }
    if (o.targetKey === null) return;
    const below = o.fillDirection === 'at_or_below';
    const index = buy ? (below ? book.buyBelow : book.buyAbove) : below ? book.sellBelow : book.sellAbove;
    index.heap.push(o.targetKey, o.id, o.version);
    book.entries++;
  }
}
