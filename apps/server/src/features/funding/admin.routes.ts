import { type AdminDeposit, type AdminWithdrawal, endpoints } from '@meridian/contract';
import { defineRoute, type RouteHost } from '../../http/route.js';
import { toMoney } from '../accounts/index.js';
import { picturePath } from '../uploads/index.js';
import type { DepositRow } from './deposits.repository.js';
import type { DepositService } from './deposits.service.js';
import type { WithdrawalRow } from './withdrawals.repository.js';
import type { WithdrawalService } from './withdrawals.service.js';

const ADMIN_PAGE_SIZE = 50;

/**
 * The operator's review of deposits and withdrawals, until the operator console exists. Every
 * route is staff-only (the x-admin-token header); the decision records the operator's name and the time.
 */
export function registerFundingAdminRoutes(
  host: RouteHost,
  deposits: DepositService,
  withdrawals: WithdrawalService,
): void {
  defineRoute(host, endpoints.adminDeposits, async ({ input }) => {
    const { rows, total } = await deposits.list({ status: input.status }, input.page, ADMIN_PAGE_SIZE);
    return { list: rows.map(depositView), total, page: input.page };
  });
  for (const [endpoint, decision] of [
    [endpoints.adminDepositApprove, 'approve'],
    [endpoints.adminDepositReject, 'reject'],
    [endpoints.adminDepositInvalid, 'invalid'],
  ] as const) {
    defineRoute(host, endpoint, async ({ input }) =>
      depositView(await deposits.decide(input.id, decision, input.operator, input.reason)),
    );
  }

  defineRoute(host, endpoints.adminWithdrawals, async ({ input }) => {
    const { rows, total } = await withdrawals.list({ status: input.status }, input.page, ADMIN_PAGE_SIZE);
    return { list: rows.map(withdrawalView), total, page: input.page };
  });
  for (const [endpoint, approve] of [
    [endpoints.adminWithdrawalApprove, true],
    [endpoints.adminWithdrawalReject, false],
  ] as const) {
    defineRoute(host, endpoint, async ({ input }) =>
      withdrawalView(await withdrawals.decide(input.id, approve, input.operator, input.reason)),
    );
  }
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

function withdrawalView(w: WithdrawalRow): AdminWithdrawal {
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
  };
}
