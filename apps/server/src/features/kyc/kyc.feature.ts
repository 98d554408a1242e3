import type { Feature } from '../../app-context.js';
import { requireAudit } from '../staff/index.js';
import { requireUploads } from '../uploads/index.js';
import { registerKycRoutes } from './kyc.routes.js';
import { KycService } from './kyc.service.js';

/** Real-name verification: the trader's submission with both ID pictures, and the operator's review. */
export function createKycFeature(): Feature {
  return {
    name: 'kyc',
    register(ctx) {
      const kyc = new KycService(ctx.db.kysely, requireUploads(ctx.services, 'kyc'));
      registerKycRoutes(ctx, kyc, requireAudit(ctx.services, 'kyc'));
    },
  };
}
