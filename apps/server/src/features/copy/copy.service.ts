/**
 * Copy trading's calls: publishing strategies, starting, funding and stopping copies, and the
 * pages that show them. Money moves only through postLedgerEntry inside write-queue jobs; a copy
 * account is a server-run account with its own balance and ledger (migration 0012).
 */
import {
  type CopyDetail,
  type CopyForm,
  type CopyFundsForm,
  type CopyStopReason,
  type CopySummary,
  type CopyTradeMessage,
  type EquityPeriod,
  groupThousands,
  type Lang,
  type MyCopies,
  type MyStrategy,
  type PublishForm,
  RANKING_WINDOW_MS,
  routes,
  STRATEGIES_PAGE_SIZE,
  STRATEGY_FEE_MAX_PCT,
  STRATEGY_NAME_MAX,
  STRATEGY_NAME_MIN,
  type StaffUserProfile,
  type StrategiesQuery,
  type StrategyDetail,
  type StrategyEquity,
  type StrategyPage,
  type StrategySummary,
  type StrategyUpdateForm,
  TOPIC_COPY_TRADE,
} from '@meridian/contract';
import {
  formatFeeRate,
  markAfterDeposit,
  markAfterWithdrawal,
  parseFeeRate,
  settleFee,
} from '@meridian/trading';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { backgroundTurn } from '../../db/background-turns.js';
import type { Db, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { recordAnswer } from '../../http/idempotency.js';
import type { Translator } from '../../i18n/translator.js';
import type { EventBus } from '../../live/event-bus.js';
import type { LiveGateway } from '../../live/gateway.js';
import {
  parseAmount,
  parseMemoParams,
  postLedgerEntry,
  readBalance,
  readLedgerPage,
  toMoney,
  wholeCents,
} from '../accounts/index.js';
import type { AuthUser } from '../identity/index.js';
import { publicName } from '../identity/index.js';
import {
  BALANCE_EVENTS_CHANNEL,
  type BalanceEvent,
  isOrderEvent,
  ORDER_EVENTS_CHANNEL,
  type OrderRecord,
  presentOrder,
  STATUS_HISTORY,
  STATUS_HOLDING,
  STATUS_PENDING,
  selectBalances,
  selectOwnersOrders,
  selectUserOrders,
  type TradingEngine,
  toRecord,
} from '../trading/index.js';
import type { UploadService } from '../uploads/index.js';
import {
  addFeesEarned,
  anyCopyDueFees,
  type CopyRow,
  clearAvatar,
  countSkips,
  type GuardedCopy,
  insertCopy,
  insertCopyAccountUser,
  insertStrategy,
  type StrategyChange,
  type StrategyRow,
  selectCopiesDueFees,
  selectCopiesOf,
  selectCopy,
  selectGuardedCopies,
  selectSkips,
  selectStoppingCopies,
  selectStrategies,
  selectStrategy,
  selectStrategyCopies,
  selectStrategyOf,
  setAvatarIfNone,
  updateCopyIf,
  updateStrategy,
} from './copy.repository.js';
import { indexAt, maxDrawdown, percent, riskScore, thin, timeWeightedIndex } from './statistics.js';
import { closedTradeFigures, providerLedger, type TradeFigures } from './statistics.repository.js';

export const COPY_LEDGER = {
  fundOut: 'copy_fund_out',
  fundIn: 'copy_fund_in',
  returnOut: 'copy_return_out',
  returnIn: 'copy_return_in',
  feePaid: 'copy_fee_paid',
  feeEarned: 'copy_fee_earned',
} as const;

/** Statistics in lists are recomputed at most this often per strategy (a strategy's page reads them fresh). */
const STATS_TTL_MS = 15_000;
const PERIOD_MS: Record<EquityPeriod, number> = {
  '1w': 7 * 86_400_000,
  '1m': 30 * 86_400_000,
  '3m': 91 * 86_400_000,
  all: Number.POSITIVE_INFINITY,
};
const DETAIL_ROWS = 50;

export interface CopyDeps {
  db: Db;
  bus: EventBus;
  trading: TradingEngine;
  live: LiveGateway;
  translator: Translator;
  log: FastifyBaseLogger;
  now: () => number;
  /** Where avatars are made and kept (the uploads feature); without it, avatar uploads are refused. */
  uploads?: UploadService;
}

type StaffStrategy = StaffUserProfile['strategy'];

/** A strategy's avatar address: the picture's key names its version, so a new one is a new address. */
export function avatarPath(strategyId: number, key: string | null): string | null {
  return key ? `${routes.strategyAvatar.path}?id=${strategyId}&v=${avatarVersion(key)}` : null;
}

/** The part of an avatar's key its address carries (enough to tell two pictures apart, not the key). */
export function avatarVersion(key: string): string {
  return key.slice(0, 16);
}

interface Stats {
  at: number;
  roi: string;
  threeWeek: string;
  winRate: string;
  maxDrawdown: string;
  risk: number;
  trades: TradeFigures;
}

/** A copy that cannot be settled yet: some position is still open (closed again, then retried). */
class CopyBusy extends Error {}

/** Guarded copies read and priced per turn of the event loop by the equity-stop check. */
export const WATCH_PAGE = 256;

/**
 * How far above its stop a copy's estimated equity must stand for a pass to skip its exact pricing:
 * 1 % of the stop, at least 1 USD. The float estimate errs by far less. A change of the account
 * the trigger worker has not applied yet (its events arrive a turn after the commit) is seen by the
 * next pass, and an exact pass now and then trusts no estimate (copy.feature.ts).
 */
const EQUITY_SCREEN_SHARE = 0.01;
const EQUITY_SCREEN_MICROS = 1_000_000;

/** 'YYYY-MM' of an epoch-ms time, in UTC. */
export function monthOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

export class CopyService {
  private readonly stats = new Map<number, Stats>();
  /** Each provider's strategy, learnt as figures are computed (the cache's key from an order event). */
  private readonly strategyOfUser = new Map<number, number>();
  /** Per strategy, how many times its cached figures were dropped: a computation begun before keeps nothing. */
  private readonly statsDropped = new Map<number, number>();
  /** Copies per page of the equity-stop check and the month-end settlement (tests make it small to cross pages). */
  watchPage = WATCH_PAGE;
  /** Copies priced exactly by the equity-stop checks so far (tests see the screen work). */
  pricedForStops = 0;
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly d: CopyDeps) {}

  /**
   * Drops a strategy's cached figures as soon as its provider closes a trade, on every node (the
   * bus carries order events to all of them), so the list never shows figures older than the
   * strategy's last close. Returns the unsubscribe.
   */
  watchClosures(): () => void {
    return this.d.bus.subscribe(ORDER_EVENTS_CHANNEL, (payload) => {
      if (!isOrderEvent(payload) || payload.order.status !== STATUS_HISTORY) return;
      const id = this.strategyOfUser.get(payload.order.userId);
      if (id === undefined) return;
      this.stats.delete(id);
      this.statsDropped.set(id, (this.statsDropped.get(id) ?? 0) + 1);
    });
  }

  /** Drops the cached statistics (history was booked behind them). */
  forgetStatistics(): void {
    this.stats.clear();
  }

  /** Waits for the stops a strategy's pause or close started in the background. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background);
  }

  private get queue() {
    return this.d.trading.queue;
  }

  private get pricing() {
    return this.d.trading.pricing;
  }

  // ---- strategies --------------------------------------------------------------------------

  async publish(
    user: AuthUser,
    form: PublishForm,
    options: { sample?: boolean } = {},
  ): Promise<StrategySummary> {
    const name = checkName(form.name);
    const description = checkDescription(form.desc);
    // The typed fee is checked on a demo account too; its strategy is then free.
    const typedFee = checkFee(form.fee_rate);
    const feeRateBp = user.isDemo ? 0 : typedFee;
    const minInvestMicros = parseAmount(form.min_invest);
    const row = await this.queue.run(async (tx) => {
      await this.requirePerson(tx, user.userId);
      if (await selectStrategyOf(tx, user.userId)) throw new AppError('strategy_exists');
      try {
        return await insertStrategy(tx, {
          userId: user.userId,
          name,
          description,
          feeRateBp,
          minInvestMicros,
          isDemo: user.isDemo,
          isSample: options.sample ?? false,
          at: this.d.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('strategy_exists');
        throw error;
      }
    }, user.userId);
    return this.summary(row);
  }

  async updateStrategy(user: AuthUser, form: StrategyUpdateForm): Promise<StrategySummary> {
    const current = await selectStrategy(this.d.db.kysely, form.id);
    if (!current || current.user_id !== user.userId) throw new AppError('strategy_not_found');
    if (current.status === 'closed') {
      // A closed strategy's terms stay as they were, but its picture is the provider's own: they
      // may still take it down (alone in the call; anything else is refused as before).
      const onlyPicture = Object.entries(form).every(
        ([k, v]) => k === 'id' || k === 'avatar' || v === undefined,
      );
      if (form.avatar === undefined || !onlyPicture) throw new AppError('strategy_closed');
      await this.removeAvatarOf(user.userId);
      const row = await selectStrategy(this.d.db.kysely, form.id);
      if (!row) throw new AppError('strategy_not_found');
      return this.summary(row);
    }
    const change: StrategyChange = {};
    if (form.name !== undefined) change.name = checkName(form.name);
    if (form.desc !== undefined) change.description = checkDescription(form.desc);
    if (form.fee_rate !== undefined) {
      const typed = checkFee(form.fee_rate);
      change.fee_rate_bp = current.is_demo ? 0 : typed;
    }
    if (form.min_invest !== undefined) change.min_invest_micros = parseAmount(form.min_invest);
    if (form.status !== undefined) change.status = form.status;
    if (form.avatar !== undefined) change.avatar_key = null;
    let dropped: string | null = null;
    const row = await this.queue.run(async (tx) => {
      const before = form.avatar !== undefined ? await selectStrategy(tx, form.id) : undefined;
      const updated = await updateStrategy(tx, form.id, change, this.d.now());
      if (!updated) throw new AppError('strategy_closed');
      dropped = before?.avatar_key ?? null;
      return updated;
    }, user.userId);
    if (dropped) await this.dropAvatar(dropped);
    if (row.status !== 'active' && current.status === 'active') {
      // Followers are told and stopped; the provider's answer does not wait for every stop.
      const stopping = this.stopAllOf(
        row.id,
        row.status === 'paused' ? 'strategy_paused' : 'strategy_closed',
      );
      this.background.add(stopping);
      void stopping.finally(() => this.background.delete(stopping));
    }
    this.stats.delete(row.id);
    return this.summary(row);
  }

  /**
   * Sets the caller's strategy's avatar from a picture (uploads: checked, cropped square, re-encoded
   * as WebP under a key of its own). A strategy closed meanwhile keeps nothing; the picture it
   * replaces is deleted once the new one is booked.
   */
  async setAvatar(user: AuthUser, raw: () => Promise<Buffer>): Promise<StrategySummary> {
    const uploads = this.d.uploads;
    if (!uploads) throw new AppError('not_found');
    // Refused before the file is read and decoded, which is what the call costs.
    const current = await selectStrategyOf(this.d.db.kysely, user.userId);
    if (!current) throw new AppError('strategy_not_found');
    if (current.status === 'closed') throw new AppError('strategy_closed');
    const key = await uploads.storeAvatar(user.userId, await raw());
    let dropped: string | null = null;
    let row: StrategyRow;
    try {
      row = await this.queue.run(async (tx) => {
        const before = await selectStrategy(tx, current.id);
        const updated = await updateStrategy(tx, current.id, { avatar_key: key }, this.d.now());
        if (!updated) throw new AppError('strategy_closed');
        dropped = before?.avatar_key ?? null;
        return updated;
      }, user.userId);
    } catch (error) {
      await this.dropAvatar(key);
      throw error;
    }
    if (dropped) await this.dropAvatar(dropped);
    return this.summary(row);
  }

  /**
   * A sample strategy's emblem, drawn by the server from an SVG of its own, for a strategy that has
   * no picture (a sample created before pictures existed gets one at the next start).
   */
  async giveDrawnAvatar(strategyId: number, svg: string): Promise<void> {
    const uploads = this.d.uploads;
    if (!uploads) return;
    const row = await selectStrategy(this.d.db.kysely, strategyId);
    if (!row || row.avatar_key) return;
    const key = await uploads.storeDrawnAvatar(svg);
    const set = await this.queue.run((tx) => setAvatarIfNone(tx, strategyId, key, this.d.now()), row.user_id);
    if (!set) await this.dropAvatar(key);
  }

  /** The strategy a trader publishes, as the back office shows it, or null. */
  async strategyOf(userId: number): Promise<StaffStrategy> {
    const row = await selectStrategyOf(this.d.db.kysely, userId);
    return row
      ? { id: row.id, name: row.name, status: row.status, avatar: avatarPath(row.id, row.avatar_key) }
      : null;
  }

  /**
   * The back office takes a strategy's picture down, whatever the strategy's status: the version
   * removed, or null when it had none.
   */
  async removeAvatarOf(userId: number): Promise<string | null> {
    const row = await selectStrategyOf(this.d.db.kysely, userId);
    const key = row?.avatar_key;
    if (!row || !key) return null;
    const cleared = await this.queue.run((tx) => clearAvatar(tx, row.id, key, this.d.now()), userId);
    if (!cleared) return null;
    await this.dropAvatar(key);
    return avatarVersion(key);
  }

  /** A strategy's avatar (WebP bytes and the version its address names), or undefined. */
  async avatar(strategyId: number): Promise<{ bytes: Buffer; version: string } | undefined> {
    const row = await selectStrategy(this.d.db.kysely, strategyId);
    if (!row?.avatar_key || !this.d.uploads) return undefined;
    const bytes = await this.d.uploads.readAvatar(row.avatar_key);
    return bytes ? { bytes, version: avatarVersion(row.avatar_key) } : undefined;
  }

  /** Deletes a picture no strategy shows any more; a failure leaves a stray file, logged. */
  private async dropAvatar(key: string): Promise<void> {
    await this.d.uploads
      ?.deleteAvatar(key)
      .catch((err: unknown) => this.d.log.warn({ err }, 'copy trading: an old avatar was not deleted'));
  }

  /** Stops every running copy of a strategy (it was paused or closed). */
  async stopAllOf(strategyId: number, reason: CopyStopReason): Promise<void> {
    const copies = await selectStrategyCopies(this.d.db.kysely, strategyId, ['active']);
    await Promise.all(
      copies.map((c) =>
        this.stop(c, reason).catch((err: unknown) => {
          if (err instanceof AppError && err.key === 'copy_not_active') return;
          this.d.log.warn(
            { err, copyId: c.id },
            'stopping a copy of a closed strategy failed; retried later',
          );
        }),
      ),
    );
  }

  async strategies(q: StrategiesQuery): Promise<StrategyPage> {
    const rows = (await selectStrategies(this.d.db.kysely)).filter((s) => s.status !== 'closed');
    let list = await Promise.all(rows.map((s) => this.summary(s)));
    if (q.demo !== undefined) list = list.filter((s) => s.is_demo === q.demo);
    if (q.max_risk !== undefined) list = list.filter((s) => s.risk_score <= (q.max_risk as number));
    const words = q.q?.toLowerCase();
    if (words) list = list.filter((s) => s.name.toLowerCase().includes(words));
    const ascending = q.sort === 'risk_score' || q.sort === 'max_drawdown';
    const key = (s: StrategySummary): number => {
      const v = s[q.sort];
      return typeof v === 'string' ? Number(v) : v;
    };
    list.sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)) || a.id - b.id);
    const start = (q.page - 1) * STRATEGIES_PAGE_SIZE;
    return { list: list.slice(start, start + STRATEGIES_PAGE_SIZE), total: list.length, page: q.page };
  }

  async strategy(id: number, viewer: AuthUser | null): Promise<StrategyDetail> {
    const row = await selectStrategy(this.d.db.kysely, id);
    if (!row) throw new AppError('strategy_not_found');
    const [summary, holdings, mine] = await Promise.all([
      // Fresh: the page shows the figures beside the curve (strategyEquity reads the ledger as it
      // is), and they must tell one story; lists keep the cached figures.
      this.summary(row, true),
      selectUserOrders(this.d.db.kysely, row.user_id, [STATUS_HOLDING]),
      viewer ? selectCopiesOf(this.d.db.kysely, viewer.userId) : Promise.resolve([]),
    ]);
    const running = mine.find((c) => c.strategy_id === id && c.status !== 'stopped');
    return {
      ...summary,
      positions: holdings.map((o) => {
        const inst = this.pricing.instrument(o.instrumentId);
        return {
          code: inst.code,
          side: o.side,
          lots: o.lots,
          leverage: o.leverage,
          open_price: o.openPrice ?? '0',
          opened_at: o.filledAt ?? o.createdAt,
        };
      }),
      own: viewer?.userId === row.user_id ? 1 : 0,
      copy_id: running?.id ?? null,
    };
  }

  async strategyEquity(id: number, period: EquityPeriod): Promise<StrategyEquity> {
    const row = await selectStrategy(this.d.db.kysely, id);
    if (!row) throw new AppError('strategy_not_found');
    const points = timeWeightedIndex(await providerLedger(this.d.db.kysely, row.user_id));
    const now = this.d.now();
    const from = Number.isFinite(PERIOD_MS[period]) ? now - PERIOD_MS[period] : (points[0]?.at ?? now);
    const base = indexAt(points, from);
    const before = points.filter((p) => p.at <= from).at(-1);
    const inside = points.filter((p) => p.at > from);
    // A provider younger than the period: the curve starts where its history does, not at the
    // period's start (the chart spaces points evenly, so a month of nothing would read as a step).
    const start = before === undefined && inside[0] ? inside[0].at : from;
    const series = thin(
      inside.filter((p) => p.at > start),
      200,
    );
    const startEquity = before?.equityMicros ?? inside[0]?.equityMicros ?? 0;
    const last = points.at(-1);
    const out = [
      { t: start, equity: toMoney(startEquity), growth: percent(0) },
      ...series.map((p) => ({
        t: p.at,
        equity: toMoney(p.equityMicros),
        growth: percent(p.index / base - 1),
      })),
    ];
    if (last && (out.at(-1)?.t ?? 0) < now)
      out.push({ t: now, equity: toMoney(last.equityMicros), growth: percent(last.index / base - 1) });
    return { id, period, points: out };
  }

  async myStrategy(user: AuthUser): Promise<MyStrategy> {
    const row = await selectStrategyOf(this.d.db.kysely, user.userId);
    if (!row) return { strategy: null, followers: [], fees_earned: toMoney(0) };
    const copies = await selectStrategyCopies(this.d.db.kysely, row.id, ['active', 'stopping']);
    const equities = await this.equities(copies);
    const names = await this.names(copies.map((c) => c.follower_id));
    return {
      strategy: await this.summary(row),
      followers: copies.map((c) => ({
        name: names.get(c.follower_id) ?? '',
        equity: toMoney(equities.get(c.id) ?? 0),
        invested: toMoney(c.invested_micros),
        fees_paid: toMoney(c.fees_paid_micros),
        since: c.started_at,
      })),
      fees_earned: toMoney(row.fees_earned_micros),
    };
  }

  // ---- copies ------------------------------------------------------------------------------

  async copy(user: AuthUser, form: CopyForm): Promise<CopySummary> {
    const strategy = await selectStrategy(this.d.db.kysely, form.strategy_id);
    if (!strategy) throw new AppError('strategy_not_found');
    if (strategy.user_id === user.userId) throw new AppError('copy_own_strategy');
    if (strategy.status !== 'active') throw new AppError('strategy_not_active');
    if (strategy.is_demo === 1 && !user.isDemo) throw new AppError('demo_strategy_real_money');
    const amount = parseAmount(form.amount);
    if (amount < strategy.min_invest_micros) {
      throw new AppError('copy_below_minimum', {
        min: groupThousands(toMoney(strategy.min_invest_micros).replace(/0+$/, '').replace(/\.$/, '')),
      });
    }
    const stopText = form.equity_stop_loss?.trim();
    const stop = !stopText || /^0+(\.0*)?$/.test(stopText) ? null : parseAmount(stopText);
    if (stop !== null && stop >= amount) throw new AppError('equity_stop_invalid');
    const at = this.d.now();
    const row = await this.queue.run(async (tx) => {
      await this.requirePerson(tx, user.userId);
      await this.requireFreeMargin(tx, user.userId, amount);
      const running = (await selectCopiesOf(tx, user.userId)).find(
        (c) => c.strategy_id === strategy.id && c.status !== 'stopped',
      );
      if (running) throw new AppError('already_copying');
      let created: CopyRow;
      try {
        created = await insertCopy(tx, {
          strategyId: strategy.id,
          followerId: user.userId,
          isDemo: user.isDemo,
          // Never a fee on virtual money.
          feeRateBp: user.isDemo || strategy.is_demo === 1 ? 0 : strategy.fee_rate_bp,
          investedMicros: amount,
          equityStopMicros: stop,
          feeMonth: monthOf(at),
          at,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('already_copying');
        throw error;
      }
      const accountId = await insertCopyAccountUser(tx, created.id, user.isDemo, at);
      const withAccount = await updateCopyIf(tx, created.id, 'active', { account_id: accountId });
      const memo = { name: strategy.name, copy: created.id };
      await postLedgerEntry(tx, {
        userId: user.userId,
        kind: COPY_LEDGER.fundOut,
        freeDelta: -amount,
        frozenDelta: 0,
        memoKey: 'ledger_copy_fund_out',
        memoParams: memo,
        refType: 'copy',
        refId: created.id,
        at,
      });
      await postLedgerEntry(tx, {
        userId: accountId,
        kind: COPY_LEDGER.fundIn,
        freeDelta: amount,
        frozenDelta: 0,
        memoKey: 'ledger_copy_fund_in',
        memoParams: memo,
        refType: 'copy',
        refId: created.id,
        at,
      });
      await recordAnswer(tx, () => this.copySummary(withAccount as CopyRow, strategy, {}, tx));
      return withAccount as CopyRow;
    }, user.userId);
    this.stats.delete(strategy.id);
    return this.copySummary(row, strategy);
  }

  async copyFunds(user: AuthUser, form: CopyFundsForm): Promise<CopySummary> {
    const text = form.amount.trim();
    const withdraw = text.startsWith('-');
    const amount = parseAmount(withdraw ? text.slice(1) : text);
    const current = await this.ownCopy(user, form.copy_id);
    if (current.status !== 'active') throw new AppError('copy_not_active');
    const accountId = current.account_id as number;
    const strategy = (await selectStrategy(this.d.db.kysely, current.strategy_id)) as StrategyRow;
    const row = await this.queue.run(async (tx, afterCommit) => {
      const copy = await lockCopy(tx, current.id);
      if (copy?.status !== 'active') throw new AppError('copy_not_active');
      const at = this.d.now();
      const memo = { name: strategy.name, copy: copy.id };
      if (!withdraw) {
        await this.requireFreeMargin(tx, user.userId, amount);
        await this.move(tx, user.userId, accountId, amount, 'fund', memo, copy.id, at);
        await this.balanceChanged(tx, afterCommit, accountId);
        const funded = (await updateCopyIf(tx, copy.id, 'active', {
          invested_micros: copy.invested_micros + amount,
          hwm_micros: markAfterDeposit(copy.hwm_micros, amount),
        })) as CopyRow;
        await recordAnswer(tx, () => this.copySummary(funded, strategy, {}, tx));
        return funded;
      }
      const balance = await readBalance(tx, accountId);
      const holdings = await selectUserOrders(tx, accountId, [STATUS_HOLDING]);
      const limits = this.withdrawLimits(copy, strategy, balance, holdings);
      if (amount > limits.spare)
        throw new AppError('copy_withdraw_too_large', { free: groupThousands(wholeCents(limits.spare)) });
      const max = groupThousands(wholeCents(limits.max));
      if (amount > limits.aboveMinimum)
        throw new AppError('copy_withdraw_below_minimum', {
          min: groupThousands(wholeCents(strategy.min_invest_micros)),
          max,
        });
      if (amount > limits.aboveStop)
        throw new AppError('copy_withdraw_below_stop', {
          stop: groupThousands(wholeCents(copy.equity_stop_micros ?? 0)),
          max,
        });
      await this.move(tx, accountId, user.userId, amount, 'return', memo, copy.id, at);
      await this.balanceChanged(tx, afterCommit, accountId);
      const returned = (await updateCopyIf(tx, copy.id, 'active', {
        invested_micros: copy.invested_micros - amount,
        hwm_micros: markAfterWithdrawal(copy.hwm_micros, amount),
      })) as CopyRow;
      await recordAnswer(tx, () => this.copySummary(returned, strategy, {}, tx));
      return returned;
    }, user.userId);
    return this.copySummary(row, strategy);
  }

  async uncopy(user: AuthUser, copyId: number): Promise<CopySummary> {
    const current = await this.ownCopy(user, copyId);
    if (current.status !== 'active') throw new AppError('copy_not_active');
    // Refuse before anything changes when a position cannot be closed now.
    const holdings = await selectUserOrders(this.d.db.kysely, current.account_id as number, [STATUS_HOLDING]);
    for (const o of holdings) {
      const inst = this.pricing.instrument(o.instrumentId);
      if (!this.pricing.markets.isOpen(inst)) throw new AppError('market_closed');
      this.pricing.markets.requireFreshPrice(inst);
    }
    const stopped = await this.stop(current, 'user');
    return this.copySummary(stopped);
  }

  async myCopies(user: AuthUser): Promise<MyCopies> {
    const copies = (await selectCopiesOf(this.d.db.kysely, user.userId)).filter((c) => c.account_id !== null);
    const [equities, skips] = await Promise.all([
      this.equities(copies),
      countSkips(
        this.d.db.kysely,
        copies.map((c) => c.id),
      ),
    ]);
    const list = await Promise.all(
      copies.map((c) =>
        this.copySummary(c, undefined, { equity: equities.get(c.id), skipped: skips.get(c.id) ?? 0 }),
      ),
    );
    const rank = (s: CopySummary) => (s.status === 'stopped' ? 1 : 0);
    list.sort((a, b) => rank(a) - rank(b) || b.copy_id - a.copy_id);
    return { list };
  }

  async copyDetail(user: AuthUser, copyId: number, lang: Lang): Promise<CopyDetail> {
    const copy = await this.ownCopy(user, copyId);
    const strategy = (await selectStrategy(this.d.db.kysely, copy.strategy_id)) as StrategyRow;
    const accountId = copy.account_id as number;
    const db = this.d.db.kysely;
    const [summary, holdings, closed, skips, ledger] = await Promise.all([
      this.copySummary(copy, strategy),
      selectUserOrders(db, accountId, [STATUS_HOLDING]),
      db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', accountId)
        .where('status', '=', STATUS_HISTORY)
        .orderBy('closed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(DETAIL_ROWS)
        .execute(),
      selectSkips(db, copy.id, DETAIL_ROWS),
      readLedgerPage(db, accountId, 1, DETAIL_ROWS),
    ]);
    const present = (o: OrderRecord) => ({
      ...presentOrder(o, this.pricing.instrument(o.instrumentId), this.pricing),
      CopyId: copy.id,
      CopyName: strategy.name,
    });
    const { translator } = this.d;
    return {
      ...summary,
      positions: holdings.map(present),
      history: closed.map((r) => present(toRecord(r))),
      skipped_trades: skips.map((s) => {
        const inst = this.pricing.instrument(s.instrument_id);
        return {
          provider_order_id: s.provider_order_id,
          code: inst.code,
          side: s.side === 1 ? ('buy' as const) : ('sell' as const),
          provider_lots: s.provider_lots,
          wanted_lots: s.wanted_lots,
          reason: s.reason as CopyDetail['skipped_trades'][number]['reason'],
          reason_text: translator.t(lang, `skip_${s.reason}`, {
            lots: s.wanted_lots,
            detail: s.detail ? translator.t(lang, s.detail) : '',
          }),
          at: s.created_at,
        };
      }),
      ledger: ledger.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: toMoney(r.freeDeltaMicros + r.frozenDeltaMicros),
        balance: toMoney(r.balanceAfterMicros),
        memo: translator.t(lang, r.memoKey, parseMemoParams(r.memoParams)),
        created_at: r.createdAt,
      })),
    };
  }

  // ---- stopping and fees -----------------------------------------------------------------

  /**
   * Stops a copy: marks it stopping (so no new trade is copied into it), closes its positions at
   * market, then in one transaction takes the fee above the high-water mark and returns the rest to
   * the follower. A stop that cannot finish now (a closed market) stays `stopping` and the leader
   * finishes it later (resumeStopping).
   */
  async stop(copy: Pick<CopyRow, 'id' | 'follower_id'>, reason: CopyStopReason): Promise<CopyRow> {
    const claimed = await this.queue.run(
      (tx) => updateCopyIf(tx, copy.id, 'active', { status: 'stopping', stop_reason: reason }),
      copy.follower_id,
    );
    if (!claimed) throw new AppError('copy_not_active');
    return this.finishStop(claimed);
  }

  async finishStop(copy: CopyRow): Promise<CopyRow> {
    const accountId = copy.account_id as number;
    const account: AuthUser = { userId: accountId, isDemo: copy.is_demo === 1, sessionId: 0 };
    for (let round = 0; ; round++) {
      const open = await selectUserOrders(this.d.db.kysely, accountId, [STATUS_PENDING, STATUS_HOLDING]);
      for (const o of open) {
        try {
          if (o.status === STATUS_HOLDING) await this.d.trading.service.closeRecord(account, o.id, 'copy');
          else await this.d.trading.service.cancel(account, o.id);
        } catch (error) {
          if (
            error instanceof AppError &&
            (error.key === 'order_not_holding' || error.key === 'order_not_pending')
          )
            continue;
          throw error;
        }
      }
      try {
        const stopped = await this.settleStop(copy.id);
        this.notify(stopped, 'stopped', { reason: stopped.stop_reason });
        return stopped;
      } catch (error) {
        if (!(error instanceof CopyBusy) || round >= 5) throw error;
      }
    }
  }

  private async settleStop(copyId: number): Promise<CopyRow> {
    const current = (await selectCopy(this.d.db.kysely, copyId)) as CopyRow;
    const strategy = (await selectStrategy(this.d.db.kysely, current.strategy_id)) as StrategyRow;
    const result = await this.queue.run(async (tx) => {
      const copy = await lockCopy(tx, copyId);
      if (copy?.status !== 'stopping') throw new AppError('copy_not_active');
      const accountId = copy.account_id as number;
      const open = await selectUserOrders(tx, accountId, [STATUS_PENDING, STATUS_HOLDING]);
      const balance = await readBalance(tx, accountId);
      if (open.length > 0 || balance.frozenMicros !== 0) throw new CopyBusy();
      const at = this.d.now();
      const equity = balance.balanceMicros;
      const { feeMicros, hwmMicros } = settleFee(
        equity,
        copy.hwm_micros,
        copy.is_demo ? 0 : copy.fee_rate_bp,
      );
      if (feeMicros > 0) await this.chargeFee(tx, copy, strategy, feeMicros, at);
      const rest = equity - feeMicros;
      if (rest > 0) {
        await this.move(
          tx,
          accountId,
          copy.follower_id,
          rest,
          'return',
          { name: strategy.name, copy: copy.id },
          copy.id,
          at,
        );
      }
      return (await updateCopyIf(tx, copy.id, 'stopping', {
        status: 'stopped',
        stopped_at: at,
        hwm_micros: hwmMicros,
        fees_paid_micros: copy.fees_paid_micros + feeMicros,
        returned_micros: rest,
      })) as CopyRow;
    }, current.follower_id);
    this.stats.delete(strategy.id);
    return result;
  }

  /**
   * Month-end fees: every running copy whose month is behind `at`'s pays the fee on its equity
   * above the mark, from its free balance. When the free balance cannot pay it (margin in use), the
   * settlement waits for the next run; demo and fee-free copies only move their month on.
   */
  async settleMonth(at: number): Promise<number> {
    const month = monthOf(at);
    if (!(await anyCopyDueFees(this.d.db.kysely, month))) return 0;
    let charged = 0;
    // A page at a time, each priced as it is read (see checkEquityStops); a copy settled moves its
    // month on, so each read starts after the last copy of the page before.
    for (let afterId = 0; ; ) {
      const due = await selectCopiesDueFees(this.d.db.kysely, month, { afterId, limit: this.watchPage });
      if (due.length === 0) break;
      afterId = (due[due.length - 1] as CopyRow).id;
      charged += await this.settlePage(due, month, at);
      if (due.length < this.watchPage) break;
      await backgroundTurn();
    }
    return charged;
  }

  private async settlePage(due: readonly CopyRow[], month: string, at: number): Promise<number> {
    let charged = 0;
    const equities = await this.equities(due);
    for (const c of due) {
      try {
        const strategy = (await selectStrategy(this.d.db.kysely, c.strategy_id)) as StrategyRow;
        const paid = await this.queue.run(async (tx, afterCommit) => {
          const copy = await lockCopy(tx, c.id);
          if (copy?.status !== 'active' || copy.fee_month >= month) return 0;
          const rate = copy.is_demo ? 0 : copy.fee_rate_bp;
          const { feeMicros, hwmMicros } = settleFee(equities.get(c.id) ?? 0, copy.hwm_micros, rate);
          if (feeMicros > 0) {
            const balance = await readBalance(tx, copy.account_id as number);
            if (balance.balanceMicros < feeMicros) return 0;
            await this.chargeFee(tx, copy, strategy, feeMicros, at);
            await this.balanceChanged(tx, afterCommit, copy.account_id as number);
          }
          await updateCopyIf(tx, copy.id, 'active', {
            fee_month: month,
            hwm_micros: hwmMicros,
            fees_paid_micros: copy.fees_paid_micros + feeMicros,
          });
          return feeMicros;
        }, c.follower_id);
        if (paid > 0) {
          charged++;
          this.notify(c, 'fee', {});
        }
      } catch (err) {
        this.d.log.error({ err, copyId: c.id }, 'month-end fee settlement failed; retried at the next run');
      }
    }
    return charged;
  }

  /**
   * Stops every running copy whose equity fell below its equity stop-loss. A page of copies at a
   * time, with a turn of the event loop between pages: read and priced at once, 10,000 guarded
   * copies were one 68 ms block of the server's thread every second.
   */
  async checkEquityStops(options: { exact?: boolean } = {}): Promise<number> {
    let stopped = 0;
    for (let afterId = 0; ; ) {
      const guarded = await selectGuardedCopies(this.d.db.reader, { afterId, limit: this.watchPage });
      if (guarded.length === 0) break;
      afterId = (guarded[guarded.length - 1] as GuardedCopy).id;
      const near = options.exact ? guarded : this.nearTheirStops(guarded);
      this.pricedForStops += near.length;
      const equities = await this.equities(near);
      for (const c of near) {
        const equity = equities.get(c.id);
        if (equity === undefined || equity >= c.equity_stop_micros) continue;
        try {
          await this.stop(c, 'equity_stop');
          stopped++;
        } catch (err) {
          if (err instanceof AppError && err.key === 'copy_not_active') continue;
          this.d.log.warn({ err, copyId: c.id }, 'equity stop could not finish now; retried');
        }
      }
      if (guarded.length < this.watchPage) break;
      await backgroundTurn();
    }
    return stopped;
  }

  /**
   * The copies worth pricing exactly for their equity stop: those whose account's equity, as the
   * trigger worker's books estimate it in floats at current prices, is within EQUITY_SCREEN of the
   * stop, and those it has no estimate for (no position there, or not yet seen). Pricing every
   * guarded copy each second read its account and positions and priced them in decimals: with
   * 10,000 guarded followers, the fan-out's CPU per copy read 166 µs with it, 132-138 µs with the
   * screen. The decision stays exact; a full pass (`exact`) now and then trusts no estimate.
   */
  private nearTheirStops(guarded: readonly GuardedCopy[]): GuardedCopy[] {
    const estimates = this.d.trading.worker.equityEstimates(
      guarded.flatMap((c) => (c.account_id === null ? [] : [c.account_id])),
    );
    return guarded.filter((c) => {
      const estimate = c.account_id === null ? undefined : estimates.get(c.account_id);
      const stop = c.equity_stop_micros;
      return (
        estimate === undefined ||
        estimate - stop <= Math.max(EQUITY_SCREEN_MICROS, stop * EQUITY_SCREEN_SHARE)
      );
    });
  }

  /** Finishes the stops a crash or a closed market left half done. */
  async resumeStopping(): Promise<void> {
    for (const c of await selectStoppingCopies(this.d.db.kysely)) {
      await this.finishStop(c).catch((err: unknown) =>
        this.d.log.warn({ err, copyId: c.id }, 'a stopping copy could not finish yet'),
      );
    }
  }

  // ---- shared ------------------------------------------------------------------------------

  /** COPY_TRADE to the follower. */
  notify(
    copy: Pick<CopyRow, 'id' | 'follower_id'>,
    event: CopyTradeMessage['data']['event'],
    extra: { code?: string | null; orderId?: number | null; reason?: string | null; equityMicros?: number },
  ): void {
    this.d.live.sendToUser(
      copy.follower_id,
      {
        type: TOPIC_COPY_TRADE,
        code: 1,
        data: {
          copy_id: copy.id,
          event,
          code: extra.code ?? null,
          order_id: extra.orderId ?? null,
          reason: extra.reason ?? null,
          equity: toMoney(extra.equityMicros ?? 0),
        },
      },
      TOPIC_COPY_TRADE,
    );
  }

  /** Equity (free + frozen + open P&L at current prices) of each copy's account, by copy id. */
  async equities(copies: readonly Pick<CopyRow, 'id' | 'account_id'>[]): Promise<Map<number, number>> {
    const byAccount = await this.accountEquities(
      copies.flatMap((c) => (c.account_id === null ? [] : [c.account_id])),
    );
    return new Map(copies.map((c) => [c.id, byAccount.get(c.account_id as number) ?? 0]));
  }

  /**
   * Equity of accounts by user id, priced as the trading engine prices: their balances in one read,
   * then the holding orders of only those whose count of them is not zero (a flat account's equity
   * is its balance: no read of its orders, as before each mirrored open, when copy accounts are
   * usually flat).
   */
  async accountEquities(accountIds: readonly number[]): Promise<Map<number, number>> {
    const db = this.d.db.reader;
    // Copy accounts never withdraw (their money goes back to the follower through the ledger).
    const balances = await selectBalances(db, accountIds, false);
    const holding = [...balances].filter(([, b]) => b.holdingOrders > 0).map(([id]) => id);
    const holdings = holding.length > 0 ? await selectOwnersOrders(db, holding, [STATUS_HOLDING]) : [];
    const held = new Map<number, OrderRecord[]>();
    for (const o of holdings) held.set(o.userId, [...(held.get(o.userId) ?? []), o]);
    const out = new Map<number, number>();
    for (const [id, b] of balances)
      out.set(id, this.equityFrom(held.get(id) ?? [], b.freeMicros, b.frozenMicros));
    return out;
  }

  /**
   * What a follower may take out of a running copy now, in micros: at most its free margin (the free
   * balance less the loss its open positions stand at; an open profit is not money yet, and taking
   * the money that backs a losing position would leave it unbacked), and never so much that its
   * equity falls below the strategy's minimum investment or to its equity stop-loss (the copy was
   * opened under both rules; to take everything out, the follower stops copying). `max` is the
   * least of the three, never below zero.
   */
  withdrawLimits(
    copy: Pick<CopyRow, 'equity_stop_micros'>,
    strategy: Pick<StrategyRow, 'min_invest_micros'>,
    balance: { balanceMicros: number; frozenMicros: number },
    holdings: readonly OrderRecord[],
  ): { spare: number; aboveMinimum: number; aboveStop: number; max: number } {
    const profit = this.d.trading.service.figures(holdings, 0, 0).profitMicros;
    const spare = balance.balanceMicros - Math.max(0, -profit);
    const equity = balance.balanceMicros + balance.frozenMicros + profit;
    const aboveMinimum = equity - strategy.min_invest_micros;
    // Strictly above the stop, as when copying started (the stop lies below the amount allocated).
    const aboveStop =
      copy.equity_stop_micros === null ? Number.POSITIVE_INFINITY : equity - copy.equity_stop_micros - 1;
    return { spare, aboveMinimum, aboveStop, max: Math.max(0, Math.min(spare, aboveMinimum, aboveStop)) };
  }

  /** free + frozen + the floating P&L of `holdings` (TradingService.figures). */
  equityFrom(holdings: readonly OrderRecord[], freeMicros: number, frozenMicros: number): number {
    return (
      freeMicros +
      frozenMicros +
      this.d.trading.service.figures(holdings, freeMicros, frozenMicros).profitMicros
    );
  }

  async summary(row: StrategyRow, fresh = false): Promise<StrategySummary> {
    const [stats, followers, provider] = await Promise.all([
      this.statsOf(row, fresh),
      this.followersOf(row.id),
      this.names([row.user_id]),
    ]);
    return {
      id: row.id,
      name: row.name,
      desc: row.description,
      provider: provider.get(row.user_id) ?? '',
      uid: provider.get(-row.user_id) ?? '',
      is_demo: row.is_demo ? 1 : 0,
      is_sample: row.is_sample ? 1 : 0,
      status: row.status,
      fee_rate: formatFeeRate(row.fee_rate_bp),
      min_invest: toMoney(row.min_invest_micros),
      roi: stats.roi,
      three_week_rate: stats.threeWeek,
      win_rate: stats.winRate,
      max_drawdown: stats.maxDrawdown,
      followers: followers.count,
      copiers_funds: toMoney(followers.funds),
      total_orders: stats.trades.total,
      multiple: Math.round(stats.trades.averageLeverage),
      variety: stats.trades.instrumentIds.length,
      instruments: stats.trades.instrumentIds.map((id) => this.pricing.instrument(id).code),
      risk_score: stats.risk,
      avatar: avatarPath(row.id, row.avatar_key),
      created_at: row.created_at,
    };
  }

  /** The strategy's statistics, at most STATS_TTL_MS old unless `fresh` (which refreshes the cache). */
  private async statsOf(row: StrategyRow, fresh = false): Promise<Stats> {
    const now = this.d.now();
    const cached = this.stats.get(row.id);
    if (!fresh && cached && now - cached.at < STATS_TTL_MS && cached.at <= now) return cached;
    this.strategyOfUser.set(row.user_id, row.id);
    const dropped = this.statsDropped.get(row.id) ?? 0;
    const [ledger, trades] = await Promise.all([
      providerLedger(this.d.db.kysely, row.user_id),
      closedTradeFigures(this.d.db.kysely, row.user_id),
    ]);
    const points = timeWeightedIndex(ledger);
    const last = points.at(-1)?.index ?? 1;
    const drawdown = maxDrawdown(points);
    const stats: Stats = {
      at: now,
      roi: percent(last - 1),
      threeWeek: percent(last / indexAt(points, now - RANKING_WINDOW_MS) - 1),
      winRate: percent(trades.total === 0 ? 0 : trades.wins / trades.total),
      maxDrawdown: percent(drawdown),
      risk: riskScore(drawdown, trades.averageLeverage),
      trades,
    };
    // A close while these were read may be missing from them: answered, not kept.
    if ((this.statsDropped.get(row.id) ?? 0) === dropped) this.stats.set(row.id, stats);
    return stats;
  }

  private async followersOf(strategyId: number): Promise<{ count: number; funds: number }> {
    const row = await this.d.db.kysely
      .selectFrom('copies')
      .leftJoin('accounts', 'accounts.user_id', 'copies.account_id')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('accounts.balance_micros').as('free'),
        eb.fn.sum<number | string | null>('accounts.frozen_micros').as('frozen'),
      ])
      .where('copies.strategy_id', '=', strategyId)
      .where('copies.status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), funds: Number(row.free ?? 0) + Number(row.frozen ?? 0) };
  }

  /** Public names by user id (and uids under the negated id). */
  private async names(
    userIds: readonly number[],
    db: Kysely<Database> | Tx = this.d.db.kysely,
  ): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (userIds.length === 0) return out;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'mobile'])
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    for (const r of rows) {
      out.set(r.id, publicName(r));
      out.set(-r.id, r.uid);
    }
    return out;
  }

  async copySummary(
    copy: CopyRow,
    strategy?: StrategyRow,
    known: { equity?: number | undefined; skipped?: number } = {},
    /** A booking's transaction, when the summary is its keyed answer (recordAnswer). */
    db: Kysely<Database> | Tx = this.d.db.kysely,
  ): Promise<CopySummary> {
    const s = strategy ?? ((await selectStrategy(db, copy.strategy_id)) as StrategyRow);
    const accountId = copy.account_id as number;
    const [balance, holdings, skipped, provider] = await Promise.all([
      readBalance(db, accountId),
      selectUserOrders(db, accountId, [STATUS_HOLDING]),
      known.skipped !== undefined
        ? Promise.resolve(known.skipped)
        : countSkips(db, [copy.id]).then((m) => m.get(copy.id) ?? 0),
      this.names([s.user_id], db),
    ]);
    const stopped = copy.status === 'stopped';
    const equity = known.equity ?? this.equityFrom(holdings, balance.balanceMicros, balance.frozenMicros);
    // In whole cents, down: the figure a follower reads is one the withdrawal accepts.
    const withdrawable =
      copy.status === 'active'
        ? Math.floor(this.withdrawLimits(copy, s, balance, holdings).max / 10_000) * 10_000
        : 0;
    const pnl = (stopped ? copy.returned_micros : equity) - copy.invested_micros;
    return {
      copy_id: copy.id,
      strategy_id: s.id,
      strategy_name: s.name,
      strategy_avatar: avatarPath(s.id, s.avatar_key),
      provider: provider.get(s.user_id) ?? '',
      status: copy.status,
      stop_reason: (copy.stop_reason as CopyStopReason | null) ?? null,
      is_demo: copy.is_demo ? 1 : 0,
      invested: toMoney(copy.invested_micros),
      equity: toMoney(stopped ? 0 : equity),
      balance: toMoney(balance.balanceMicros),
      withdrawable: toMoney(withdrawable),
      pnl: toMoney(pnl),
      fees_paid: toMoney(copy.fees_paid_micros),
      high_water_mark: toMoney(copy.hwm_micros),
      equity_stop_loss: copy.equity_stop_micros === null ? null : toMoney(copy.equity_stop_micros),
      fee_rate: formatFeeRate(copy.fee_rate_bp),
      open_positions: holdings.length,
      skipped,
      started_at: copy.started_at,
      stopped_at: copy.stopped_at,
    };
  }

  private async ownCopy(user: AuthUser, copyId: number): Promise<CopyRow> {
    const copy = await selectCopy(this.d.db.kysely, copyId);
    // Someone else's copy reads as absent: no hint that it exists.
    if (!copy || copy.follower_id !== user.userId || copy.account_id === null)
      throw new AppError('copy_not_found');
    return copy;
  }

  /** Copy accounts never publish or copy (nobody logs in with one; this guards every other path). */
  private async requirePerson(tx: Tx, userId: number): Promise<void> {
    const row = await tx.selectFrom('users').select('kind').where('id', '=', userId).executeTakeFirst();
    if (!row || Number(row.kind) === 1) throw new AppError('copy_account_forbidden');
  }

  /**
   * Money put into copying comes out of the follower's free margin only: their free balance less
   * the loss their own open positions stand at. Moved out, the rest would leave those positions
   * unbacked: a stop-out below zero that the house covers, while the money waits in the copy. A
   * free balance short of the amount is the ledger's refusal (insufficient_balance).
   */
  private async requireFreeMargin(tx: Tx, userId: number, amount: number): Promise<void> {
    const { balanceMicros } = await readBalance(tx, userId);
    if (amount > balanceMicros) return;
    const spare = balanceMicros - (await this.d.trading.service.openLossMicros(tx, userId));
    if (amount > spare)
      throw new AppError('copy_above_free_margin', { max: groupThousands(wholeCents(spare)) });
  }

  /** Tells the stop-out monitor an account's balance changed outside an order (after commit). */
  private async balanceChanged(
    tx: Tx,
    afterCommit: (fn: () => void) => void,
    accountId: number,
  ): Promise<void> {
    const b = await readBalance(tx, accountId);
    const event: BalanceEvent = {
      userId: accountId,
      freeMicros: b.balanceMicros,
      frozenMicros: b.frozenMicros,
    };
    afterCommit(() => this.d.bus.publish(BALANCE_EVENTS_CHANNEL, event));
  }

  /** Two ledger lines moving `amount` between a follower and their copy account. */
  private async move(
    tx: Tx,
    from: number,
    to: number,
    amount: number,
    what: 'fund' | 'return',
    memo: { name: string; copy: number },
    copyId: number,
    at: number,
  ): Promise<void> {
    const out = what === 'fund' ? COPY_LEDGER.fundOut : COPY_LEDGER.returnOut;
    const into = what === 'fund' ? COPY_LEDGER.fundIn : COPY_LEDGER.returnIn;
    await postLedgerEntry(tx, {
      userId: from,
      kind: out,
      freeDelta: -amount,
      frozenDelta: 0,
      memoKey: `ledger_${out}`,
      memoParams: memo,
      refType: 'copy',
      refId: copyId,
      at,
    });
    await postLedgerEntry(tx, {
      userId: to,
      kind: into,
      freeDelta: amount,
      frozenDelta: 0,
      memoKey: `ledger_${into}`,
      memoParams: memo,
      refType: 'copy',
      refId: copyId,
      at,
    });
  }

  private async chargeFee(
    tx: Tx,
    copy: CopyRow,
    strategy: StrategyRow,
    fee: number,
    at: number,
  ): Promise<void> {
    const memo = { name: strategy.name, copy: copy.id };
    await postLedgerEntry(tx, {
      userId: copy.account_id as number,
      kind: COPY_LEDGER.feePaid,
      freeDelta: -fee,
      frozenDelta: 0,
      memoKey: 'ledger_copy_fee_paid',
      memoParams: memo,
      refType: 'copy',
      refId: copy.id,
      at,
    });
    await postLedgerEntry(tx, {
      userId: strategy.user_id,
      kind: COPY_LEDGER.feeEarned,
      freeDelta: fee,
      frozenDelta: 0,
      memoKey: 'ledger_copy_fee_earned',
      memoParams: memo,
      refType: 'copy',
      refId: copy.id,
      at,
    });
    await addFeesEarned(tx, strategy.id, fee);
  }
}

/**
 * Reads a copy with its row locked for the rest of the transaction (PostgreSQL: a no-op UPDATE
 * takes the lock; SQLite has one writer), so fee and fund changes never overwrite each other.
 */
async function lockCopy(tx: Tx, id: number): Promise<CopyRow | undefined> {
  await tx
    .updateTable('copies')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .execute();
  return selectCopy(tx, id);
}

function checkName(text: string): string {
  const name = text.trim();
  const length = Array.from(name).length;
  if (length < STRATEGY_NAME_MIN || length > STRATEGY_NAME_MAX) throw new AppError('strategy_name_invalid');
  return name;
}

/** The contract bounds its length (STRATEGY_DESC_MAX): a longer one is refused, never cut. */
function checkDescription(text: string): string {
  return text.trim();
}

function checkFee(text: string): number {
  const rate = parseFeeRate(text, STRATEGY_FEE_MAX_PCT);
  if (rate === null) throw new AppError('fee_rate_invalid');
  return rate;
}
