import type { SetStopPriceQuery as StopSchema, SubmitOrderQuery as SubmitSchema } from '@meridian/contract';
import {
  type ForexDetail,
  groupThousands,
  MY_DEAL_PAGE_SIZE,
  type MyDealResponse,
  type Order,
  PLACE_PENDING,
  type ResetDemoResponse,
  type SetStopPriceQuery,
  type SubmitOrderQuery,
  TOPIC_FOREX_CLOSED,
} from '@meridian/contract';
import {
  formatMicros,
  type InstrumentTerms,
  marginMicros,
  type OpenCost,
  openCost,
  pendingFillDirection,
  validateProtection,
} from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database.js';
import type { AfterCommit, WriteQueue } from '../../db/write-queue.js';
import { failpoint } from '../../failpoint.js';
import { AppError } from '../../http/app-error.js';
import { recordAnswer } from '../../http/idempotency.js';
import type { EventBus } from '../../live/event-bus.js';
import type { LiveGateway } from '../../live/gateway.js';
import { postLedgerEntry, readBalance, wholeCents } from '../accounts/index.js';
import type { AuthUser } from '../identity/index.js';
import type { Instrument } from '../markets/index.js';
import { cancelPending, closeHolding, fillPending, LEDGER_KINDS, type Opened, openOrder } from './booking.js';
import { clearlyCovered, ExposureCache, toExposure, withHolding } from './free-margin.js';
import { OrderLimits } from './limits.js';
import {
  BALANCE_EVENTS_CHANNEL,
  type BalanceEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderEvent,
  type OrderRecord,
  STATUS_HISTORY,
  STATUS_HOLDING,
  STATUS_PENDING,
  type StatusCode,
} from './model.js';
import {
  type AccountBalance,
  countOrders,
  countOwnersOrders,
  selectBalances,
  selectHoldingExposure,
  selectOrder,
  selectOrderPage,
  selectOwnersOrderPage,
  selectOwnOrder,
  selectUserOrders,
  sumRealised,
  updateOrderIf,
} from './orders.repository.js';
import { money, presentFigures, presentOrder } from './present.js';
import { closingPriceOf, openingPriceOf, type Pricing, type RiskSettings } from './pricing.js';
import {
  checkLeverage,
  checkLots,
  checkPriceBand,
  parseUserPrice,
  priceBand,
  withinMoneyCeiling,
} from './validation.js';

type Submit = z.output<typeof SubmitSchema>;
type SetStops = z.output<typeof StopSchema>;

export type { SetStopPriceQuery, SubmitOrderQuery };

export interface TradingDeps {
  db: Db;
  pricing: Pricing;
  queue: WriteQueue;
  bus: EventBus;
  live: LiveGateway;
  log: FastifyBaseLogger;
  now: () => number;
  /**
   * Scale-out fencing (cluster/lease.ts): run first in each of the worker's booking transactions;
   * throws unless `term` still holds the leader lease, so a leader that lost it books nothing.
   */
  fence?: (tx: Tx, term: number) => Promise<void>;
}

export interface SubmitOptions {
  /** Placed by the server for an account it runs (copy trading): no per-trader rate limit. */
  byServer?: boolean;
  /** Runs inside the placement's transaction, after the order row exists. */
  inTx?: (tx: Tx, order: OrderRecord) => Promise<void>;
  /** Queued behind traders' requests (copy trading's fan-out; see WriteQueue RunOptions). */
  background?: boolean;
}

/** Whether an account's trading is frozen; answered from memory, on the order path. */
export interface TradingRestrictions {
  tradingFrozen(userId: number): boolean;
}

/**
 * Work an order event owes another feature, written in the event's own booking transaction (copy
 * trading's outbox). `wants` is asked for every event, on the order path: answered from memory.
 */
export interface EventOutbox {
  wants(event: OrderEvent): boolean;
  write(tx: Tx, event: OrderEvent): Promise<void>;
}

/** The copy accounts a trader follows with, so their positions show in the trader's Orders. */
export interface CopyDirectory {
  accountsOf(userId: number): Promise<ReadonlyArray<{ accountId: number; copyId: number; name: string }>>;
}

