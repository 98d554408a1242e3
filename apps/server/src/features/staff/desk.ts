/**
 * The user desk: find a trader, read their record, and act on it. Holds and the credit score take
 * effect at once; a manual credit or debit and a 2FA reset are requests that a second member
 * approves (four eyes), and take effect in the approval's transaction. Every action writes its
 * audit row in the same transaction as the change.
 */
import type {
  StaffApproval,
  StaffLedgerPage,
  StaffOrderPage,
  StaffUserPage,
  StaffUserProfile,
  StaffUserRow,
} from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { StaffCaller } from '../../http/auth.js';
import type { EventBus } from '../../live/event-bus.js';
import { parseAmount, postLedgerEntry, toMoney } from '../accounts/index.js';
import type { Clock, TraderAccess } from '../identity/index.js';
import type { MarketService } from '../markets/index.js';
import { BALANCE_EVENTS_CHANNEL } from '../trading/index.js';
import type { Audit } from './audit.js';
import {
  countOrders,
  type DeskUserRow,
  searchUsers,
  selectAccountBalance,
  selectCopiesOf,
  selectDeskUser,
  selectLatestKycOf,
  selectLedgerOf,
  selectLogins,
  selectOrdersOf,
  updateCreditScore,
  updateRestrictions,
} from './desk.repository.js';
import type { RestrictionBook } from './restrictions.js';
import {
  type ApprovalRow,
  decideApproval,
  insertApproval,
  selectApproval,
  selectApprovalPage,
} from './staff.repository.js';

export const DESK_PAGE_SIZE = 50;

/** Copy trading's side of a trader's record (the copy feature's service), when the app has it. */
export interface StrategyDesk {
  strategyOf(userId: number): Promise<StaffUserProfile['strategy']>;
  /** Takes the trader's strategy's picture down; the version removed, or null when there was none. */
  removeAvatarOf(userId: number): Promise<string | null>;
}

export interface DeskDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: Audit;
  bus: EventBus;
  restrictions: RestrictionBook;
  traderAccess: TraderAccess;
  markets: MarketService;
  /** Read at call time: the copy feature registers after this one. */
  strategies?: () => StrategyDesk | undefined;
}

export class UserDesk {
  constructor(private readonly d: DeskDeps) {}

  async search(q: string, page: number): Promise<StaffUserPage> {
    const { rows, total } = await searchUsers(this.d.db, q, DESK_PAGE_SIZE, (page - 1) * DESK_PAGE_SIZE);
    return { list: rows.map(userView), total, page };
  }

  async profile(id: number): Promise<StaffUserProfile> {
    const { db, clock } = this.d;
    const user = await this.user(id);
    const [balance, orders, copies, logins, kyc, strategy] = await Promise.all([
      selectAccountBalance(db, id),
      countOrders(db, id),
      selectCopiesOf(db, id),
      selectLogins(db, id, clock.now()),
      selectLatestKycOf(db, id),
      this.d.strategies?.()?.strategyOf(id) ?? null,
    ]);
    const copyFunds = await Promise.all(
      copies.map(async (c) =>
        c.accountId === null ? 0 : (await selectAccountBalance(db, c.accountId)).balance,
      ),
    );
    return {
      user: userView(user),
      balance: toMoney(balance.balance),
      frozen: toMoney(balance.frozen),
      open_orders: orders.open,
      pending_orders: orders.pending,
      copies: copies.map((c, i) => ({
        id: c.id,
        strategy: c.strategy,
        status: c.status === 'running' ? 1 : c.status === 'stopping' ? 2 : 0,
        funds: toMoney(copyFunds[i] ?? 0),
      })),
      logins,
      kyc: kyc ?? null,
      strategy: strategy ?? null,
    };
  }

