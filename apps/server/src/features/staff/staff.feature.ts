import type { Feature } from '../../app-context.js';
import { CompanyDirectory } from '../company/index.js';
import { LoginThrottle, openSecretBox, systemClock } from '../identity/index.js';
import { NewsDesk } from '../news/index.js';
import { createFirstOwner, StaffAccess } from './access.js';
import { Audit } from './audit.js';
import { DealingDesk } from './dealing.js';
import { UserDesk } from './desk.js';
import { RestrictionBook } from './restrictions.js';
import { registerStaffRoutes } from './staff.routes.js';

declare module '../../app-context.js' {
  interface Services {
    /** The audit log (set by the staff feature): funding's and kyc's review decisions write to it. */
    audit?: Audit;
  }
}

/** The audit log for a feature whose staff calls write to it; staff must be registered before it. */
export function requireAudit(services: { audit?: Audit }, feature: string): Audit {
  if (!services.audit) throw new Error(`The ${feature} feature needs the staff feature, listed before it`);
  return services.audit;
}

/**
 * The back office: staff sign-in and roles, the user desk, four-eyes approvals, the dealing desk,
 * the risk view and the audit log (the console at /admin calls these). Registered after trading
 * (it holds the order path's restriction book) and before kyc and funding (their review queues
 * write to the audit log).
 */
export function createStaffFeature(): Feature {
  return {
    name: 'staff',
    async register(ctx) {
      const db = ctx.db.kysely;
      const clock = systemClock;
      const audit = new Audit(clock);
      ctx.services.audit = audit;
      const access = new StaffAccess({
        db,
        clock,
        box: await openSecretBox(db),
        throttle: new LoginThrottle(db, clock),
        audit,
        idleMs: ctx.config.staffIdleMinutes * 60_000,
        allowed: ctx.config.staffAllowedAddresses,
      });
      ctx.app.staffAuth = access;

      const restrictions = new RestrictionBook(ctx.bus);
      const offRestrictions = await restrictions.load(db);
      ctx.app.addHook('onClose', async () => offRestrictions());
      const trading = ctx.services.trading;
      trading?.service.useRestrictions(restrictions);

      const traderAccess = ctx.services.traderAccess;
      if (!traderAccess) throw new Error('The staff feature needs the identity feature, listed before it');
      const desk = new UserDesk({
        db,
        clock,
        audit,
        bus: ctx.bus,
        restrictions,
        traderAccess,
        markets: ctx.services.markets,
        strategies: () => ctx.services.copy?.service,
      });
      const dealing = new DealingDesk({
        db: ctx.db,
        bus: ctx.bus,
        audit,
        markets: ctx.services.markets,
        onChange: () => {
          if (!trading) return;
          trading.pricing.refreshSettings();
          trading.worker
            .refreshSettings()
            .catch((err: unknown) => ctx.log.warn({ err }, 'trigger worker settings refresh failed'));
        },
      });
      const offDealing = dealing.listen();
      ctx.app.addHook('onClose', async () => offDealing());

      if (ctx.config.staffBootstrap) {
        const { email, password } = ctx.config.staffBootstrap;
        if (await createFirstOwner(db, email, password, clock.now(), audit)) {
          ctx.log.warn(
            { email },
            'created the first owner from STAFF_BOOTSTRAP_EMAIL (the password must be changed at first sign-in)',
          );
        }
      }
      registerStaffRoutes(ctx, {
        db,
        clock,
        access,
        audit,
        desk,
        dealing,
        markets: ctx.services.markets,
        news: new NewsDesk(db),
        companies: new CompanyDirectory(db),
      });
    },
  };
}