export interface PastTrade {
  instrumentId: number;
  side: 'buy' | 'sell';
  lots: string;
  leverage: number;
  openPrice: string;
  openAt: number;
  closePrice: string;
  closeAt: number;
}

export type CloseReasonByServer = 'tp' | 'sl' | 'stop_out';

/** An order the worker acts on: its id, and its owner (whose write lane the booking runs in). */
export interface OrderRef {
  id: number;
  userId: number;
}

/**
 * The order engine: every user call and every trigger of the worker comes through here. Each
 * change is one write-queue job (one transaction, or one savepoint of a group commit) and, once
 * committed, one OrderEvent on the bus for the worker and the live pushes.
 */
/** Costs kept per terms (TradingService.costOf): past it they are forgotten at once. */
const COSTS_KEPT = 256;

export class TradingService {
  private readonly limits = new OrderLimits();
  /** Each account's holdings summed, for its next order's free-margin estimate (free-margin.ts). */
  private readonly exposures = new ExposureCache();
  /**
   * Margin and fee by the inputs that decide them, per terms (a settings or catalogue change makes
   * new terms): a copy trade's fan-out books thousands of orders of a few volumes at one price, and
   * each cost was 3-4 µs of decimal work.
   */
  private readonly costs = new WeakMap<InstrumentTerms, Map<string, Readonly<OpenCost>>>();
  private copyDirectory: CopyDirectory | undefined;
  private outbox: EventOutbox | undefined;
  private restrictions: TradingRestrictions | undefined;

  constructor(private readonly d: TradingDeps) {}

  /** Compliance's holds (the staff feature's restriction book): a frozen account opens nothing. */
  useRestrictions(restrictions: TradingRestrictions): void {
    this.restrictions = restrictions;
  }

  /** Whether compliance holds this account's trading (copy trading asks for a copy's follower). */
  tradingFrozen(userId: number): boolean {
    return this.restrictions?.tradingFrozen(userId) ?? false;
  }

  // ---- user calls ----------------------------------------------------------------------------

  async submit(user: AuthUser, q: Submit, options: SubmitOptions = {}): Promise<Order> {
    const order = await this.place(user, q, options);
    return presentOrder(order, this.d.pricing.instrument(order.instrumentId), this.d.pricing);
  }

  /**
   * A market order for an account the server runs (a copy account): the same checks and booking
   * as a trader's submit, without the per-trader rate limit; `inTx` runs in the booking's
   * transaction (the copy's link row), so both commit or neither.
   */
  async openFor(
    account: AuthUser,
    q: Submit,
    inTx: (tx: Tx, order: OrderRecord) => Promise<void>,
  ): Promise<OrderRecord> {
    return this.place(account, q, { byServer: true, inTx, background: true });
  }

