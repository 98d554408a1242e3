import { type AdminDeposit, type AdminWithdrawal, endpoints } from '@meridian/contract';
import type { StaffCaller } from '../../http/auth.js';
import { defineRoute, type RouteHost } from '../../http/route.js';
import { toMoney } from '../accounts/index.js';
import type { SettingsService } from '../settings/index.js';
import { type Audit, actorOf } from '../staff/index.js';
import { picturePath } from '../uploads/index.js';
import type { DepositRow } from './deposits.repository.js';
import type { DepositService } from './deposits.service.js';
import type { WithdrawalRow } from './withdrawals.repository.js';
import { approvalsNeeded, type WithdrawalService } from './withdrawals.service.js';

const ADMIN_PAGE_SIZE = 50;

export interface FundingReviewDeps {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  settings: SettingsService;
  audit: Audit;
}

/**
 * The review queues of deposits and withdrawals (finance, or the automation token). Each decision
 * names its member (or `automation:<operator>`), and its audit row commits with it. Withdrawals
 * above `withdraw_four_eyes_usd` need two approvals from different members before they are paid.
 */
export function registerFundingAdminRoutes(host: RouteHost, deps: FundingReviewDeps): void {
  const { deposits, withdrawals, audit } = deps;
  const fourEyes = async () => fourEyesMicros(await deps.settings.get(['withdraw_four_eyes_usd']));

  defineRoute(host, endpoints.adminDeposits, async ({ input }) => {
    const { rows, total } = await deposits.list({ status: input.status }, input.page, ADMIN_PAGE_SIZE);
    return { list: rows.map(depositView), total, page: input.page };
  });
  for (const [endpoint, decision] of [
    [endpoints.adminDepositApprove, 'approve'],
    [endpoints.adminDepositReject, 'reject'],
    [endpoints.adminDepositInvalid, 'invalid'],
  ] as const) {
    defineRoute(host, endpoint, async ({ input, user, request }) => {
      const caller = actorOf(user, input.operator);
      const row = await deposits.decide(input.id, decision, caller.actor, input.reason, (trx, decided) =>
        audit.record(
          trx,
          caller,
          `deposit.${decision}`,
          `deposit:${decided.id}`,
          { status: 0 },
          auditOf(decided),
          request.ip,
        ),
      );
      return depositView(row);
    });
  }

  defineRoute(host, endpoints.adminWithdrawals, async ({ input }) => {
    const { rows, total } = await withdrawals.list({ status: input.status }, input.page, ADMIN_PAGE_SIZE);
    const threshold = await fourEyes();
    return { list: rows.map((w) => withdrawalView(w, threshold)), total, page: input.page };
  });
  defineRoute(host, endpoints.adminWithdrawalApprove, async ({ input, user, request }) => {
    const caller = actorOf(user, input.operator);
    const threshold = await fourEyes();
    const row = await withdrawals.approve(input.id, approverOf(caller), threshold, (trx, approved) =>
      audit.record(
        trx,
        caller,
        'withdrawal.approve',
        `withdrawal:${approved.id}`,
        null,
        {
          approvals: approved.approvals.map((a) => a.name),
          needed: approvalsNeeded(approved, threshold),
          reason: input.reason,
        },
        request.ip,
      ),
    );
    return withdrawalView(row, threshold);
  });
  defineRoute(host, endpoints.adminWithdrawalPaid, async ({ input, user, request }) => {
    const caller = actorOf(user, input.operator);
    const row = await withdrawals.pay(input.id, caller.actor, input.reference, (trx, paid) =>
      audit.record(
        trx,
        caller,
        'withdrawal.paid',
        `withdrawal:${paid.id}`,
        { status: 0 },
        auditOfWithdrawal(paid),
        request.ip,
      ),
    );
    return withdrawalView(row, await fourEyes());
  });
  defineRoute(host, endpoints.adminWithdrawalReject, async ({ input, user, request }) => {
    const caller = actorOf(user, input.operator);
    const row = await withdrawals.reject(input.id, caller.actor, input.reason, (trx, rejected) =>
      audit.record(
        trx,
        caller,
        'withdrawal.reject',
        `withdrawal:${rejected.id}`,
        { status: 0 },
        auditOfWithdrawal(rejected),
        request.ip,
      ),
    );
    return withdrawalView(row, await fourEyes());
  });
}

/** The four-eyes threshold in micro-units; a setting that is not a number means every withdrawal. */
function fourEyesMicros(s: { withdraw_four_eyes_usd: string }): number {
  const usd = Number(s.withdraw_four_eyes_usd);
  return Number.isFinite(usd) && usd >= 0 ? Math.round(usd * 1_000_000) : 0;
}

function approverOf(caller: StaffCaller) {
  return { staffId: caller.staffId, name: caller.actor };
}

function auditOf(d: DepositRow) {
  return { status: d.status, amount: toMoney(d.amountMicros), user_id: d.userId, remark: d.remark };
}

function auditOfWithdrawal(w: WithdrawalRow) {
  return {
    status: w.status,
    amount: toMoney(w.amountMicros),
    user_id: w.userId,
    remark: w.remark,
    reference: w.paidReference,
  };
}

function depositView(d: DepositRow): AdminDeposit {
  return {
    id: d.id,
    user_id: d.userId,
    type: d.type,
    option_id: d.optionId,
    currency_code: d.currencyCode,
    protocol_code: d.protocolCode,
    address: d.address,
    number: toMoney(d.amountMicros),
    proof_pic: picturePath('adminPicture', d.proofKey),
    status: d.status,
    remark: d.remark,
    created_at: d.createdAt,
    decided_at: d.decidedAt,
    decided_by: d.decidedBy,
  };
}

function withdrawalView(w: WithdrawalRow, fourEyes: number): AdminWithdrawal {
  return {
    id: w.id,
    user_id: w.userId,
    type: w.type,
    draw_currency_id: w.drawCurrencyId,
    method_id: w.methodId,
    currency_code: w.currencyCode,
    protocol: w.protocol,
    address: w.address,
    payee_account: w.payeeAccount,
    number: toMoney(w.amountMicros),
    fee: toMoney(w.feeMicros),
    real_number: w.receive,
    memo: w.memo,
    status: w.status,
    remark: w.remark,
    created_at: w.createdAt,
    decided_at: w.decidedAt,
    decided_by: w.decidedBy,
    approved_by: w.approvals.map((a) => a.name),
    approvals_needed: approvalsNeeded(w, fourEyes),
    paid_reference: w.paidReference,
  };
}
