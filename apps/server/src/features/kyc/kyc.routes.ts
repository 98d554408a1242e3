import { type AdminKyc, endpoints } from '@meridian/contract';
import { defineRoute, type RouteHost } from '../../http/route.js';
import { type Audit, actorOf } from '../staff/index.js';
import { picturePath } from '../uploads/index.js';
import type { KycRow } from './kyc.repository.js';
import type { KycService } from './kyc.service.js';

const ADMIN_PAGE_SIZE = 50;

/** The trader's verification (real accounts only) and the operator's review of it (staff). */
export function registerKycRoutes(host: RouteHost, kyc: KycService, audit: Audit): void {
  defineRoute(host, endpoints.realName, ({ user, input }) => kyc.submit(user.userId, input));
  defineRoute(host, endpoints.authCenter, ({ user }) => kyc.center(user.userId));

  defineRoute(host, endpoints.adminKyc, async ({ input }) => {
    const { rows, total } = await kyc.list(input.status, input.page, ADMIN_PAGE_SIZE);
    return { list: rows.map(adminView), total, page: input.page };
  });
  for (const [endpoint, approve] of [
    [endpoints.adminKycApprove, true],
    [endpoints.adminKycReject, false],
  ] as const) {
    defineRoute(host, endpoint, async ({ input, user, request }) => {
      const caller = actorOf(user, input.operator);
      const row = await kyc.decide(
        { id: input.id, approve, operator: caller.actor, reason: input.reason },
        (trx, decided) =>
          audit.record(
            trx,
            caller,
            approve ? 'kyc.approve' : 'kyc.reject',
            `kyc:${decided.id}`,
            { status: 1 },
            { status: decided.status, user_id: decided.userId, reason: decided.reason },
            request.ip,
          ),
      );
      return adminView(row);
    });
  }
}

/** What the operator reviews: the full ID number and links to both pictures on the staff API. */
function adminView(row: KycRow): AdminKyc {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    card_id: row.cardId,
    front_pic: picturePath('adminPicture', row.frontKey),
    reverse_pic: picturePath('adminPicture', row.reverseKey),
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt,
    decided_at: row.decidedAt,
    decided_by: row.decidedBy,
  };
}