  private async place(user: AuthUser, q: Submit, options: SubmitOptions): Promise<OrderRecord> {
    const { pricing } = this.d;
    const inst = pricing.markets.instrument(q.forex_id);
    if (!inst) throw new AppError('unknown_instrument');
    // The dealing desk switched it off: positions may still be closed, nothing new opens.
    if (!inst.enabled) throw new AppError('market_closed');
    if (!options.byServer && this.restrictions?.tradingFrozen(user.userId))
      throw new AppError('trading_frozen');
    const { settings, terms } = await pricing.terms(inst);
    checkLeverage(q.multiple, terms);
    const lots = checkLots(q.cont, terms);
    const side = q.type === 1 ? 'buy' : 'sell';
    const pending = q.status === PLACE_PENDING;
    let target: string | null = null;
    if (pending) {
      target = parseUserPrice(q.target_price, inst.pricePrecision);
      if (target === null) throw new AppError('target_price_required');
    }
    const tpText = parseUserPrice(q.target_profit_price, inst.pricePrecision);
    const slText = parseUserPrice(q.stop_loss_price, inst.pricePrecision);
    if (!pricing.markets.isOpen(inst)) throw new AppError('market_closed');
    if (!pending) pricing.markets.requireFreshPrice(inst);
    const quote = pricing.quote(inst);
    // Every typed price within the band around the current price (and so representable); most
    // market orders type none, and the band is decimal work.
    if (target !== null || tpText !== null || slText !== null) {
      const band = priceBand(quote, inst.pricePrecision, settings.priceBandPct);
      for (const typed of [target, tpText, slText]) if (typed !== null) checkPriceBand(typed, band);
    }
    const reference = target ? { bid: target, ask: target } : quote;
    const protection = validateProtection({ side, quote: reference, takeProfit: tpText, stopLoss: slText });
    if (!protection.ok) throw new AppError(protection.error, protection.params);
    const price = target ?? openingPriceOf(side, quote);
    const cost = this.costOf(inst, terms, settings, lots, price, q.multiple);
    const at = this.d.now();
    if (!options.byServer) this.limits.admit(user.userId, settings, at);
    const order = await this.d.queue.run(
      async (tx, afterCommit) => {
        const opened = await openOrder(
          tx,
          this.d.db.dialect,
          {
            userId: user.userId,
            instrumentId: inst.id,
            side,
            status: pending ? 0 : 1,
            lots,
            leverage: q.multiple,
            openPrice: pending ? null : price,
            targetPrice: target,
            fillDirection: target ? pendingFillDirection(side, quote, target) : null,
            tp: tpText,
            sl: slText,
            marginMicros: cost.marginMicros,
            feeMicros: cost.feeMicros,
            createdAt: at,
          },
          inst.showCode,
          !pending,
        );
        // Counted by the placement under the account's row lock, so racing orders count one by one.
        this.limits.checkCaps(pending, settings, opened.sameStatusAfter);
        // A market order that is the account's only position has nothing else to back: no read.
        if (pending || opened.sameStatusAfter > 1) {
          await this.requireFreeMargin(
            tx,
            afterCommit,
            opened,
            cost.marginMicros + (pending ? 0 : cost.feeMicros),
          );
        }
        if (options.inTx) await options.inTx(tx, opened.order);
        await recordAnswer(tx, () => presentOrder(opened.order, inst, pricing));
        await this.emit(tx, afterCommit, {
          order: opened.order,
          freeMicros: opened.freeMicros,
          frozenMicros: opened.frozenMicros,
        });
        return opened.order;
      },
      user.userId,
      // Independent: a placement reads and moves only its own account, and a copy's `inTx` only its
      // own link row (a copy gone meanwhile throws, and the batch runs again one job at a time).
      { background: options.background ?? false, independent: true },
    );
    return order;
  }

  /** `reason` 'copy': a copy account's position closed by its copy (the provider closed, or the copy stopped). */
  async close(user: AuthUser, id: number, reason: 'manual' | 'copy' = 'manual'): Promise<Order> {
    const order = await this.closeRecord(user, id, reason);
    return presentOrder(order, this.d.pricing.instrument(order.instrumentId), this.d.pricing);
  }

  /**
   * close without the answer's presentation (copy trading's fan-out has no one to answer). `known`:
   * the holding as its caller read it (the fan-out reads its copied orders a page at a time), so
   * the booking does not read it again; a holding's prices, lots and margin never change, and the
   * close's status-guarded UPDATE refuses one closed meanwhile (order_not_holding), as for any close.
   */
  async closeRecord(
    user: AuthUser,
    id: number,
    reason: 'manual' | 'copy' = 'manual',
    known?: OrderRecord,
  ): Promise<OrderRecord> {
    const { pricing } = this.d;
    const reuse =
      known !== undefined &&
      known.id === id &&
      known.userId === user.userId &&
      known.status === STATUS_HOLDING;
    const order = await this.d.queue.run(
      async (tx, afterCommit) => {
        const current = reuse ? known : await selectOwnOrder(tx, id, user.userId);
        if (!current) throw new AppError('order_not_found');
        if (current.status !== STATUS_HOLDING) throw new AppError('order_not_holding');
        const inst = pricing.instrument(current.instrumentId);
        if (!pricing.markets.isOpen(inst)) throw new AppError('market_closed');
        pricing.markets.requireFreshPrice(inst);
        const price = closingPriceOf(current.side, pricing.quote(inst));
        const booked = await closeHolding(
          tx,
          current,
          inst,
          price,
          pricing.pnlAt(current, inst, price),
          reason,
          this.d.now(),
        );
        // Tests: killed while a copy's close (and its batch) is uncommitted.
        if (reason === 'copy') failpoint('copy.closing');
        await recordAnswer(tx, () => presentOrder(booked.order, inst, pricing));
        await this.emit(tx, afterCommit, booked.event);
        return booked.order;
      },
      user.userId,
      // A copy's close reads nothing first (the fan-out passes the order) and changes only its own
      // account and order through guarded statements: on PostgreSQL the copies' closes of a batch
      // go out together, one statement for many (closing.repository.ts).
      { background: reason === 'copy', independent: reason === 'copy' },
    );
    return order;
  }

