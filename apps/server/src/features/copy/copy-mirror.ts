/**
 * The mirror: every committed change of a provider's order is repeated in each running copy of the
 * provider's strategy. Opens (market orders and pending fills) open a proportional copy; closes
 * close the copies at each copy account's own price; TP/SL edits set the copies' levels. It runs
 * after the provider's commit, so the provider's order never waits for its copies.
 *
 * What an event owes the copies is durable: the provider's booking wrote it to the copy outbox
 * (copy-outbox.ts), one row per part of the copies. On an embedded node the mirror (on the leader,
 * or in copy threads) reacts to the bus event at once and marks the row done after; at its start
 * and every few seconds it takes up the rows left undone (a crash, a failed fan-out). In scale-out
 * every node claims rows (`FOR UPDATE SKIP LOCKED`), so one event's parts are booked by several
 * nodes side by side, and a node that dies leaves its row to the others.
 *
 * Exactly once: a copy and its link row (copy, provider order) commit in one transaction and the
 * link's primary key refuses a second; a skip writes the same link (with no order) plus its reason;
 * a copy closes once (its order's guarded status change). An open taken up after the delivery bound
 * (or once the provider no longer holds it) is recorded as skipped, `not_delivered`.
 *
 * The reconciler (every few seconds, and in full at the start) closes the copies still holding a
 * copied order whose provider order is closed and has no work left in the outbox.
 */
import type { SkipReason } from '@meridian/contract';
import { copyVolume, parseDecimal, TradingDecimal } from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import { backgroundTurn } from '../../db/background-turns.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import { failpoint } from '../../failpoint.js';
import { AppError } from '../../http/app-error.js';
import type { EventBus } from '../../live/event-bus.js';
import type { AuthUser } from '../identity/index.js';
import {
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderEvent,
  type OrderRecord,
  STATUS_HISTORY,
  STATUS_HOLDING,
  selectOrder,
  selectUserOrders,
  type TradingEngine,
} from '../trading/index.js';
import {
  type CopyPartition,
  insertLink,
  insertLinkIfActive,
  insertSkip,
  type MirrorCopy,
  selectClosedProviderOrders,
  selectCopiedOrders,
  selectLinkedCopies,
  selectMirrorCopies,
  selectOrphanedProviderOrders,
} from './copy.repository.js';
import type { CopyService } from './copy.service.js';
import {
  claimRow,
  countUndone,
  hasUndone,
  markDone,
  markRowDone,
  type OutboxRow,
  partitionOf,
  pruneDone,
  selectUndone,
} from './copy-outbox.js';
import type { ProviderDirectory } from './providers.js';

/** Thrown inside a copy's booking when the copy stopped meanwhile: nothing is booked. */
class CopyGone extends Error {}

export interface MirrorStats {
  opened: number;
  skipped: number;
  closed: number;
}

/**
 * How the mirror learns of provider events: `bus`, an embedded node's leader (or copy thread),
 * reacting to the bus at once and taking up undone outbox rows itself; `claim`, every scale-out
 * node, claiming outbox rows.
 */
export type MirrorMode = 'bus' | 'claim';

/** How one event is mirrored: its share of the copies, and the cached list's key (null: none). */
interface Run {
  partition: CopyPartition | undefined;
  /** The key of the cached list of copied orders this run may read and leave; null: read the database. */
  listKey: number | null;
  /** Taken up from the outbox (after a crash, a failure, a takeover), not heard on the bus. */
  replayed: boolean;
  /** When the provider's booking wrote the event. */
  at: number;
}

/** Parts per event are at most this (config: COPY_OUTBOX_PARTS ≤ 64): a list's key is order × it + part. */
const PART_KEYS = 64;

/** Claim loops per scale-out node: one event's parts may run side by side on one node too. */
const CLAIMERS = 2;
/** How long a claim loop that found no work waits before it asks again, unless an event wakes it. */
const CLAIM_POLL_MS = 250;
/** Rows per read of the undone outbox rows. */
const REPLAY_PAGE = 256;
/** How long a run taken up from the outbox waits for fresh prices (a node just started). */
const FRESH_WAIT_MS = 30_000;
/** Done outbox rows are kept this long (for inspection), then pruned by the reconciler. */
const KEEP_DONE_MS = 24 * 3600_000;

