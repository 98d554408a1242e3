import { AdminDecisionForm, AdminListQuery, type AuthCenter, RealNameForm } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Translator } from '../../i18n/translator.js';
import { defineAdminRoute } from '../funding/admin-auth.js';
import { defineProtectedRoute } from '../identity/auth.js';
import type { KycRow } from './kyc.repository.js';
import type { KycService } from './kyc.service.js';

const ADMIN_PAGE_SIZE = 50;

export function registerKycRoutes(
  app: FastifyInstance,
  translator: Translator,
  kyc: KycService,
  adminToken: string | undefined,
): void {
  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/user_real/real_name',
    access: 'real',
    body: RealNameForm,
    handler: ({ user, body }): Promise<AuthCenter> => kyc.submit(user.userId, body),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/api/user_real/center',
    access: 'real',
    handler: ({ user }): Promise<AuthCenter> => kyc.center(user.userId),
  });

  defineAdminRoute(app, translator, adminToken, {
    method: 'GET',
    url: '/api/admin/kyc',
    query: AdminListQuery,
    handler: async ({ query }) => {
      const { rows, total } = await kyc.list(query.status, query.page, ADMIN_PAGE_SIZE);
      return { list: rows.map(adminView), total, page: query.page };
    },
  });
  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    defineAdminRoute(app, translator, adminToken, {
      method: 'POST',
      url: `/api/admin/kyc/${path}`,
      body: AdminDecisionForm,
      handler: async ({ body }) =>
        adminView(await kyc.decide({ id: body.id, approve, operator: body.operator, reason: body.reason })),
    });
  }
}

/** What the operator reviews: the full ID number and links to both pictures on the admin API. */
function adminView(row: KycRow) {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    card_id: row.cardId,
    front_pic: `/api/admin/uploads/${row.frontKey}`,
    reverse_pic: `/api/admin/uploads/${row.reverseKey}`,
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt,
    decided_at: row.decidedAt,
    decided_by: row.decidedBy,
  };
}