  async cancel(user: AuthUser, id: number): Promise<Order> {
    const { pricing } = this.d;
    const order = await this.d.queue.run(async (tx, afterCommit) => {
      const current = await selectOwnOrder(tx, id, user.userId);
      if (!current) throw new AppError('order_not_found');
      if (current.status !== STATUS_PENDING) throw new AppError('order_not_pending');
      const inst = pricing.instrument(current.instrumentId);
      const booked = await cancelPending(tx, current, inst, 'cancelled', this.d.now());
      await recordAnswer(tx, () => presentOrder(booked.order, inst, pricing));
      await this.emit(tx, afterCommit, booked.event);
      return booked.order;
    }, user.userId);
    return presentOrder(order, pricing.instrument(order.instrumentId), pricing);
  }

  /** `background`: a copy's levels set by the copy (queued behind traders' requests). */
  async setStops(user: AuthUser, q: SetStops, background = false): Promise<Order> {
    const { pricing } = this.d;
    const { priceBandPct } = await pricing.settingsNow();
    const order = await this.d.queue.run(
      async (tx, afterCommit) => {
        const current = await selectOwnOrder(tx, q.id, user.userId);
        if (!current) throw new AppError('order_not_found');
        if (current.status !== STATUS_HOLDING) throw new AppError('order_not_holding');
        const inst = pricing.instrument(current.instrumentId);
        const tp = parseUserPrice(q.target_profit_price, inst.pricePrecision);
        const sl = parseUserPrice(q.stop_loss_price, inst.pricePrecision);
        pricing.markets.requireFreshPrice(inst);
        const quote = pricing.quote(inst);
        const band = priceBand(quote, inst.pricePrecision, priceBandPct);
        for (const typed of [tp, sl]) if (typed !== null) checkPriceBand(typed, band);
        const check = validateProtection({
          side: current.side,
          quote,
          takeProfit: tp,
          stopLoss: sl,
        });
        if (!check.ok) throw new AppError(check.error, check.params);
        const updated = await updateOrderIf(tx, current.id, STATUS_HOLDING, { tp, sl });
        if (!updated) throw new AppError('order_not_holding');
        const balance = await readBalance(tx, user.userId);
        await recordAnswer(tx, () => presentOrder(updated, inst, pricing));
        await this.emit(tx, afterCommit, {
          order: updated,
          freeMicros: balance.balanceMicros,
          frozenMicros: balance.frozenMicros,
        });
        return updated;
      },
      user.userId,
      { background },
    );
    return presentOrder(order, pricing.instrument(order.instrumentId), pricing);
  }

