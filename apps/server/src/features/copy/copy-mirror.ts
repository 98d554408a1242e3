/**
 * The mirror: on the leader, every committed change of a provider's order (the order events the
 * trading engine publishes) is repeated in each running copy of the provider's strategy. Opens
 * (market orders and pending fills) open a proportional copy; closes close the copies at each copy
 * account's own price; TP/SL edits set the copies' levels. It runs after the provider's commit, so
 * the provider's order never waits for its copies.
 *
 * Exactly once: a copy and its link row (copy, provider order) commit in one transaction and the
 * link's primary key refuses a second; a skip writes the same link (with no order) plus its reason.
 */
import type { SkipReason } from '@meridian/contract';
import { copyVolume, parseDecimal, TradingDecimal } from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import { AppError } from '../../http/app-error.js';
import type { EventBus } from '../../live/event-bus.js';
import type { AuthUser } from '../identity/index.js';
import {
  backgroundTurn,
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderEvent,
  type OrderRecord,
  STATUS_HISTORY,
  STATUS_HOLDING,
  selectUserOrders,
  type TradingEngine,
} from '../trading/index.js';
import {
  type CopyPartition,
  insertLink,
  insertLinkIfActive,
  insertSkip,
  type MirrorCopy,
  selectActiveProviders,
  selectCopiedOrders,
  selectLinkedCopies,
  selectMirrorCopies,
} from './copy.repository.js';
import type { CopyService } from './copy.service.js';

/** Published after a strategy is published or changes status, so the leader's mirror re-reads its list. */
export const STRATEGIES_CHANNEL = 'copy.strategies';

/** Thrown inside a copy's booking when the copy stopped meanwhile: nothing is booked. */
class CopyGone extends Error {}

export interface MirrorStats {
  opened: number;
  skipped: number;
  closed: number;
}

export class CopyMirror {
  private providers = new Map<number, number>();
  private readonly chains = new Map<number, Promise<void>>();
  private readonly versions = new Map<number, number>();
  /**
   * Each provider holding's copied orders as this mirror booked them, by provider order then order,
   * kept only when the mirror booked every one of them (see mirror): its close then reads nothing.
   * A copied holding changes only its TP/SL and version until it closes, and the close's guarded
   * UPDATE gives both back; a copy closed meanwhile (by its follower stopping, a trigger, a
   * stop-out) is refused by that guard as it would be after a read. After a restart, or when
   * links came from elsewhere, the close reads the copies from the database (a page of 64 there
   * was 0.5-0.6 ms, a tenth of a close's cost).
   */
  private readonly copied = new Map<number, Map<number, OpenCopy>>();
  /**
   * The provider order of each copied order in those lists: a copy that closes on its own (its TP
   * or SL, a stop-out, its follower stopping) leaves its list as its event arrives, so the
   * provider's close does not try it (a refused close in a batch runs the batch again).
   */
  private readonly providerOf = new Map<number, number>();
  private offs: Array<() => void> = [];
  private refreshing: Promise<void> | null = null;
  readonly counts: MirrorStats = { opened: 0, skipped: 0, closed: 0 };
  /** Copies (or copied orders) read per query (tests make it small to cross pages). */
  pageSize = PAGE;
  /**
   * Called after each provider event is mirrored in full (tests and the benchmark wait on it); the
   * order's version names the event.
   */
  onMirrored: ((providerOrderId: number, status: number, version: number) => void) | undefined;
  /** Called when the mirror starts on a provider event (after the one before it is done). */
  onMirroring: ((providerOrderId: number, version: number) => void) | undefined;
  /**
   * This mirror's share of the copies when several copy threads mirror (mirror-thread.ts): those
   * whose id modulo `count` is `index`. Undefined: all of them.
   */
  partition: CopyPartition | undefined;
  /** Copies started per turn of the event loop (SLICE, PG_SLICE). */
  private readonly slice: number;

  constructor(
    private readonly d: {
      db: Db;
      bus: EventBus;
      trading: TradingEngine;
      service: CopyService;
      log: FastifyBaseLogger;
      now: () => number;
    },
  ) {
    this.slice = d.db.dialect === 'postgres' ? PG_SLICE : SLICE;
  }

