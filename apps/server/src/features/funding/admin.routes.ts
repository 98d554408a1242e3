import { AdminDecisionForm, AdminListQuery } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Translator } from '../../i18n/translator.js';
import { toMoney } from '../accounts/ledger.js';
import { defineAdminRoute } from './admin-auth.js';
import type { DepositRow } from './deposits.repository.js';
import type { DepositDecision, DepositService } from './deposits.service.js';
import type { WithdrawalRow } from './withdrawals.repository.js';
import type { WithdrawalService } from './withdrawals.service.js';

const ADMIN_PAGE_SIZE = 50;

/**
 * The operator's review of deposits and withdrawals, until the operator console exists. Every
 * route needs the x-admin-token header; the decision records the operator's name and the time.
 */
export function registerFundingAdminRoutes(
  app: FastifyInstance,
  translator: Translator,
  adminToken: string | undefined,
  deposits: DepositService,
  withdrawals: WithdrawalService,
): void {
  defineAdminRoute(app, translator, adminToken, {
    method: 'GET',
    url: '/api/admin/deposits',
    query: AdminListQuery,
    handler: async ({ query }) => {
      const { rows, total } = await deposits.list({ status: query.status }, query.page, ADMIN_PAGE_SIZE);
      return { list: rows.map(depositView), total, page: query.page };
    },
  });
  for (const decision of ['approve', 'reject', 'invalid'] as const satisfies readonly DepositDecision[]) {
    defineAdminRoute(app, translator, adminToken, {
      method: 'POST',
      url: `/api/admin/deposits/${decision}`,
      body: AdminDecisionForm,
      handler: async ({ body }) =>
        depositView(await deposits.decide(body.id, decision, body.operator, body.reason)),
    });
  }

  defineAdminRoute(app, translator, adminToken, {
    method: 'GET',
    url: '/api/admin/withdrawals',
    query: AdminListQuery,
    handler: async ({ query }) => {
      const { rows, total } = await withdrawals.list({ status: query.status }, query.page, ADMIN_PAGE_SIZE);
      return { list: rows.map(withdrawalView), total, page: query.page };
    },
  });
  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    defineAdminRoute(app, translator, adminToken, {
      method: 'POST',
      url: `/api/admin/withdrawals/${path}`,
      body: AdminDecisionForm,
      handler: async ({ body }) =>
        withdrawalView(await withdrawals.decide(body.id, approve, body.operator, body.reason)),
    });
  }
}

function depositView(d: DepositRow) {
  return {
    id: d.id,
    user_id: d.userId,
    type: d.type,
    option_id: d.optionId,
    currency_code: d.currencyCode,
    protocol_code: d.protocolCode,
    address: d.address,
    number: toMoney(d.amountMicros),
    proof_pic: `/api/admin/uploads/${d.proofKey}`,
    status: d.status,
    remark: d.remark,
    created_at: d.createdAt,
    decided_at: d.decidedAt,
    decided_by: d.decidedBy,
  };
}

function withdrawalView(w: WithdrawalRow) {
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