  async ledger(id: number, page: number): Promise<StaffLedgerPage> {
    await this.user(id);
    const { rows, total } = await selectLedgerOf(this.d.db, id, DESK_PAGE_SIZE, (page - 1) * DESK_PAGE_SIZE);
    return {
      total,
      page,
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        number: toMoney(r.free),
        lock_number: toMoney(r.frozen),
        balance: toMoney(r.balanceAfter),
        lock_balance: toMoney(r.frozenAfter),
        ref: r.ref,
        created_at: r.createdAt,
      })),
    };
  }

  async orders(id: number, page: number): Promise<StaffOrderPage> {
    await this.user(id);
    const { rows, total } = await selectOrdersOf(this.d.db, id, DESK_PAGE_SIZE, (page - 1) * DESK_PAGE_SIZE);
    return {
      total,
      page,
      list: rows.map((r) => ({
        id: r.id,
        code: this.d.markets.instrument(r.instrumentId)?.code ?? String(r.instrumentId),
        side: r.side,
        lots: r.lots,
        status: r.status,
        open_price: r.openPrice,
        close_price: r.closePrice,
        margin: toMoney(r.margin),
        pnl: toMoney(r.pnl),
        fee: toMoney(r.fee),
        created_at: r.createdAt,
        closed_at: r.closedAt,
      })),
    };
  }

  async restrict(
    caller: StaffCaller,
    id: number,
    change: { tradingFrozen?: boolean; withdrawalsFrozen?: boolean },
    reason: string,
    address: string,
  ): Promise<StaffUserRow> {
    const after = await inTransaction(this.d.db, async (trx) => {
      const before = await selectDeskUser(trx, id);
      if (!before) throw new AppError('record_not_found');
      await updateRestrictions(trx, id, change);
      const updated = await selectDeskUser(trx, id);
      if (!updated) throw new Error(`user ${id} vanished`);
      await this.d.audit.record(
        trx,
        caller,
        'user.restrict',
        `user:${id}`,
        { trading_frozen: before.tradingFrozen, withdrawals_frozen: before.withdrawalsFrozen },
        { trading_frozen: updated.tradingFrozen, withdrawals_frozen: updated.withdrawalsFrozen, reason },
        address,
      );
      return updated;
    });
    this.d.restrictions.announce({ userId: id, tradingFrozen: after.tradingFrozen });
    return userView(after);
  }

  async credit(
    caller: StaffCaller,
    id: number,
    score: number,
    reason: string,
    address: string,
  ): Promise<StaffUserRow> {
    return userView(
      await inTransaction(this.d.db, async (trx) => {
        const before = await selectDeskUser(trx, id);
        if (!before) throw new AppError('record_not_found');
        await updateCreditScore(trx, id, score);
        await this.d.audit.record(
          trx,
          caller,
          'user.credit_score',
          `user:${id}`,
          { credit_score: before.creditScore },
          { credit_score: score, reason },
          address,
        );
        return { ...before, creditScore: score };
      }),
    );
  }

  async logoutEverywhere(caller: StaffCaller, id: number, reason: string, address: string): Promise<void> {
    await this.user(id);
    await this.d.traderAccess.logoutEverywhere(id);
    await this.d.audit.record(this.d.db, caller, 'user.logout', `user:${id}`, null, { reason }, address);
  }

  /** Takes down the picture of the trader's strategy; not_found when there is none. */
  async removeStrategyAvatar(
    caller: StaffCaller,
    id: number,
    reason: string,
    address: string,
  ): Promise<void> {
    await this.user(id);
    const removed = (await this.d.strategies?.()?.removeAvatarOf(id)) ?? null;
    if (removed === null) throw new AppError('not_found');
    await this.d.audit.record(
      this.d.db,
      caller,
      'user.strategy_avatar_remove',
      `user:${id}`,
      { avatar: removed },
      { avatar: null, reason },
      address,
    );
  }

  /** A request for a second member: a manual credit (positive) or debit (negative). */
  async requestAdjustment(
    caller: StaffCaller,
    id: number,
    amount: string,
    reason: string,
    address: string,
  ): Promise<StaffApproval> {
    await this.user(id);
    const negative = amount.startsWith('-');
    const micros = parseAmount(negative ? amount.slice(1) : amount);
    return this.request(caller, 'adjustment', id, negative ? -micros : micros, reason, address);
  }

  requestTwoFactorReset(
    caller: StaffCaller,
    id: number,
    reason: string,
    address: string,
  ): Promise<StaffApproval> {
    return this.user(id).then(() => this.request(caller, 'two_factor_reset', id, null, reason, address));
  }

  async approvals(status: number | undefined, page: number) {
    const { rows, total } = await selectApprovalPage(
      this.d.db,
      status,
      DESK_PAGE_SIZE,
      (page - 1) * DESK_PAGE_SIZE,
    );
    return { list: rows.map(approvalView), total, page };
  }

  /**
   * A second member's decision on a request. The requester can never approve their own (four
   * eyes); the effect (the ledger booking, the 2FA reset) commits with the decision or not at all.
   */
  async decide(
    caller: StaffCaller,
    id: number,
    approve: boolean,
    reason: string,
    address: string,
  ): Promise<StaffApproval> {
    const { db, clock } = this.d;
    let balanceEvent: { userId: number; freeMicros: number; frozenMicros: number } | undefined;
    const decided = await inTransaction(db, async (trx) => {
      const request = await selectApproval(trx, id);
      if (!request) throw new AppError('approval_not_found');
      if (request.status !== 0) throw new AppError('approval_decided');
      if (request.requestedById === caller.staffId) throw new AppError('four_eyes_same_member');
      const at = clock.now();
      const row = await decideApproval(trx, id, {
        status: approve ? 1 : 2,
        byId: caller.staffId,
        by: caller.actor,
        at,
        reason,
      });
      if (!row) throw new AppError('approval_decided');
      if (approve && row.kind === 'adjustment' && row.amountMicros !== null) {
        const credit = row.amountMicros > 0;
        const posted = await postLedgerEntry(trx, {
          userId: row.userId,
          kind: 'adjustment',
          freeDelta: row.amountMicros,
          frozenDelta: 0,
          memoKey: credit ? 'ledger_adjustment_credit' : 'ledger_adjustment_debit',
          memoParams: { reason: row.reason },
          refType: 'approval',
          refId: row.id,
          at,
        });
        balanceEvent = {
          userId: row.userId,
          freeMicros: posted.balanceMicros,
          frozenMicros: posted.frozenMicros,
        };
      }
      if (approve && row.kind === 'two_factor_reset')
        await this.d.traderAccess.resetTwoFactor(trx, row.userId);
      await this.d.audit.record(
        trx,
        caller,
        approve ? `approval.approve.${row.kind}` : `approval.reject.${row.kind}`,
        `approval:${row.id}`,
        { status: 0 },
        {
          status: row.status,
          user_id: row.userId,
          amount: row.amountMicros === null ? null : toMoney(row.amountMicros),
          reason,
        },
        address,
      );
      return row;
    });
    // The stop-out levels of the account move with its balance: the trigger worker re-levels it now.
    if (balanceEvent) this.d.bus.publish(BALANCE_EVENTS_CHANNEL, balanceEvent);
    return approvalView(decided);
  }

  private async request(
    caller: StaffCaller,
    kind: 'adjustment' | 'two_factor_reset',
    userId: number,
    amountMicros: number | null,
    reason: string,
    address: string,
  ): Promise<StaffApproval> {
    if (amountMicros === 0) throw new AppError('amount_invalid');
    const row = await inTransaction(this.d.db, async (trx) => {
      const created = await insertApproval(trx, {
        kind,
        userId,
        amountMicros,
        reason,
        requestedById: caller.staffId,
        requestedBy: caller.actor,
        at: this.d.clock.now(),
      });
      await this.d.audit.record(
        trx,
        caller,
        `approval.request.${kind}`,
        `user:${userId}`,
        null,
        { approval: created.id, amount: amountMicros === null ? null : toMoney(amountMicros), reason },
        address,
      );
      return created;
    });
    return approvalView(row);
  }

  private async user(id: number): Promise<DeskUserRow> {
    const user = await selectDeskUser(this.d.db, id);
    if (!user) throw new AppError('record_not_found');
    return user;
  }
}

function userView(u: DeskUserRow): StaffUserRow {
  return {
    id: u.id,
    uid: u.uid,
    email: u.email,
    phone: u.mobile,
    is_demo: u.isDemo,
    kind: u.kind,
    kyc_status: u.kycStatus,
    trading_frozen: u.tradingFrozen,
    withdrawals_frozen: u.withdrawalsFrozen,
    credit_score: u.creditScore,
    created_at: u.createdAt,
  };
}

function approvalView(r: ApprovalRow): StaffApproval {
  return {
    id: r.id,
    kind: r.kind === 'two_factor_reset' ? 'two_factor_reset' : 'adjustment',
    user_id: r.userId,
    amount: r.amountMicros === null ? null : toMoney(r.amountMicros),
    reason: r.reason,
    status: r.status,
    requested_by: r.requestedBy,
    requested_at: r.requestedAt,
    decided_by: r.decidedBy,
    decided_at: r.decidedAt,
    decision_reason: r.decisionReason,
  };
}