export class CopyMirror {
  private readonly chains = new Map<number, Promise<void>>();
  private readonly versions = new Map<number, number>();
  /**
   * Each provider holding's copied orders as this mirror booked them, by list key (provider order
   * and part) then order, kept only when the mirror booked every one of them (see mirror): its
   * close then reads nothing. A copied holding changes only its TP/SL and version until it closes,
   * and the close's guarded UPDATE gives both back; a copy closed meanwhile (by its follower
   * stopping, a trigger, a stop-out) is refused by that guard as it would be after a read. After a
   * restart, or when links came from elsewhere, the close reads the copies from the database (a
   * page of 64 there was 0.5-0.6 ms, a tenth of a close's cost). Claiming nodes keep a list only
   * while they ran every row of its provider order and part (OutboxRow.previousId).
   */
  private readonly copied = new Map<number, Map<number, OpenCopy>>();
  /**
   * The list key of each copied order in those lists: a copy that closes on its own (its TP or SL,
   * a stop-out, its follower stopping) leaves its list as its event arrives, so the provider's
   * close does not try it (a refused close in a batch runs the batch again).
   */
  private readonly providerOf = new Map<number, number>();
  /** Claim mode: the last outbox row this node ran per list key. */
  private readonly lastRow = new Map<number, number>();
  /** Outbox rows (order:version:part) being mirrored here now: the reconciler leaves them alone. */
  private readonly running = new Set<string>();
  /** Claim mode: rows that failed here, tried again at the next reconcile. */
  private readonly failed = new Set<number>();
  /** Closed provider orders whose copies the reconciler still has to check. */
  private readonly unchecked = new Set<number>();
  private offs: Array<() => void> = [];
  private started = false;
  private claimers: Promise<void>[] = [];
  private wakeClaimers: (() => void) | null = null;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private replaying: Promise<void> | null = null;
  /** The undone rows the last replay saw (its next takes up those still undone). */
  private seenUndone = new Set<number>();
  /** The last reconcile's start, from which the next looks for provider closes. */
  private reconciledTo = 0;
  private passes = 0;
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
      providers: ProviderDirectory;
      log: FastifyBaseLogger;
      now: () => number;
      mode: MirrorMode;
      /** An open taken up later than this after the provider's fill is skipped (config.copyDeliveryMs). */
      deliveryMs: number;
      /** How often the reconciler runs (config.copyReconcileMs). */
      reconcileMs: number;
      /** Claim mode: whether this node leads (the reconciler's closes run on the leader only). */
      isLeader: () => boolean;
    },
  ) {
    this.slice = d.db.dialect === 'postgres' ? PG_SLICE : SLICE;
  }

  get mode(): MirrorMode {
    return this.d.mode;
  }

  async start(): Promise<void> {
    // What an earlier term as leader booked may have changed under another leader since.
    this.copied.clear();
    this.providerOf.clear();
    this.lastRow.clear();
    this.started = true;
    await this.refresh();
    this.offs = [
      this.d.bus.subscribe(ORDER_EVENTS_CHANNEL, (payload) => {
        if (isOrderEvent(payload)) this.onEvent(payload);
      }),
    ];
    this.reconciledTo = 0;
    this.unchecked.clear();
    if (this.d.mode === 'claim') {
      this.claimers = Array.from({ length: CLAIMERS }, () => this.claimLoop());
    } else {
      // What a crash, or a fan-out that failed, left undone (not awaited: the start goes on).
      this.replaying = this.replay(true).catch((err: unknown) =>
        this.d.log.error({ err }, 'copy mirror: taking up the outbox failed'),
      );
    }
    void this.reconcile();
    this.reconcileTimer = setInterval(() => void this.reconcile(), this.d.reconcileMs);
    this.reconcileTimer.unref();
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const off of this.offs) off();
    this.offs = [];
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = null;
    this.wakeClaimers?.();
    await Promise.all(this.claimers);
    this.claimers = [];
    await this.reconciling;
    await this.replaying;
    await Promise.all(this.chains.values());
    this.copied.clear();
    this.providerOf.clear();
    this.lastRow.clear();
  }

  /**
   * Waits until every event received so far is mirrored; claiming, until the outbox holds no
   * undone row but those that failed here (tried again later).
   */
  async idle(): Promise<void> {
    await this.d.providers.idle();
    await this.replaying;
    for (;;) {
      while (this.chains.size > 0) await Promise.all(this.chains.values());
      if (this.d.mode === 'bus' || !this.started) return;
      const left = await countUndone(this.d.db.kysely, [...this.failed]);
      if (left === 0 && this.running.size === 0) return;
      this.wakeClaimers?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  refresh(): Promise<void> {
    return this.d.providers.refresh();
  }

  private onEvent(event: OrderEvent): void {
    const o = event.order;
    const strategyId = this.d.providers.strategyOf(o.userId);
    if (strategyId === undefined) {
      if (o.status === STATUS_HISTORY) {
        // A copied order closed (it leaves its list), or a holding of a provider whose strategy
        // stopped meanwhile (its lists go).
        const key = this.providerOf.get(o.id);
        if (key !== undefined) {
          this.providerOf.delete(o.id);
          this.copied.get(key)?.delete(o.id);
        } else this.forgetOrder(o.id);
      }
      return;
    }
    if (this.d.mode === 'claim') {
      // The outbox row is committed with the event: a claim loop takes it.
      this.wakeClaimers?.();
      return;
    }
    if ((this.versions.get(o.id) ?? 0) >= o.version) return;
    this.versions.set(o.id, o.version);
    if (o.status === STATUS_HISTORY) this.versions.delete(o.id);
    const part = this.partition?.index ?? 0;
    // Running from now (queued behind the provider's events before it): the reconciler leaves it.
    this.running.add(`${o.id}:${o.version}:${this.partition ? part : '*'}`);
    // runEvent catches and logs its own failures: nothing to wait for here.
    void this.enqueue(o.userId, () =>
      this.runEvent(strategyId, event, {
        partition: this.partition,
        listKey: o.id * PART_KEYS + part,
        replayed: false,
        at: this.d.now(),
      }),
    );
  }

  /** One chain per provider: an open is fully mirrored before the close that follows it. */
  private enqueue<T>(providerId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(providerId) ?? Promise.resolve();
    const next: Promise<T> = previous
      // After a turn of the event loop: the event is published as the provider's batch commits,
      // and begun at once, the mirror's first page (reads, prices, checks) would run in the same
      // flood of microtasks as the provider's answer, before Node writes that answer out.
      .then(() => backgroundTurn())
      .then(work)
      .finally(() => {
        if (this.chains.get(providerId) === settled) this.chains.delete(providerId);
      });
    // The chain goes on after a failure (the caller sees it).
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(providerId, settled);
    return next;
  }

  /** Mirrors one event and marks its outbox rows done (embedded: the bus, or a replayed row). */
  private async runEvent(strategyId: number, event: OrderEvent, run: Run): Promise<void> {
    const o = event.order;
    const part = run.partition?.index ?? 0;
    const key = `${o.id}:${o.version}:${run.partition ? part : '*'}`;
    this.running.add(key);
    try {
      this.onMirroring?.(o.id, o.version);
      await this.mirror(strategyId, event, run);
      // Mirrored for all the copies: every part's row is done.
      await this.d.trading.queue.run(
        (tx) => markDone(tx, o.id, o.version, run.partition ? part : null, this.d.now()),
        undefined,
        { background: true },
      );
    } catch (err) {
      this.d.log.error(
        { err, orderId: o.id },
        'copy mirror: an event failed (the reconciler takes it up again)',
      );
    } finally {
      this.running.delete(key);
      this.onMirrored?.(o.id, o.status, o.version);
    }
  }

  /**
   * Embedded: takes up the undone outbox rows this mirror owns, oldest first, each in its
   * provider's chain: `all` at the start; later, those a pass before this one saw undone too (and
   * not running), so a fan-out in progress is never run twice at once.
   */
  private async replay(all: boolean): Promise<void> {
    const queued: Promise<void>[] = [];
    const seen = new Set<number>();
    for (let afterId = 0; ; ) {
      const rows = await selectUndone(this.d.db.reader, afterId, REPLAY_PAGE);
      if (rows.length === 0) break;
      afterId = (rows[rows.length - 1] as OutboxRow).id;
      for (const row of rows) {
        if (!this.owns(row)) continue;
        seen.add(row.id);
        if (!all && !this.seenUndone.has(row.id)) continue;
        const o = row.event.order;
        const partition = this.partition ? partitionOf(row) : undefined;
        const key = `${o.id}:${o.version}:${partition ? row.part : '*'}`;
        if (this.running.has(key)) continue;
        const strategyId = this.d.providers.strategyOf(o.userId);
        if (strategyId === undefined) {
          // The strategy stopped: its copies were stopped with it, nothing to copy.
          await this.d.trading.queue.run(
            (tx) => markDone(tx, o.id, o.version, partition ? row.part : null, this.d.now()),
            undefined,
            { background: true },
          );
          continue;
        }
        const sameShare =
          this.partition === undefined
            ? row.parts === 1
            : row.parts === this.partition.count && row.part === this.partition.index;
        this.running.add(key);
        queued.push(
          this.enqueue(o.userId, () => {
            this.running.delete(key);
            return this.runEvent(strategyId, row.event, {
              partition,
              listKey: sameShare ? o.id * PART_KEYS + row.part : null,
              replayed: true,
              at: row.createdAt,
            });
          }),
        );
      }
      if (rows.length < REPLAY_PAGE) break;
    }
    this.seenUndone = seen;
    if (queued.length > 0)
      this.d.log.info({ rows: queued.length }, 'copy mirror: taking up undone outbox rows');
    await Promise.all(queued);
  }

  /** Embedded: whether this mirror takes up a row (its own share; another share's rows split by id). */
  private owns(row: OutboxRow): boolean {
    const p = this.partition;
    if (!p) return true;
    if (row.parts === p.count) return row.part === p.index;
    return row.id % p.count === p.index;
  }

  /** Scale-out: claims outbox rows one at a time, until the mirror stops. */
  private async claimLoop(): Promise<void> {
    while (this.started) {
      let worked = false;
      try {
        worked = await this.claimOne();
      } catch (err) {
        this.d.log.error({ err }, 'copy mirror: claiming outbox work failed');
      }
      if (worked || !this.started) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, CLAIM_POLL_MS);
        const previous = this.wakeClaimers;
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeClaimers = () => {
          previous?.();
          done();
        };
      });
      this.wakeClaimers = null;
    }
  }

  /**
   * Claims one row in a transaction held while its copies are booked, runs it and marks it done in
   * that transaction; a node that dies meanwhile ends the transaction, and the row is another's.
   * Returns whether there was a row.
   */
  private async claimOne(): Promise<boolean> {
    let claimed: OutboxRow | undefined;
    try {
      return await this.d.db.kysely.transaction().execute(async (tx) => {
        const row = await claimRow(tx, [...this.failed]);
        if (!row) return false;
        claimed = row;
        const o = row.event.order;
        const key = `${o.id}:${o.version}:${row.part}`;
        const listKey = o.id * PART_KEYS + row.part;
        this.running.add(key);
        try {
          const strategyId = this.d.providers.strategyOf(o.userId);
          if (strategyId !== undefined) {
            // The list this node left for the provider order's part holds only if it ran the row before.
            if (row.previousId === null || this.lastRow.get(listKey) !== row.previousId)
              this.dropList(listKey);
            this.onMirroring?.(o.id, o.version);
            await this.mirror(strategyId, row.event, {
              partition: partitionOf(row),
              listKey,
              replayed: true,
              at: row.createdAt,
            });
          }
          await markRowDone(tx, row.id, this.d.now());
          this.d.log.info(
            { orderId: o.id, version: o.version, part: row.part, row: row.id },
            'copy mirror: outbox row done',
          );
          if (this.copied.has(listKey)) this.lastRow.set(listKey, row.id);
          else this.lastRow.delete(listKey);
        } finally {
          this.running.delete(key);
        }
        this.onMirrored?.(o.id, o.status, o.version);
        return true;
      });
    } catch (err) {
      if (claimed === undefined) throw err;
      this.failed.add(claimed.id);
      this.dropList(claimed.event.order.id * PART_KEYS + claimed.part);
      this.d.log.error({ err, row: claimed.id }, 'copy mirror: an outbox row failed (tried again later)');
      return false;
    }
  }

  /**
   * The reconciler: takes up undone rows older than a pass (embedded), and closes the copies still
   * holding a copied order of a closed provider order with no work left in the outbox (in full at
   * the first pass; then the provider orders closed since, and those a fan-out could not finish).
   */
  private reconcile(): Promise<void> {
    this.reconciling ??= (async () => {
      const startedAt = this.d.now();
      if (this.d.mode === 'bus') await this.replay(false);
      else this.failed.clear();
      if (this.d.mode === 'bus' || this.d.isLeader()) await this.closeOrphans(startedAt);
      if (++this.passes % 1000 === 1)
        await this.d.trading.queue.run((tx) => pruneDone(tx, startedAt - KEEP_DONE_MS), undefined, {
          background: true,
        });
    })()
      .catch((err: unknown) => this.d.log.error({ err }, 'copy mirror: reconciling failed'))
      .finally(() => {
        this.reconciling = null;
      });
    return this.reconciling;
  }

  private async closeOrphans(startedAt: number): Promise<void> {
    const { db } = this.d;
    if (this.reconciledTo === 0) {
      for (const id of await selectOrphanedProviderOrders(db.reader, 500)) this.unchecked.add(id);
    } else {
      const providers = this.d.providers.userIds();
      // Back a pass more: a close committed while the last pass read is not missed.
      const since = this.reconciledTo - this.d.reconcileMs;
      for (const id of await selectClosedProviderOrders(db.reader, providers, since)) {
        if (!this.checked.has(id)) this.unchecked.add(id);
      }
    }
    this.reconciledTo = startedAt;
    for (const id of [...this.unchecked]) {
      if (!this.started) return;
      if (await hasUndone(db.reader, id)) continue;
      const o = await selectOrder(db.reader, id);
      if (!o || o.status !== STATUS_HISTORY || o.filledAt === null) {
        this.unchecked.delete(id);
        continue;
      }
      const clean = await this.enqueue(
        o.userId,
        async () => (await this.close(o, undefined, this.partition)) === 0,
      );
      if (clean) {
        this.unchecked.delete(id);
        this.markChecked(id);
      }
    }
  }

  /** Provider orders whose close fan-out finished here without a failure (the reconciler skips them). */
  private readonly checked = new Map<number, number>();

  private markChecked(providerOrderId: number): void {
    const now = this.d.now();
    this.checked.set(providerOrderId, now);
    // Kept for two passes' windows: older closes are no longer read.
    for (const [id, at] of this.checked) {
      if (at >= now - 3 * this.d.reconcileMs) break;
      this.checked.delete(id);
    }
  }

  private async mirror(strategyId: number, event: OrderEvent, run: Run): Promise<void> {
    const o = event.order;
    const listKey = run.listKey;
    // Taken up just after a start, the feed may not have priced anything yet.
    if (run.replayed) await this.freshPrices(o.status === STATUS_HOLDING ? run.at + this.d.deliveryMs : 0);
    if (o.status === STATUS_HOLDING) {
      // An open taken up late (after a crash, a takeover) is not booked past the delivery bound,
      // nor once the provider no longer holds it: each copy not yet booked is recorded as skipped.
      let late = false;
      if (run.replayed) {
        const now = await selectOrder(this.d.db.reader, o.id);
        late = this.d.now() - run.at > this.d.deliveryMs || now?.status !== STATUS_HOLDING;
      }
      // Built once, by the first page with copies to open.
      let shared: Promise<Copying> | null = null;
      let anyLinked = false;
      // The copies booked for this holding: those of an earlier event of it (a copy that started
      // since is opened on the next one) and this event's.
      const known = listKey === null ? undefined : this.copied.get(listKey);
      const booked: Booked = { listKey, copies: known ?? new Map(), whole: listKey !== null };
      // A page at a time: reading every copy, its account and positions at once was one block of
      // the server's thread (7 ms with 1,000 followers) just after the provider's answer, exactly
      // when the provider's next order arrives.
      await this.inPages(
        (page) => selectMirrorCopies(this.d.db.reader, strategyId, page, run.partition),
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
          await this.open(o, await shared, toOpen, booked, late);
        },
      ).catch((error: unknown) => {
        if (listKey !== null) this.dropList(listKey, booked.copies);
        throw error;
      });
      if (listKey !== null) {
        // Links this mirror did not book (an earlier process's): its list would miss their orders.
        if (booked.whole && (known !== undefined || !anyLinked)) this.copied.set(listKey, booked.copies);
        else this.dropList(listKey, booked.copies);
      }
      if (anyLinked) await this.syncStops(o, run.partition);
    } else if (o.status === STATUS_HISTORY) {
      const known = listKey === null ? undefined : this.copied.get(listKey);
      if (listKey !== null) this.dropList(listKey);
      if (o.filledAt === null) return;
      const failures = await this.close(o, known, run.partition);
      if (failures === 0 && run.partition === this.partition) this.markChecked(o.id);
    }
  }

  /**
   * Waits (polling) until this node's prices are fresh, at most until `until` (an open's delivery
   * bound) or FRESH_WAIT_MS from now, whichever is later; then the booking decides as always.
   */
  private async freshPrices(until: number): Promise<void> {
    const waitMs = until > 0 ? Math.min(FRESH_WAIT_MS, Math.max(0, until - this.d.now())) : FRESH_WAIT_MS;
    const deadline = performance.now() + waitMs;
    const { markets } = this.d.trading.pricing;
    while (markets.feedStatus().Stale && this.started && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Drops a list (and `also`, a list being built for it), with their copies' entries. */
  private dropList(listKey: number, also?: ReadonlyMap<number, OpenCopy>): void {
    for (const list of [this.copied.get(listKey), also])
      if (list) for (const orderId of list.keys()) this.providerOf.delete(orderId);
    this.copied.delete(listKey);
  }

  /** Drops every part's list of a provider holding (its strategy stopped meanwhile). */
  private forgetOrder(providerOrderId: number): void {
    for (let part = 0; part < PART_KEYS; part++) {
      const key = providerOrderId * PART_KEYS + part;
      if (this.copied.has(key)) this.dropList(key);
    }
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

  private async open(
    o: OrderRecord,
    c0: Copying,
    copies: MirrorCopy[],
    booked: Booked,
    late: boolean,
  ): Promise<void> {
    const equities = await this.d.service.equities(copies);
    await inSlices(this.slice, copies, async (c) => {
      const volume = copyVolume(o.lots, equities.get(c.id) ?? 0, c0.providerEquity, c0.lotStep);
      if (late) return this.skip(c, o, volume.wanted, 'not_delivered', null);
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
          // Tests: the process killed while this copy's booking (and its batch) is uncommitted.
          failpoint('copy.opening');
        },
      );
      this.counts.opened++;
      if (booked.listKey === null) return this.d.service.notify(c, 'opened', { code, orderId: order.id });
      this.providerOf.set(order.id, booked.listKey);
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

  /** Closes a provider order's copies still holding; resolves to how many could not be closed. */
  private async close(
    o: OrderRecord,
    known: ReadonlyMap<number, OpenCopy> | undefined,
    partition: CopyPartition | undefined,
  ): Promise<number> {
    const code = this.d.trading.pricing.instrument(o.instrumentId).code;
    let failures = 0;
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
          failures++;
          this.d.log.warn({ err: error, orderId: row.orderId }, 'copy mirror: closing a copied order failed');
        }
      });
    if (!known) {
      await this.openCopiesInPages(o.id, work, partition);
      return failures;
    }
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
    return failures;
  }

  /** `work` on each page of a provider order's open copies (see inPages). */
  private openCopiesInPages(
    providerOrderId: number,
    work: (open: OpenCopy[]) => Promise<void>,
    partition: CopyPartition | undefined,
  ): Promise<void> {
    return this.inPages(
      (page) => selectCopiedOrders(this.d.db.reader, providerOrderId, page, partition),
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

  private async syncStops(o: OrderRecord, partition: CopyPartition | undefined): Promise<void> {
    const code = this.d.trading.pricing.instrument(o.instrumentId).code;
    await this.openCopiesInPages(
      o.id,
      (open) =>
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
      partition,
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
  /** The list's key (provider order and part); null: none kept (a run that reads the database). */
  listKey: number | null;
  copies: Map<number, OpenCopy>;
  whole: boolean;
}

/** Copies started per turn of the event loop (each one's checks before it queues are ~30 µs). */
const SLICE = 16;

/**
 * On PostgreSQL: each statement is a round trip, and a background batch sends the placements (or
 * closes) it starts together as one statement per round of accounts (db/account-rounds.ts), so the
 * copies started in one turn are what one statement can carry. With 16 a turn, most rounds held
 * 4-16 copies; with 48, 16-36. Measured on bench:copy (PostgreSQL, this machine, alternating):
 * 10,000 followers fill → last copy p50/p99 2.05/2.34 s against 2.36/2.65 s, the server's CPU per
 * copy 72 against 83 µs; 1,000 followers p50 220 and 185 ms against 249 and 239 ms.
 */
const PG_SLICE = 48;

/**
 * Starts `work` for every item, `slice` at a time, each slice in a background turn of the event loop
 * of its own (db/background-turns.ts, the first one too: not in the turn that read the page), and
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