  async myDeal(user: AuthUser, status: StatusCode, page: number): Promise<MyDealResponse> {
    const { db, pricing } = this.d;
    // Positions of the trader's copy accounts show among their own, marked (holding and history).
    const copies =
      status !== STATUS_PENDING && this.copyDirectory ? await this.copyDirectory.accountsOf(user.userId) : [];
    const owners = [user.userId, ...copies.map((c) => c.accountId)];
    const offset = (page - 1) * MY_DEAL_PAGE_SIZE;
    const [rows, total, holdings, balance, realised] = await Promise.all([
      copies.length === 0
        ? selectOrderPage(db.kysely, user.userId, status, MY_DEAL_PAGE_SIZE, offset)
        : selectOwnersOrderPage(db.kysely, owners, status, MY_DEAL_PAGE_SIZE, offset),
      copies.length === 0
        ? countOrders(db.kysely, user.userId, status)
        : countOwnersOrders(db.kysely, owners, status),
      selectUserOrders(db.kysely, user.userId, [STATUS_HOLDING]),
      this.balanceOf(user.userId),
      status === STATUS_HISTORY ? sumRealised(db.kysely, user.userId) : Promise.resolve(0),
    ]);
    const figures = this.figures(holdings, balance.freeMicros, balance.frozenMicros);
    const allFactProfits =
      status === STATUS_HISTORY ? realised : status === STATUS_HOLDING ? figures.profitMicros : 0;
    const copyOf = new Map(copies.map((c) => [c.accountId, c]));
    return {
      ...presentFigures({ ...figures, leavingMicros: balance.leavingMicros }),
      data: rows.map((o) => {
        const presented = presentOrder(o, pricing.instrument(o.instrumentId), pricing);
        const copy = copyOf.get(o.userId);
        return copy ? { ...presented, CopyId: copy.copyId, CopyName: copy.name } : presented;
      }),
      total,
      page,
      all_fact_profits: money(allFactProfits),
    };
  }

  /** Set by the copy-trading feature: whose copy accounts to list with a trader's orders. */
  useCopyDirectory(directory: CopyDirectory): void {
    this.copyDirectory = directory;
  }

  /** Set by the copy-trading feature: which order events its outbox takes, written in their booking. */
  useEventOutbox(outbox: EventOutbox): void {
    this.outbox = outbox;
  }

  async detail(user: AuthUser): Promise<ForexDetail> {
    const { db } = this.d;
    const [holdings, balance] = await Promise.all([
      selectUserOrders(db.kysely, user.userId, [STATUS_HOLDING]),
      this.balanceOf(user.userId),
    ]);
    return presentFigures({
      ...this.figures(holdings, balance.freeMicros, balance.frozenMicros),
      leavingMicros: balance.leavingMicros,
    });
  }

  /** An account's free and frozen money, and the frozen part leaving it (pending withdrawals). */
  async balanceOf(userId: number): Promise<AccountBalance> {
    return (
      (await selectBalances(this.d.db.kysely, [userId])).get(userId) ?? {
        freeMicros: 0,
        frozenMicros: 0,
        leavingMicros: 0,
      }
    );
  }

  /**
   * Demo reset, one transaction: cancels every pending order, closes every holding at the current
   * price (booking its P&L, with the balance protection if needed), then books the difference back
   * to the starting balance. The ledger shows each step.
   */
  async resetDemo(user: AuthUser): Promise<ResetDemoResponse> {
    if (!user.isDemo) throw new AppError('demo_only');
    const { pricing } = this.d;
    const { demoStartMicros } = await pricing.settingsNow();
    return this.d.queue.run(async (tx, afterCommit) => {
      const at = this.d.now();
      const open = await selectUserOrders(tx, user.userId, [STATUS_PENDING, STATUS_HOLDING]);
      for (const order of open) {
        const inst = pricing.instrument(order.instrumentId);
        const booked =
          order.status === STATUS_PENDING
            ? await cancelPending(tx, order, inst, 'reset', at)
            : await (async () => {
                const price = closingPriceOf(order.side, pricing.quote(inst));
                return closeHolding(tx, order, inst, price, pricing.pnlAt(order, inst, price), 'reset', at);
              })();
        await this.emit(tx, afterCommit, booked.event);
      }
      const balance = await readBalance(tx, user.userId);
      const delta = demoStartMicros - balance.balanceMicros;
      if (delta === 0)
        return { balance: money(balance.balanceMicros), lock_balance: money(balance.frozenMicros) };
      const posted = await postLedgerEntry(tx, {
        userId: user.userId,
        kind: LEDGER_KINDS.demoReset,
        freeDelta: delta,
        frozenDelta: 0,
        memoKey: 'ledger_demo_reset',
        at,
      });
      return { balance: money(posted.balanceMicros), lock_balance: money(posted.frozenMicros) };
    }, user.userId);
  }

