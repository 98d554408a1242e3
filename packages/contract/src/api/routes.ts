/**
 * Every REST call of the product, zod-free at run time: the web app names calls from here. Each
 * domain keeps its own list; `endpoints.ts` pairs each with its schemas.
 */

import { accountsRoutes } from './accounts.routes.js';
import { contentRoutes } from './content.routes.js';
import { followRoutes } from './follow.routes.js';
import { fundingRoutes } from './funding.routes.js';
import { healthRoutes } from './health.routes.js';
import { identityRoutes } from './identity.routes.js';
import { kycRoutes } from './kyc.routes.js';
import { marketsRoutes } from './markets.routes.js';
import { rankingRoutes } from './ranking.routes.js';
import { settingsRoutes } from './settings.routes.js';
import { staffRoutes } from './staff.routes.js';
import { tradingRoutes } from './trading.routes.js';
import { uploadsRoutes } from './uploads.routes.js';

export const routes = {
  ...tradingRoutes,
  ...identityRoutes,
  ...accountsRoutes,
  ...settingsRoutes,
  ...contentRoutes,
  ...rankingRoutes,
  ...marketsRoutes,
  ...healthRoutes,
  ...fundingRoutes,
  ...kycRoutes,
  ...uploadsRoutes,
  ...staffRoutes,
  ...followRoutes,
} as const;

export type RouteId = keyof typeof routes;
