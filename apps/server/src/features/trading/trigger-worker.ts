import { isStopOut, stopOutPlan, usdRouteFor } from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import { Counter } from 'prom-client';
import { backgroundTurn } from '../../db/background-turns.js';
import type { Db } from '../../db/database.js';
import type { Metrics } from '../../http/metrics.js';
import type { EventBus } from '../../live/event-bus.js';
import { type Instrument, type MarketTick, parsePrice } from '../markets/index.js';
import {
  BALANCE_EVENTS_CHANNEL,
  type BalanceEvent,
  isBalanceEvent,
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderEvent,
  type OrderRecord,
} from './model.js';
import {
  type AccountBalance,
  selectBalances,
  selectOpenOrders,
  selectOrder,
  selectUserOrders,
} from './orders.repository.js';
import { closingPriceOf, openingPriceOf, type Pricing } from './pricing.js';
import { deriveLevels, groupPnlQuote, type RiskGroup, type RiskMarket } from './risk-levels.js';
import type { TradingService } from './trading.service.js';
import { type Fire, type IndexedOrder, TriggerBook, type UserLevel } from './trigger-book.js';

interface UserBook {
  /**
   * The money backing positions: free + frozen, less what is leaving the account (withdrawals
   * requested, not yet paid or returned). Counted in, a pending withdrawal kept a losing position
   * open past its stop-out; paid out, the close fell below zero and the house covered it.
   */
  balanceMicros: number;
  /** Frozen for withdrawals not yet paid or returned (selectBalances, balance events). */
  leavingMicros: number;
  holdings: Set<number>;
  pending: Set<number>;
  levels: readonly UserLevel[];
  /** Holdings aggregated by instrument and side, so re-deriving levels costs O(groups). */
  groups: Map<number, RiskGroup>;
  marginMicros: number;
  /** `balanceEvents` when an event last set `balanceMicros` (-1: never): see `readBalances`. */
  balanceSetAt: number;
}

/** Balances can change outside trading (deposits, withdrawals): re-read them this often. */
const RESYNC_MS = 5000;
/** Accounts whose balances one resync read fetches. */
const RESYNC_PAGE = 500;
/** A stop-out closes one position at a time; this bounds one check (a user has few positions). */
const MAX_STOP_OUT_STEPS = 200;

/** Where a failure was caught and skipped (the label of the errors counter). */
export type WorkerFaultStage = 'rebuild' | 'event' | 'tick' | 'job' | 'settings';

/**
 * The trigger and stop-out worker: a singleton (the leader runs it). It keeps every open order in a
 * TriggerBook indexed by price, learns of changes from the order events on the bus, and on every
 * tick executes what fired through the same guarded paths as the users' own calls.
 */
