import type { Feature } from '../../app-context.js';
import { requireAudit } from '../staff/index.js';
import { requireUploads } from '../uploads/index.js';
import { registerFundingAdminRoutes } from './admin.routes.js';
import { DepositService } from './deposits.service.js';
import { registerFundingRoutes } from './funding.routes.js';
import { seedFunding } from './funding.seed.js';
import { withdrawalGuards } from './guards.js';
import { registerFundingOptionRoutes } from './options.routes.js';
import { WithdrawalService } from './withdrawals.service.js';

/**
 * Funding: deposits (declared with a proof picture from the uploads feature), withdrawals, payout
 * methods, and the operator's decisions on them (staff API, enabled by ADMIN_TOKEN).
 */
export function createFundingFeature(): Feature {
  return {
    name: 'funding',
    seed: (db) => seedFunding(db.kysely),
    register(ctx) {
      const db = ctx.db.kysely;
      const deposits = new DepositService(db, requireUploads(ctx.services, 'funding'));
      // The stop-out monitor hears of money leaving an account at once (trading, listed before).
      const withdrawals = new WithdrawalService(db, withdrawalGuards(ctx), Date.now, (userId) =>
        ctx.services.trading?.service.announceBalance(userId),
      );
      registerFundingRoutes(ctx, deposits, withdrawals);
      registerFundingOptionRoutes(ctx, db, requireAudit(ctx.services, 'funding'));
      registerFundingAdminRoutes(ctx, {
        deposits,
        withdrawals,
        settings: ctx.services.settings,
        audit: requireAudit(ctx.services, 'funding'),
      });
    },
  };
}