  async start(): Promise<void> {
    // What an earlier term as leader booked may have changed under another leader since.
    this.copied.clear();
    this.providerOf.clear();
    await this.refresh();
    this.offs = [
      this.d.bus.subscribe(ORDER_EVENTS_CHANNEL, (payload) => {
        if (isOrderEvent(payload)) this.onEvent(payload);
      }),
      this.d.bus.subscribe(STRATEGIES_CHANNEL, () => void this.refresh()),
    ];
  }

  async stop(): Promise<void> {
    for (const off of this.offs) off();
    this.offs = [];
    await Promise.all(this.chains.values());
    this.copied.clear();
    this.providerOf.clear();
  }

  /** Waits until every event received so far is mirrored. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all(this.chains.values());
  }

  refresh(): Promise<void> {
    this.refreshing ??= selectActiveProviders(this.d.db.kysely)
      .then((providers) => {
        this.providers = providers;
      })
      .catch((err: unknown) => this.d.log.error({ err }, 'copy mirror: reading the strategies failed'))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private onEvent(event: OrderEvent): void {
    const o = event.order;
    const strategyId = this.providers.get(o.userId);
    if (strategyId === undefined) {
      if (o.status === STATUS_HISTORY) {
        // A copied order closed (it leaves its list), or a holding of a provider whose strategy
        // stopped meanwhile (its list goes).
        const provider = this.providerOf.get(o.id);
        if (provider !== undefined) {
          this.providerOf.delete(o.id);
          this.copied.get(provider)?.delete(o.id);
        } else this.forget(o.id);
      }
      return;
    }
    if ((this.versions.get(o.id) ?? 0) >= o.version) return;
    this.versions.set(o.id, o.version);
    if (o.status === STATUS_HISTORY) this.versions.delete(o.id);
    // One chain per provider: an open is fully mirrored before the close that follows it.
    const previous = this.chains.get(o.userId) ?? Promise.resolve();
    const next = previous
      // After a turn of the event loop: the event is published as the provider's batch commits,
      // and begun at once, the mirror's first page (reads, prices, checks) would run in the same
      // flood of microtasks as the provider's answer, before Node writes that answer out.
      .then(() => backgroundTurn())
      .then(() => {
        this.onMirroring?.(o.id, o.version);
        return this.mirror(strategyId, event);
      })
      .catch((err: unknown) => this.d.log.error({ err, orderId: o.id }, 'copy mirror: an event failed'))
      .finally(() => {
        if (this.chains.get(o.userId) === next) this.chains.delete(o.userId);
        this.onMirrored?.(o.id, o.status, o.version);
      });
    this.chains.set(o.userId, next);
  }

  private async mirror(strategyId: number, event: OrderEvent): Promise<void> {
    const o = event.order;
    if (o.status === STATUS_HOLDING) {
      // Built once, by the first page with copies to open.
      let shared: Promise<Copying> | null = null;
      let anyLinked = false;
      // The copies booked for this holding: those of an earlier event of it (a copy that started
      // since is opened on the next one) and this event's.
      const known = this.copied.get(o.id);
      const booked: Booked = { providerOrderId: o.id, copies: known ?? new Map(), whole: true };
      // A page at a time: reading every copy, its account and positions at once was one block of
      // the server's thread (7 ms with 1,000 followers) just after the provider's answer, exactly
      // when the provider's next order arrives.
      await this.inPages(
        (page) => selectMirrorCopies(this.d.db.reader, strategyId, page, this.partition),
        (c) => c.id,
        async (copies) => {
          const linked = await selectLinkedCopies(
            this.d.db.reader,
            o.id,
            copies.map((c) => c.id),
          );
          if (linked.size > 0) anyLinked = true;
          // The equities' reads below in a turn apart from the two above.
          await backgroundTurn();
          const toOpen = copies.filter((c) => c.account_id !== null && !linked.has(c.id));
          if (toOpen.length === 0) return;
          shared ??= this.copying(o, event);
          await this.open(o, await shared, toOpen, booked);
        },
      ).catch((error: unknown) => {
        this.forget(o.id, booked.copies);
        throw error;
      });
      // Links this mirror did not book (an earlier process's): its list would miss their orders.
      if (booked.whole && (known !== undefined || !anyLinked)) this.copied.set(o.id, booked.copies);
      else this.forget(o.id, booked.copies);
      if (anyLinked) await this.syncStops(o);
    } else if (o.status === STATUS_HISTORY) {
      const known = this.copied.get(o.id);
      this.forget(o.id);
      if (o.filledAt !== null) await this.close(o, known);
    }
  }

  /** Drops a provider holding's list (and `also`, a list being built for it), with their copies' entries. */
  private forget(providerOrderId: number, also?: ReadonlyMap<number, OpenCopy>): void {
    for (const list of [this.copied.get(providerOrderId), also])
      if (list) for (const orderId of list.keys()) this.providerOf.delete(orderId);
    this.copied.delete(providerOrderId);
  }