export class TriggerWorker {
  private readonly book = new TriggerBook();
  private readonly records = new Map<number, OrderRecord>();
  private readonly users = new Map<number, UserBook>();
  /**
   * Balance-bearing events applied so far (order and balance events). A read of balances from the
   * database started before one and answered after it may be older than it (on PostgreSQL a read
   * is a round trip, and a commit with its event can land in between): such a read is not applied
   * over that account's event (readBalances).
   */
  private balanceEvents = 0;
  private readonly jobs = new Set<Promise<unknown>>();
  private unsubscribe: Array<() => void> = [];
  private resync: NodeJS.Timeout | undefined;
  private running = false;
  /** The term this run of the worker belongs to; the database refuses its bookings once it is over. */
  private term: number | undefined;
  private readonly fires: Fire[] = [];
  private readonly checking = new Set<number>();
  private readonly faults: Counter<'stage'> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      bus: EventBus;
      pricing: Pricing;
      service: TradingService;
      log: FastifyBaseLogger;
      /** Where the errors counter is registered (absent in tests that build a bare worker). */
      metrics?: Metrics;
      /** The leadership term this node runs in (scale-out fencing: every booking carries it). */
      term?: () => number;
    },
  ) {
    this.faults = deps.metrics
      ? new Counter({
          name: 'meridian_trigger_worker_errors_total',
          help: 'Failures the trigger worker caught and skipped (one order, one account or one tick), by stage',
          labelNames: ['stage'] as const,
          registers: [deps.metrics.registry],
        })
      : undefined;
  }

  /**
   * One order, one account or one tick failed: log it, count it, and go on with everybody else. A
   * single bad row once stopped TP, SL, fills and stop-outs for every account.
   */
  private fault(stage: WorkerFaultStage, err: unknown, context: Record<string, unknown> = {}): void {
    this.faults?.inc({ stage });
    this.deps.log.error({ err, stage, ...context }, 'trigger worker skipped a failure');
  }

  get openOrders(): number {
    return this.book.orderCount;
  }

  /** Rebuilds from the database, then checks everything against the current quotes at once. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.term = this.deps.term?.();
    const { bus, pricing, db } = this.deps;
    // Listen first, so an order placed during the rebuild is not lost (versions sort out duplicates).
    this.unsubscribe = [
      bus.subscribe(ORDER_EVENTS_CHANNEL, (payload) => {
        if (isOrderEvent(payload)) this.apply(payload);
      }),
      bus.subscribe(BALANCE_EVENTS_CHANNEL, (payload) => {
        if (isBalanceEvent(payload)) this.applyBalance(payload);
      }),
      pricing.markets.onTick((tick) => this.onTick(tick)),
    ];
    // The configured stop-out level before the first levels are derived, not the default.
    await this.refreshSettings();
    const open = await selectOpenOrders(db.kysely);
    const balances = await this.readBalances(db.kysely, [...new Set(open.map((o) => o.userId))]);
    for (const o of open) {
      try {
        this.track(o);
      } catch (err) {
        this.fault('rebuild', err, { orderId: o.id, userId: o.userId });
      }
    }
    for (const [userId, b] of balances) this.setBalance(this.userBook(userId), b);
    for (const userId of this.users.keys()) this.relevelSafely(userId, 'rebuild');
    // Anything that should have fired while the server was down fires now.
    for (const inst of pricing.markets.instruments()) {
      if (pricing.markets.isOpen(inst)) {
        const q = pricing.quote(inst);
        this.onTick({ instrument: inst, bid: q.bid, ask: q.ask, timeMs: q.time });
      }
    }
    this.resync = setInterval(() => {
      this.spawn(this.resyncBalances());
    }, RESYNC_MS);
    this.resync.unref();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    if (this.resync) clearInterval(this.resync);
    await Promise.allSettled([...this.jobs]);
    this.book.clear();
    this.records.clear();
    this.users.clear();
  }

  /** Resolves when every job started so far (closes, fills, stop-out checks) has finished. */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  // ---- state ---------------------------------------------------------------------------------

  private apply(event: OrderEvent): void {
    if (!this.running) return;
    const o = event.order;
    const known = this.records.get(o.id);
    if (known && known.version >= o.version) return;
    const user = this.userBook(o.userId);
    user.balanceMicros = event.freeMicros + event.frozenMicros - user.leavingMicros;
    user.balanceSetAt = ++this.balanceEvents;
    try {
      if (o.status === 3) this.untrack(o);
      else this.track(o);
    } catch (err) {
      this.fault('event', err, { orderId: o.id, userId: o.userId });
    }
    this.relevelSafely(o.userId, 'event');
  }

  private relevelSafely(userId: number, stage: WorkerFaultStage): void {
    try {
      this.relevel(userId);
    } catch (err) {
      this.fault(stage, err, { userId });
    }
  }

  /**
   * The stop-out level from the settings; a change re-derives every account's levels at once. Runs
   * at start and at every resync; public so an operator tool (or a test) can apply an edit now.
   */
  async refreshSettings(): Promise<void> {
    let stopOutPct: number;
    try {
      stopOutPct = (await this.deps.pricing.settingsNow()).stopOutPct;
    } catch (err) {
      this.fault('settings', err);
      return;
    }
    if (stopOutPct === this.settingsCache.stopOutPct) return;
    this.settingsCache = { stopOutPct };
    if (!this.running) return;
    for (const [userId, u] of this.users) if (u.holdings.size > 0) this.relevelSafely(userId, 'settings');
  }

  /** Adds (+1) or removes (−1) a holding's contribution to its user's aggregates. */
  private aggregate(o: OrderRecord, sign: 1 | -1): void {
    if (o.status !== 1 || o.openPrice === null) return;
    const inst = this.deps.pricing.markets.instrument(o.instrumentId);
    if (!inst) return;
    const user = this.userBook(o.userId);
    const key = o.instrumentId * 2 + (o.side === 'buy' ? 0 : 1);
    let g = user.groups.get(key);
    if (!g) {
      g = { instrumentId: o.instrumentId, side: o.side, units: 0, unitsTimesOpen: 0 };
      user.groups.set(key, g);
    }
    const units = Number(o.lots) * inst.contractSize;
    g.units += sign * units;
    g.unitsTimesOpen += sign * units * Number(o.openPrice);
    user.marginMicros += sign * o.marginMicros;
    if (g.units <= 1e-9) user.groups.delete(key);
  }

  private track(o: OrderRecord): void {
    const inst = this.deps.pricing.markets.instrument(o.instrumentId);
    if (!inst) return;
    // First, before anything changes: an order whose prices cannot be indexed is refused whole.
    const indexed = toIndexed(o, inst);
    const old = this.records.get(o.id);
    if (old) this.aggregate(old, -1);
    this.records.set(o.id, o);
    this.aggregate(o, 1);
    const user = this.userBook(o.userId);
    if (o.status === 1) {
      user.pending.delete(o.id);
      user.holdings.add(o.id);
    } else {
      user.pending.add(o.id);
    }
    this.book.upsert(indexed);
  }

  private untrack(o: OrderRecord): void {
    const old = this.records.get(o.id);
    if (old) this.aggregate(old, -1);
    this.records.delete(o.id);
    this.book.remove(o.id);
    const user = this.users.get(o.userId);
    user?.holdings.delete(o.id);
    user?.pending.delete(o.id);
  }

  /** The money backing an account's positions, from its balances (see UserBook.balanceMicros). */
  private setBalance(u: UserBook, b: AccountBalance): void {
    u.leavingMicros = b.leavingMicros;
    u.balanceMicros = b.freeMicros + b.frozenMicros - b.leavingMicros;
  }

  /**
   * Balances read from the database, for the accounts whose books no event has set since the read
   * began (an event that came in meanwhile is as new as the read or newer: the next resync reads
   * the account again). Without this, a resync read that PostgreSQL answered after a copy's
   * withdrawal had been announced put the balance from before it back for five seconds, and the
   * equity-stop screen and the stop-out levels worked from money that had left.
   */
  private async readBalances(
    db: Parameters<typeof selectBalances>[0],
    userIds: readonly number[],
  ): Promise<Map<number, AccountBalance>> {
    const began = this.balanceEvents;
    const read = await selectBalances(db, userIds);
    for (const userId of read.keys()) {
      const u = this.users.get(userId);
      if (u && u.balanceSetAt > began) read.delete(userId);
    }
    return read;
  }

  private userBook(userId: number): UserBook {
    let u = this.users.get(userId);
    if (!u) {
      u = {
        balanceMicros: 0,
        leavingMicros: 0,
        holdings: new Set(),
        pending: new Set(),
        levels: [],
        groups: new Map(),
        marginMicros: 0,
        balanceSetAt: -1,
      };
      this.users.set(userId, u);
    }
    return u;
  }

  /** Re-derives a user's stop-out levels from current prices; schedules a check if already at risk. */
  private relevel(userId: number, fromCheck = false): void {
    const user = this.users.get(userId);
    if (!user) return;
    if (user.holdings.size === 0) {
      user.levels = [];
      this.book.clearUser(userId);
      return;
    }
    const markets = new Map<number, RiskMarket>();
    const market = (id: number): RiskMarket => {
      let m = markets.get(id);
      if (!m) {
        m = this.riskMarket(id);
        markets.set(id, m);
      }
      return m;
    };
    const derived = deriveLevels(
      {
        balanceMicros: user.balanceMicros,
        marginMicros: user.marginMicros,
        positions: user.holdings.size,
        groups: user.groups.values(),
      },
      market,
      this.settingsCache.stopOutPct,
    );
    if (derived.atRisk && fromCheck) {
      // The float estimate sees no slack but the exact check found the user safe: they sit on the
      // edge, so re-check on the next adverse tick of any of their instruments.
      user.levels = [...user.groups.values()].map((g) => {
        const m = market(g.instrumentId);
        const scale = 10 ** m.precision;
        return g.side === 'buy'
          ? { instrumentId: g.instrumentId, index: 'riskLong' as const, key: Math.round(m.bid * scale) }
          : { instrumentId: g.instrumentId, index: 'riskShort' as const, key: Math.round(m.ask * scale) };
      });
      this.book.setUserLevels(userId, user.levels);
      return;
    }
    user.levels = derived.levels;
    this.book.setUserLevels(userId, derived.levels);
    if (derived.atRisk) this.spawn(this.checkRisk(userId));
  }

  /** Loaded at start and re-read at each resync (refreshSettings), which re-levels on a change. */
  private settingsCache = { stopOutPct: 50 };

  /**
   * Float estimates of accounts' equity (free + frozen − leaving + the floating P&L at current
   * prices, micros) from this worker's books, for the accounts it holds positions of; the others are
   * absent (no positions, not yet seen, an instrument it cannot price, or this node not leading). A
   * screen, never a decision: copy trading's equity-stop check prices exactly only the copies whose
   * estimate is near their stop (copy.service.ts).
   */
  equityEstimates(userIds: readonly number[]): Map<number, number> {
    const out = new Map<number, number>();
    if (!this.running) return out;
    const markets = new Map<number, RiskMarket | null>();
    const market = (instrumentId: number): RiskMarket | null => {
      let m = markets.get(instrumentId);
      if (m === undefined) {
        try {
          m = this.riskMarket(instrumentId);
        } catch {
          m = null;
        }
        markets.set(instrumentId, m);
      }
      return m;
    };
    for (const userId of userIds) {
      const u = this.users.get(userId);
      if (!u || u.holdings.size === 0) continue;
      let equity = u.balanceMicros;
      for (const g of u.groups.values()) {
        const m = market(g.instrumentId);
        if (m === null) {
          equity = Number.NaN;
          break;
        }
        equity += groupPnlQuote(g, m) * m.rate * 1e6;
      }
      if (Number.isFinite(equity)) out.set(userId, equity);
    }
    return out;
  }

  private riskMarket(instrumentId: number): RiskMarket {
    const markets = this.deps.pricing.markets;
    const inst = markets.requireInstrument(instrumentId);
    const q = markets.quote(inst);
    let conversion: RiskMarket['conversion'] = null;
    // The same route the booking converts along (packages/trading), so the levels watch its pair.
    const route = usdRouteFor(inst.quoteCurrency, (code) => markets.instrument(code) !== undefined);
    if (route?.kind === 'pair') {
      const pair = markets.instrument(route.code);
      if (pair) {
        const pq = markets.quote(pair);
        conversion = {
          instrumentId: pair.id,
          precision: pair.pricePrecision,
          mid: (Number(pq.bid) + Number(pq.ask)) / 2,
        };
      }
    }
    return {
      bid: Number(q.bid),
      ask: Number(q.ask),
      precision: inst.pricePrecision,
      rate: markets.quoteToUsd(inst).toNumber(),
      conversion,
    };
  }

  // ---- the tick path -----------------------------------------------------------------------

  private onTick(tick: MarketTick): void {
    if (!this.running) return;
    const inst = tick.instrument;
    const p = inst.pricePrecision;
    const fires = this.fires;
    fires.length = 0;
    try {
      this.book.onTick(inst.id, parsePrice(tick.bid, p), parsePrice(tick.ask, p), fires);
    } catch (err) {
      this.fault('tick', err, { instrumentId: inst.id });
    }
    if (fires.length === 0) return;
    const quote = { bid: tick.bid, ask: tick.ask };
    for (const f of fires) {
      try {
        if (f.kind === 'risk') {
          this.spawn(this.checkRisk(f.ref));
        } else if (f.kind === 'band') {
          this.relevel(f.ref);
        } else {
          const o = this.records.get(f.ref);
          if (!o) continue;
          if (f.kind === 'fill') this.spawn(this.fill(o, openingPriceOf(o.side, quote)));
          else this.spawn(this.close(o, closingPriceOf(o.side, quote), f.kind));
        }
      } catch (err) {
        this.fault('tick', err, { kind: f.kind, ref: f.ref });
      }
    }
  }

  private async close(o: OrderRecord, price: string, reason: 'tp' | 'sl'): Promise<void> {
    try {
      await this.deps.service.closeByServer(o, price, reason, this.term);
    } catch (err) {
      this.fault('job', err, { orderId: o.id, job: 'close' });
      await this.reload(o.id);
    } finally {
      this.book.release(o.id);
    }
  }

  private async fill(o: OrderRecord, price: string): Promise<void> {
    try {
      await this.deps.service.fillByServer(o, price, this.term);
    } catch (err) {
      this.fault('job', err, { orderId: o.id, job: 'fill' });
      await this.reload(o.id);
    } finally {
      this.book.release(o.id);
    }
  }

  /** Exact check (decimal maths, fresh from the database); closes the worst position until safe. */
  private async checkRisk(userId: number): Promise<void> {
    const { db, pricing, service } = this.deps;
    if (this.checking.has(userId)) return;
    this.checking.add(userId);
    this.book.setUserBusy(userId, true);
    try {
      // The exact check reads the setting itself; the levels' copy changes only in refreshSettings,
      // which re-derives every account's levels when it does.
      const { stopOutPct } = await pricing.settingsNow();
      for (let step = 0; step < MAX_STOP_OUT_STEPS; step++) {
        const holdings = await selectUserOrders(db.kysely, userId, [1]);
        const balance = (await selectBalances(db.kysely, [userId])).get(userId);
        if (!balance || holdings.length === 0) return;
        const figures = service.figures(holdings, balance.freeMicros, balance.frozenMicros);
        // Money on its way out (a pending withdrawal) backs nothing.
        const equity =
          figures.freeMicros + figures.frozenMicros - balance.leavingMicros + figures.profitMicros;
        if (!isStopOut({ equityMicros: equity, usedMarginMicros: figures.marginMicros }, stopOutPct)) return;
        // Only positions whose market is open can be closed; the plan orders them worst first.
        const closable = holdings
          .map((o) => ({ o, inst: pricing.instrument(o.instrumentId) }))
          .filter(({ inst }) => pricing.markets.isOpen(inst));
        const plan = stopOutPlan(
          equity,
          closable.map(({ o, inst }) => ({
            id: o.id,
            marginMicros: o.marginMicros,
            floatingPnlMicros: pricing.floating(o, inst),
          })),
          stopOutPct,
        );
        const worst = closable.find(({ o }) => o.id === plan[0]);
        if (!worst) return;
        const price = closingPriceOf(worst.o.side, pricing.quote(worst.inst));
        await service.closeByServer(worst.o, price, 'stop_out', this.term);
      }
    } catch (err) {
      this.fault('job', err, { userId, job: 'stop-out' });
    } finally {
      this.checking.delete(userId);
      this.book.setUserBusy(userId, false);
      const u = this.users.get(userId);
      if (u) {
        const balance = (await this.readBalances(db.kysely, [userId]).catch(() => new Map())).get(userId) as
          | AccountBalance
          | undefined;
        if (balance) this.setBalance(u, balance);
        this.relevelQuiet(userId);
      }
    }
  }

  /** relevel without scheduling a new check from inside a check (the next tick will, if needed). */
  private relevelQuiet(userId: number): void {
    const user = this.users.get(userId);
    if (!user || !this.running) return;
    if (user.holdings.size === 0) {
      this.book.clearUser(userId);
      return;
    }
    this.relevel(userId, true);
  }

  private async reload(orderId: number): Promise<void> {
    const fresh = await selectOrder(this.deps.db.kysely, orderId).catch(() => undefined);
    if (!fresh) return;
    try {
      if (fresh.status === 3) this.untrack(fresh);
      else this.track(fresh);
    } catch (err) {
      this.fault('job', err, { orderId, job: 'reload' });
    }
  }

  /** A balance changed outside an order: the account's stop-out level moves now. */
  private applyBalance(event: BalanceEvent): void {
    const u = this.users.get(event.userId);
    if (!u) return;
    const before = u.balanceMicros;
    this.setBalance(u, { ...event, leavingMicros: event.leavingMicros ?? u.leavingMicros });
    u.balanceSetAt = ++this.balanceEvents;
    if (u.balanceMicros === before) return;
    this.relevelSafely(event.userId, 'event');
  }

  private async resyncBalances(): Promise<void> {
    if (!this.running) return;
    const { pricing, db } = this.deps;
    await this.refreshSettings();
    const ids = [...this.users.entries()].filter(([, u]) => u.holdings.size > 0).map(([id]) => id);
    // RESYNC_PAGE accounts per read, a turn of the event loop between reads: with 10,000 copy
    // accounts holding positions, one read of all their balances was a block of the server's thread
    // (tens of ms) every five seconds, which any request arriving then waited behind.
    for (let from = 0; from < ids.length; from += RESYNC_PAGE) {
      if (from > 0) await backgroundTurn();
      if (!this.running) return;
      // On the reader: on SQLite a read on the writer's connection queues for it (behind a batch
      // of copies, and ahead of the next trader's batch, its mutex being first come first served).
      const balances = await this.readBalances(db.reader, ids.slice(from, from + RESYNC_PAGE));
      for (const [userId, b] of balances) {
        const u = this.users.get(userId);
        if (!u) continue;
        const before = u.balanceMicros;
        this.setBalance(u, b);
        if (u.balanceMicros !== before) this.relevelSafely(userId, 'job');
      }
    }
    for (const inst of pricing.markets.instruments()) {
      this.book.compact(inst.id, (userId) => this.users.get(userId)?.levels ?? []);
    }
    for (const [userId, u] of this.users) {
      if (u.holdings.size === 0 && u.pending.size === 0) this.users.delete(userId);
    }
  }

  private spawn(p: Promise<unknown>): void {
    const tracked = p.catch((err: unknown) => this.fault('job', err));
    this.jobs.add(tracked);
    void tracked.finally(() => this.jobs.delete(tracked));
  }
}

function key(text: string | null, precision: number): number | null {
  return text === null ? null : parsePrice(text, precision);
}

export function toIndexed(o: OrderRecord, inst: Instrument): IndexedOrder {
  const p = inst.pricePrecision;
  return {
    id: o.id,
    userId: o.userId,
    instrumentId: o.instrumentId,
    side: o.side,
    status: o.status === 0 ? 0 : 1,
    version: o.version,
    tpKey: key(o.tp, p),
    slKey: key(o.sl, p),
    targetKey: key(o.targetPrice, p),
    fillDirection: o.fillDirection,
  };
}