  /**
   * A trade that happened in the past, booked through the same steps as a live one with its own
   * timestamps: opened at `openPrice` at `openAt`, closed at `closePrice` at `closeAt` (the sample
   * strategies' history over the generated chart; see copy/samples.ts). Refused like a live order
   * when the account cannot margin it. No event is published: nothing live follows a past trade.
   */
  async bookPast(account: AuthUser, t: PastTrade): Promise<OrderRecord> {
    const { pricing } = this.d;
    const inst = pricing.instrument(t.instrumentId);
    const { settings, terms } = await pricing.terms(inst);
    checkLeverage(t.leverage, terms);
    const lots = checkLots(t.lots, terms);
    const cost = this.costOf(inst, terms, settings, lots, t.openPrice, t.leverage);
    return this.d.queue.run(
      async (tx) => {
        const opened = await openOrder(
          tx,
          this.d.db.dialect,
          {
            userId: account.userId,
            instrumentId: inst.id,
            side: t.side,
            status: 1,
            lots,
            leverage: t.leverage,
            openPrice: t.openPrice,
            targetPrice: null,
            fillDirection: null,
            tp: null,
            sl: null,
            marginMicros: cost.marginMicros,
            feeMicros: cost.feeMicros,
            createdAt: t.openAt,
          },
          inst.showCode,
          true,
        );
        const booked = await closeHolding(
          tx,
          opened.order,
          inst,
          t.closePrice,
          pricing.pnlAt(opened.order, inst, t.closePrice),
          'manual',
          t.closeAt,
        );
        return booked.order;
      },
      account.userId,
      { background: true },
    );
  }

  // ---- the worker's calls -----------------------------------------------------------------

  /**
   * Closes a holding order for TP, SL or stop-out at the triggering tick's executable price, through
   * the same guarded path as a user close. Returns false when the order was no longer holding.
   * `term`: the worker's leadership term, checked in the transaction (see TradingDeps.fence).
   */
  async closeByServer(
    target: OrderRef,
    price: string,
    reason: CloseReasonByServer,
    term?: number,
  ): Promise<boolean> {
    const { pricing } = this.d;
    try {
      await this.d.queue.run(async (tx, afterCommit) => {
        await this.fenced(tx, term);
        const current = await selectOrder(tx, target.id);
        if (!current || current.status !== STATUS_HOLDING) throw new AppError('order_not_holding');
        const inst = pricing.instrument(current.instrumentId);
        const booked = await closeHolding(
          tx,
          current,
          inst,
          price,
          pricing.pnlAt(current, inst, price),
          reason,
          this.d.now(),
        );
        await this.emit(tx, afterCommit, booked.event);
        afterCommit(() => this.pushClosed(booked.order, reason));
      }, target.userId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.key === 'order_not_holding') return false;
      throw error;
    }
  }

