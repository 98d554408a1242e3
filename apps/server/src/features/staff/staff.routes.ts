import { endpoints } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineRoute, type RouteHost } from '../../http/route.js';
import type { CompanyDirectory } from '../company/index.js';
import type { Clock } from '../identity/index.js';
import type { MarketService } from '../markets/index.js';
import type { NewsDesk } from '../news/index.js';
import type { StaffAccess } from './access.js';
import type { Audit } from './audit.js';
import type { DealingDesk } from './dealing.js';
import { DESK_PAGE_SIZE, type UserDesk } from './desk.js';
import { riskView } from './risk.js';
import { selectQueueCounts } from './staff.repository.js';

export interface StaffRouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: StaffAccess;
  audit: Audit;
  desk: UserDesk;
  dealing: DealingDesk;
  markets: MarketService;
  news: NewsDesk;
  companies: CompanyDirectory;
}

/** The back office's own calls (the review queues are registered by funding and kyc). */
export function registerStaffRoutes(host: RouteHost, d: StaffRouteDeps): void {
  const { access, desk, dealing } = d;

  defineRoute(host, endpoints.staffLogin, ({ input, request }) => access.login(input, request.ip));
  defineRoute(host, endpoints.staffSetup, ({ input, request }) => access.setup(input, request.ip));
  defineRoute(host, endpoints.staffMe, ({ user }) => access.meOf(user));
  defineRoute(host, endpoints.staffLogout, async ({ user, request }) => {
    await access.logout(user, request.ip);
    return { ok: true as const };
  });
  defineRoute(host, endpoints.staffDashboard, async () => {
    const now = d.clock.now();
    const c = await selectQueueCounts(d.db, now - (now % 86_400_000));
    return {
      deposits_waiting: c.deposits,
      withdrawals_waiting: c.withdrawals,
      kyc_waiting: c.kyc,
      approvals_waiting: c.approvals,
      users_total: c.users,
      users_today: c.usersToday,
    };
  });

  defineRoute(host, endpoints.staffMembers, async () => ({ list: await access.members() }));
  defineRoute(host, endpoints.staffCreate, ({ input, user, request }) =>
    access.create(user, input.email, input.role, request.ip),
  );
  defineRoute(host, endpoints.staffUpdate, ({ input, user, request }) =>
    access.update(user, input.id, { role: input.role, disabled: input.disabled }, request.ip),
  );
  defineRoute(host, endpoints.staffResetAccess, ({ input, user, request }) =>
    access.resetAccess(user, input.id, request.ip),
  );

  defineRoute(host, endpoints.staffUsers, ({ input }) => desk.search(input.q, input.page));
  defineRoute(host, endpoints.staffUser, ({ input }) => desk.profile(input.id));
  defineRoute(host, endpoints.staffUserLedger, ({ input }) => desk.ledger(input.id, input.page));
  defineRoute(host, endpoints.staffUserOrders, ({ input }) => desk.orders(input.id, input.page));
  defineRoute(host, endpoints.staffUserRestrict, ({ input, user, request }) =>
    desk.restrict(
      user,
      input.id,
      { tradingFrozen: input.trading_frozen, withdrawalsFrozen: input.withdrawals_frozen },
      input.reason,
      request.ip,
    ),
  );
  defineRoute(host, endpoints.staffUserCredit, ({ input, user, request }) =>
    desk.credit(user, input.id, input.score, input.reason, request.ip),
  );
  defineRoute(host, endpoints.staffUserLogout, async ({ input, user, request }) => {
    await desk.logoutEverywhere(user, input.id, input.reason, request.ip);
    return { ok: true as const };
  });
  defineRoute(host, endpoints.staffUserAvatarRemove, async ({ input, user, request }) => {
    await desk.removeStrategyAvatar(user, input.id, input.reason, request.ip);
    return { ok: true as const };
  });
  defineRoute(host, endpoints.staffUserTwoFactorReset, ({ input, user, request }) =>
    desk.requestTwoFactorReset(user, input.id, input.reason, request.ip),
  );
  defineRoute(host, endpoints.staffUserAdjust, ({ input, user, request }) =>
    desk.requestAdjustment(user, input.id, input.amount, input.reason, request.ip),
  );

  defineRoute(host, endpoints.staffApprovals, ({ input }) => desk.approvals(input.status, input.page));
  defineRoute(host, endpoints.staffApprovalApprove, ({ input, user, request }) =>
    desk.decide(user, input.id, true, input.reason, request.ip),
  );
  defineRoute(host, endpoints.staffApprovalReject, ({ input, user, request }) =>
    desk.decide(user, input.id, false, input.reason, request.ip),
  );

  defineRoute(host, endpoints.staffInstruments, () => ({ list: dealing.instruments() }));
  defineRoute(host, endpoints.staffInstrumentUpdate, ({ input, user, request }) =>
    dealing.updateInstrument(user, input, request.ip),
  );
  defineRoute(host, endpoints.staffSettings, async () => ({ list: await dealing.settings() }));
  defineRoute(host, endpoints.staffSettingUpdate, ({ input, user, request }) =>
    dealing.updateSetting(user, input.key, input.value, request.ip),
  );

  defineRoute(host, endpoints.staffNews, ({ input }) => d.news.list(input.page));
  defineRoute(host, endpoints.staffNewsArticle, ({ input }) => d.news.article(input.id));
  defineRoute(host, endpoints.staffNewsSave, ({ input, user, request }) =>
    d.news.save(
      input.id,
      { categoryId: input.category_id, published: input.published, texts: input.texts },
      Math.floor(d.clock.now() / 1000),
      (trx, before, id) =>
        d.audit.record(
          trx,
          user,
          before ? 'news.update' : 'news.create',
          `news:${id}`,
          before ? { published: before.published, langs: before.texts.map((t) => t.lang) } : null,
          {
            published: input.published,
            category_id: input.category_id,
            langs: input.texts.map((t) => t.lang),
          },
          request.ip,
        ),
    ),
  );
  defineRoute(host, endpoints.staffNewsPreview, ({ input }) => d.news.preview(input.content));
  defineRoute(host, endpoints.staffCompanies, ({ input }) =>
    d.companies.search({ name: input.q, page: input.page }),
  );
  defineRoute(host, endpoints.staffCompanySave, async ({ input, user, request }) => {
    const { id, ...fields } = input;
    const saved = await d.companies.save(id ?? null, {
      name: fields.name,
      logo: fields.logo,
      url: fields.url,
      subject: fields.subject,
      registeredAddress: fields.registered_address,
      location: fields.location,
      email: fields.email,
    });
    await d.audit.record(
      d.db,
      user,
      id ? 'company.update' : 'company.create',
      `company:${saved.id}`,
      null,
      saved,
      request.ip,
    );
    return saved;
  });

  defineRoute(host, endpoints.staffRisk, () => riskView(d.db, d.markets, d.clock));
  defineRoute(host, endpoints.staffAudit, async ({ input }) => {
    const { list, total } = await d.audit.page(
      d.db,
      { staffId: input.staff_id, action: input.action || undefined, from: input.from, to: input.to },
      input.page,
      DESK_PAGE_SIZE,
    );
    return { list, total, page: input.page };
  });
}