  /** What every copy of one provider open shares: the provider's equity, the terms, the market. */
  private async copying(o: OrderRecord, event: OrderEvent): Promise<Copying> {
    const { pricing } = this.d.trading;
    const inst = pricing.instrument(o.instrumentId);
    const providerHoldings = await selectUserOrders(this.d.db.reader, o.userId, [STATUS_HOLDING]);
    const providerEquity = this.d.service.equityFrom(providerHoldings, event.freeMicros, event.frozenMicros);
    const { terms } = await pricing.terms(inst);
    return {
      code: inst.code,
      providerEquity,
      lotStep: String(terms.lotStep),
      min: new TradingDecimal(terms.minLots),
      open: pricing.markets.isOpen(inst),
    };
  }

  private async open(o: OrderRecord, c0: Copying, copies: MirrorCopy[], booked: Booked): Promise<void> {
    const equities = await this.d.service.equities(copies);
    await inSlices(this.slice, copies, async (c) => {
      const volume = copyVolume(o.lots, equities.get(c.id) ?? 0, c0.providerEquity, c0.lotStep);
      let reason: SkipReason | null = null;
      // A follower whose trading compliance froze opens nothing new, through a copy neither.
      if (this.d.trading.service.tradingFrozen(c.follower_id)) {
        return this.skip(c, o, volume.wanted, 'rejected', 'trading_frozen');
      }
      if (!c0.open) reason = 'market_closed';
      else if (parseDecimal(volume.lots).lt(c0.min)) reason = 'below_min_lot';
      if (reason) return this.skip(c, o, volume.wanted, reason, null);
      return this.openOne(c, o, volume.lots, volume.wanted, c0.code, booked);
    });
  }

  private async openOne(
    c: MirrorCopy,
    o: OrderRecord,
    lots: string,
    wanted: string,
    code: string,
    booked: Booked,
  ): Promise<void> {
    const account: AuthUser = { userId: c.account_id as number, isDemo: c.is_demo === 1, sessionId: 0 };
    try {
      const order = await this.d.trading.service.openFor(
        account,
        {
          type: o.side === 'buy' ? 1 : 2,
          cont: lots,
          forex_id: o.instrumentId,
          status: 1,
          target_price: '0',
          target_profit_price: o.tp ?? '0',
          stop_loss_price: o.sl ?? '0',
          multiple: o.leverage,
        },
        async (tx, copied) => {
          const link = { copyId: c.id, providerOrderId: o.id, copyOrderId: copied.id, at: this.d.now() };
          if (!(await insertLinkIfActive(tx, link))) throw new CopyGone();
        },
      );
      this.counts.opened++;
      this.providerOf.set(order.id, booked.providerOrderId);
      booked.copies.set(order.id, {
        copyId: c.id,
        followerId: c.follower_id,
        orderId: order.id,
        accountId: order.userId,
        tp: order.tp,
        sl: order.sl,
        order,
      });
      this.d.service.notify(c, 'opened', { code, orderId: order.id });
    } catch (error) {
      if (error instanceof CopyGone) return;
      if (isUniqueViolation(error)) {
        // Linked by someone else meanwhile: its order is not in this mirror's list.
        booked.whole = false;
        return;
      }
      if (!(error instanceof AppError)) throw error;
      const reason: SkipReason =
        error.key === 'insufficient_balance' || error.key === 'insufficient_free_margin'
          ? 'insufficient_margin'
          : error.key === 'market_closed' || error.key === 'price_stale'
            ? 'market_closed'
            : 'rejected';
      await this.skip(c, o, wanted, reason, reason === 'rejected' ? error.key : null);
    }
  }