  /**
   * Fills a pending order at `price`. When the free balance cannot pay the fee, the order is
   * cancelled instead (margin released) and the user told with FOREX_CLOSED.
   */
  async fillByServer(
    target: OrderRef,
    price: string,
    term?: number,
  ): Promise<'filled' | 'cancelled' | 'gone'> {
    const { pricing } = this.d;
    // The margin at the fill price, worked out before the transaction (the terms may read settings).
    const known = await selectOrder(this.d.db.kysely, target.id);
    if (!known || known.status !== STATUS_PENDING) return 'gone';
    const restated = await this.marginAt(known, price);
    try {
      await this.d.queue.run(async (tx, afterCommit) => {
        await this.fenced(tx, term);
        const current = await selectOrder(tx, target.id);
        if (!current || current.status !== STATUS_PENDING) throw new AppError('order_not_pending');
        const booked = await fillPending(
          tx,
          current,
          pricing.instrument(current.instrumentId),
          price,
          this.d.now(),
          restated,
        );
        await this.emit(tx, afterCommit, booked.event);
      }, target.userId);
      return 'filled';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.key === 'order_not_pending') return 'gone';
      if (error.key !== 'insufficient_balance') throw error;
    }
    try {
      await this.d.queue.run(async (tx, afterCommit) => {
        await this.fenced(tx, term);
        const current = await selectOrder(tx, target.id);
        if (!current || current.status !== STATUS_PENDING) throw new AppError('order_not_pending');
        const booked = await cancelPending(
          tx,
          current,
          pricing.instrument(current.instrumentId),
          'cancelled',
          this.d.now(),
        );
        await this.emit(tx, afterCommit, booked.event);
        afterCommit(() => this.pushClosed(booked.order, 'cancelled'));
      }, target.userId);
      return 'cancelled';
    } catch (error) {
      if (error instanceof AppError && error.key === 'order_not_pending') return 'gone';
      throw error;
    }
  }

  /** Margin and fee of opening `lots` at `price` (order_too_large past the money ceiling). */
  private costOf(
    inst: Instrument,
    terms: InstrumentTerms,
    settings: RiskSettings,
    lots: string,
    price: string,
    leverage: number,
  ) {
    const quoteToUsd = this.d.pricing.markets.quoteToUsd(inst);
    let known = this.costs.get(terms);
    if (!known) {
      known = new Map();
      this.costs.set(terms, known);
    }
    const key = `${lots} ${price} ${leverage} ${settings.tradeFeeType} ${quoteToUsd.toString()}`;
    const hit = known.get(key);
    if (hit) return hit;
    const cost = Object.freeze(
      withinMoneyCeiling(() =>
        openCost({ terms, lots, price, leverage, quoteToUsd, tradeFeeType: settings.tradeFeeType }),
      ),
    );
    if (known.size >= COSTS_KEPT) known.clear();
    known.set(key, cost);
    return cost;
  }

  /** The margin `order` would need at `price` under the current terms (a pending order's fill). */
  private async marginAt(order: OrderRecord, price: string): Promise<number> {
    const { pricing } = this.d;
    const inst = pricing.instrument(order.instrumentId);
    const { terms } = await pricing.terms(inst);
    return withinMoneyCeiling(() =>
      marginMicros({
        terms,
        lots: order.lots,
        price,
        leverage: order.leverage,
        quoteToUsd: pricing.markets.quoteToUsd(inst),
      }),
    );
  }

  /**
   * The loss on an account's open positions at current prices, in micros (0 when they stand in
   * profit, or none is open): money that backs those positions, which no withdrawal may take out.
   * `except`: an order left out (a new order, counted against the others).
   */
  async openLossMicros(
    db: Parameters<typeof selectUserOrders>[0],
    userId: number,
    except?: number,
  ): Promise<number> {
    const holdings = await selectUserOrders(db, userId, [STATUS_HOLDING]);
    const counted = except === undefined ? holdings : holdings.filter((o) => o.id !== except);
    return Math.max(0, -this.figures(counted, 0, 0).profitMicros);
  }

  /**
   * Tells the stop-out monitor an account's balance moved outside an order (call after the commit):
   * a withdrawal requested, paid or returned changes the money that backs its positions.
   */
  announceBalance(userId: number): void {
    selectBalances(this.d.db.kysely, [userId])
      .then((balances) => {
        const b = balances.get(userId);
        if (!b) return;
        const event: BalanceEvent = {
          userId,
          freeMicros: b.freeMicros,
          frozenMicros: b.frozenMicros,
          leavingMicros: b.leavingMicros,
        };
        this.d.bus.publish(BALANCE_EVENTS_CHANNEL, event);
      })
      .catch((err: unknown) => this.d.log.error({ err, userId }, 'announcing a balance failed'));
  }

  /**
   * A careful broker's rule for money into a new order: it comes from the free margin, the free
   * balance less the loss the account's open positions stand at (an open profit adds nothing: it is
   * not money until closed), as money out does (withdrawals, copy allocations). Paid from the cash
   * that backs a losing position, the new order would leave both unbacked: a stop-out at the next
   * tick, and the house covering what falls below zero. Runs in the placement's transaction, after
   * the placement (`opened`, the account as it left it; `paid`, the margin and fee it took), under
   * the same account lock; throws insufficient_free_margin, naming the free margin and the need,
   * and the placement rolls back with it.
   *
   * First an estimate (free-margin.ts), from the account's other holdings summed per instrument and
   * side in doubles: when the free balance left exceeds the estimated loss by more than the
   * estimate's possible error, the rule holds and nothing more is read. Otherwise (near the line,
   * or over it) the decision is made exactly, from every holding priced in decimals, as the figures
   * the trader sees are.
   */
  private async requireFreeMargin(
    tx: Tx,
    afterCommit: AfterCommit,
    opened: Opened,
    paidMicros: number,
  ): Promise<void> {
    const o = opened.order;
    // The placement bumped the account's version by one: the sums made at the version before it
    // are the account's other holdings, if nothing else changed the account since.
    const exposure =
      this.exposures.get(o.userId, opened.accountVersion - 1) ??
      toExposure(await selectHoldingExposure(tx, o.userId, o.id));
    if (!clearlyCovered<Instrument>(opened.freeMicros, exposure, this.d.pricing)) {
      await this.requireFreeMarginExactly(tx, opened, paidMicros);
    }
    // The placement holds: the account's sums after it, for its next order, once committed.
    const after =
      o.status === STATUS_HOLDING && o.openPrice !== null
        ? withHolding(exposure, {
            instrumentId: o.instrumentId,
            side: o.side,
            lots: o.lots,
            openPrice: o.openPrice,
          })
        : exposure;
    afterCommit(() => this.exposures.set(o.userId, opened.accountVersion, after));
  }

  /** requireFreeMargin's decision made exactly: every holding priced in decimals. */
  private async requireFreeMarginExactly(tx: Tx, opened: Opened, paidMicros: number): Promise<void> {
    const loss = await this.openLossMicros(tx, opened.order.userId, opened.order.id);
    if (opened.freeMicros >= loss) return;
    throw new AppError('insufficient_free_margin', {
      free: groupThousands(wholeCents(opened.freeMicros + paidMicros - loss)),
      need: groupThousands(centsUp(paidMicros)),
    });
  }

  /** Margin and floating P&L of the holding orders at current quotes. */
  figures(holdings: readonly OrderRecord[], freeMicros: number, frozenMicros: number) {
    const { pricing } = this.d;
    let marginMicros = 0;
    let profitMicros = 0;
    for (const o of holdings) {
      marginMicros += o.marginMicros;
      profitMicros += pricing.floating(o, pricing.instrument(o.instrumentId));
    }
    return { freeMicros, frozenMicros, marginMicros, profitMicros };
  }

  instrumentOf(order: OrderRecord): Instrument {
    return this.d.pricing.instrument(order.instrumentId);
  }

  private async fenced(tx: Tx, term: number | undefined): Promise<void> {
    if (term !== undefined && this.d.fence) await this.d.fence(tx, term);
  }

  /**
   * Publishes the event once its transaction commits; first, in that transaction, writes what the
   * event owes others durably (copy trading's outbox, for a provider's order), so a crash after the
   * commit loses none of it.
   */
  private async emit(tx: Tx, afterCommit: AfterCommit, event: OrderEvent): Promise<void> {
    const outbox = this.outbox;
    if (outbox?.wants(event)) await outbox.write(tx, event);
    afterCommit(() => this.d.bus.publish(ORDER_EVENTS_CHANNEL, event));
  }

  private pushClosed(order: OrderRecord, reason: 'tp' | 'sl' | 'stop_out' | 'cancelled'): void {
    this.d.live.sendToUser(
      order.userId,
      {
        type: TOPIC_FOREX_CLOSED,
        code: 1,
        data: {
          Id: order.id,
          reason,
          FactProfits: money(order.pnlMicros),
          Price: order.closePrice ?? order.targetPrice ?? '0',
        },
      },
      TOPIC_FOREX_CLOSED,
    );
  }
}

/** An amount needed, for a message: USD rounded up to the cent, so it never reads less than it is. */
function centsUp(micros: number): string {
  return formatMicros(Math.ceil(micros / 10_000) * 10_000, 2);
}
