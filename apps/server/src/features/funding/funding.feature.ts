import { join } from 'node:path';
import type { Feature } from '../../app-context.js';
import { registerKycRoutes } from '../kyc/kyc.routes.js';
import { KycService } from '../kyc/kyc.service.js';
import { DiskStorage, type ObjectStorage } from '../uploads/storage.js';
import { registerUploadRoutes } from '../uploads/uploads.routes.js';
import { UploadService } from '../uploads/uploads.service.js';
import { registerFundingAdminRoutes } from './admin.routes.js';
import { DepositService } from './deposits.service.js';
import { registerFundingRoutes } from './funding.routes.js';
import { readUploadSecret, seedFunding } from './funding.seed.js';
import { WithdrawalService } from './withdrawals.service.js';

export interface FundingOptions {
  /** Where pictures go; DATA_DIR/uploads on disk unless an object store is given. */
  storage?: (dataDir: string) => ObjectStorage;
}

/**
 * Funding and identity verification: picture uploads, real-name review, deposits, withdrawals and
 * the operator's decisions on them (admin API, enabled by ADMIN_TOKEN).
 */
export function createFundingFeature(options: FundingOptions = {}): Feature {
  return {
    name: 'funding',
    seed: (db) => seedFunding(db.kysely),
    async register(ctx) {
      const db = ctx.db.kysely;
      const storage =
        options.storage?.(ctx.config.dataDir) ?? new DiskStorage(join(ctx.config.dataDir, 'uploads'));
      const uploads = new UploadService(db, storage, await readUploadSecret(db));
      const kyc = new KycService(db, uploads);
      const deposits = new DepositService(db, uploads);
      const withdrawals = new WithdrawalService(db);
      const adminToken = ctx.config.adminToken;
      await registerUploadRoutes(ctx.app, ctx.translator, uploads, adminToken);
      registerKycRoutes(ctx.app, ctx.translator, kyc, adminToken);
      registerFundingRoutes(ctx.app, ctx.translator, deposits, withdrawals);
      registerFundingAdminRoutes(ctx.app, ctx.translator, adminToken, deposits, withdrawals);
    },
  };
}