  private async skip(
    c: MirrorCopy,
    o: OrderRecord,
    wanted: string,
    reason: SkipReason,
    detail: string | null,
  ) {
    try {
      await this.d.trading.queue.run(
        async (tx) => {
          await insertLink(tx, c.id, o.id, null, this.d.now());
          await insertSkip(tx, {
            copyId: c.id,
            providerOrderId: o.id,
            instrumentId: o.instrumentId,
            side: o.side,
            providerLots: o.lots,
            wantedLots: wanted,
            reason,
            detail,
            at: this.d.now(),
          });
        },
        c.account_id as number,
        { background: true },
      );
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    this.counts.skipped++;
    this.d.service.notify(c, 'skipped', {
      code: this.d.trading.pricing.instrument(o.instrumentId).code,
      reason,
    });
  }

  private async close(o: OrderRecord, known: ReadonlyMap<number, OpenCopy> | undefined): Promise<void> {
    const code = this.d.trading.pricing.instrument(o.instrumentId).code;
    const work = (open: OpenCopy[]) =>
      inSlices(this.slice, open, async (row) => {
        const account: AuthUser = { userId: row.accountId, isDemo: false, sessionId: 0 };
        try {
          await this.d.trading.service.closeRecord(account, row.orderId, 'copy', row.order);
          this.counts.closed++;
          this.d.service.notify({ id: row.copyId, follower_id: row.followerId }, 'closed', {
            code,
            orderId: row.orderId,
          });
        } catch (error) {
          if (error instanceof AppError && error.key === 'order_not_holding') return;
          this.d.log.warn({ err: error, orderId: row.orderId }, 'copy mirror: closing a copied order failed');
        }
      });
    if (!known) return this.openCopiesInPages(o.id, work);
    // The same pages, in copy order, from the list the open left.
    const rows = [...known.values()].sort((a, b) => a.copyId - b.copyId);
    let next = 0;
    await this.inPages(
      async ({ limit }) => {
        const page = rows.slice(next, next + limit);
        next += page.length;
        return page;
      },
      (row) => row.copyId,
      work,
    );
  }

  /** `work` on each page of a provider order's open copies (see inPages). */
  private openCopiesInPages(
    providerOrderId: number,
    work: (open: OpenCopy[]) => Promise<void>,
  ): Promise<void> {
    return this.inPages(
      (page) => selectCopiedOrders(this.d.db.reader, providerOrderId, page, this.partition),
      (row) => row.copyId,
      (copied) => work(copied.filter((row) => row.order.status === STATUS_HOLDING)),
    );
  }

  /**
   * Reads pages of `pageSize` rows in key order and starts `work` on each while the next is read,
   * with a turn of the event loop between reads and at most PAGES_IN_FLIGHT pages' work running;
   * resolves when all of it is done.
   */
  private async inPages<T>(
    read: (page: { afterId: number; limit: number }) => Promise<T[]>,
    keyOf: (row: T) => number,
    work: (rows: T[]) => Promise<void>,
  ): Promise<void> {
    const started: Promise<void>[] = [];
    for (let afterId = 0, page = 0; ; page++) {
      if (page > 0) await backgroundTurn();
      const rows = await read({ afterId, limit: this.pageSize });
      if (rows.length === 0) break;
      afterId = keyOf(rows[rows.length - 1] as T);
      started.push(observed(work(rows)));
      await inFlight(started);
      if (rows.length < this.pageSize) break;
    }
    await Promise.all(started);
  }

  private async syncStops(o: OrderRecord): Promise<void> {
    const code = this.d.trading.pricing.instrument(o.instrumentId).code;
    await this.openCopiesInPages(o.id, (open) =>
      inSlices(
        this.slice,
        open.filter((row) => row.tp !== o.tp || row.sl !== o.sl),
        async (row) => {
          const account: AuthUser = { userId: row.accountId, isDemo: false, sessionId: 0 };
          try {
            await this.d.trading.service.setStops(
              account,
              {
                id: row.orderId,
                target_profit_price: o.tp ?? '0',
                stop_loss_price: o.sl ?? '0',
              },
              true,
            );
            this.d.service.notify({ id: row.copyId, follower_id: row.followerId }, 'updated', {
              code,
              orderId: row.orderId,
            });
          } catch (error) {
            if (error instanceof AppError && error.key === 'order_not_holding') return;
            this.d.log.warn({ err: error, orderId: row.orderId }, 'copy mirror: copying TP/SL failed');
          }
        },
      ),
    );
  }
}

/**
 * Copies (or copied orders) read per query. better-sqlite3 is synchronous, so each read is a block
 * of the thread that a request arriving meanwhile waits for (at 256 a page's reads and checks were
 * 5-10 ms on a slow core); a page's copies, its links and its first slice now take a turn each.
 */
const PAGE = 64;

/**
 * Pages whose copies may be booking while the next is read. Beyond it the mirror waits: launched
 * all at once, 10,000 copies waited in the write queue together, their closures and promises held
 * through the whole fan-out (major collections of the heap: the event loop's worst delays). Three,
 * not two, since copies are answered only after their batch's sync (db/wal-sync.ts): with two, the
 * write queue ran out of copies to book while a page's last batch waited for its sync.
 */
const PAGES_IN_FLIGHT = 3;

/** Waits until fewer than PAGES_IN_FLIGHT of the pages started so far are still running. */
async function inFlight(started: Promise<void>[]): Promise<void> {
  if (started.length < PAGES_IN_FLIGHT) return;
  await started[started.length - PAGES_IN_FLIGHT];
}

/**
 * `p`, marked as handled: work started now is awaited only later (Promise.all), and a failure
 * before then must reach that await, not stop the process as an unhandled rejection.
 */
function observed<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

interface Copying {
  code: string;
  providerEquity: number;
  lotStep: string;
  min: InstanceType<typeof TradingDecimal>;
  open: boolean;
}

type OpenCopy = Awaited<ReturnType<typeof selectCopiedOrders>>[number];

/**
 * The copies one provider holding's events booked, by copied order (see CopyMirror.copied);
 * `whole`: none missed.
 */
interface Booked {
  providerOrderId: number;
  copies: Map<number, OpenCopy>;
  whole: boolean;
}

/** Copies started per turn of the event loop (each one's checks before it queues are ~30 µs). */
const SLICE = 16;

/**
 * On PostgreSQL: each statement is a round trip, and a background batch sends the placements (or
 * closes) it starts together as one statement per round of accounts (account-rounds.ts), so the
 * copies started in one turn are what one statement can carry. With 16 a turn, most rounds held
 * 4-16 copies; with 48, 16-36. Measured on bench:copy (PostgreSQL, this machine, alternating):
 * 10,000 followers fill → last copy p50/p99 2.05/2.34 s against 2.36/2.65 s, the server's CPU per
 * copy 72 against 83 µs; 1,000 followers p50 220 and 185 ms against 249 and 239 ms.
 */
const PG_SLICE = 48;

/**
 * Starts `work` for every item, `slice` at a time, each slice in a background turn of the event loop
 * of its own (background-turns.ts, the first one too: not in the turn that read the page), and
 * waits for all of it. Started all at once, 10,000 copies' checks would run back to back in one
 * microtask flood and hold every request behind them (the provider's next order included); sliced,
 * a request that arrives meanwhile is read, and queued ahead of the copies (the write queue puts
 * requests before background work), after at most one slice.
 */
async function inSlices<T>(
  slice: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running: Promise<void>[] = [];
  for (let i = 0; i < items.length; i += slice) {
    await backgroundTurn();
    for (const item of items.slice(i, i + slice)) running.push(observed(work(item)));
  }
  await Promise.all(running);
}
