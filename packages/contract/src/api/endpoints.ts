/**
 * The endpoint table: every REST call with its schemas and error keys. The server registers its
 * routes from it, `/openapi.json` is generated from it, and a test proves every route the server
 * registers is in it.
 */

import { accountsEndpoints } from './accounts.endpoints.js';
import { contentEndpoints } from './content.endpoints.js';
import type { Endpoint } from './endpoint.js';
import { followEndpoints } from './follow.endpoints.js';
import { fundingEndpoints } from './funding.endpoints.js';
import { healthEndpoints } from './health.endpoints.js';
import { identityEndpoints } from './identity.endpoints.js';
import { kycEndpoints } from './kyc.endpoints.js';
import { marketsEndpoints } from './markets.endpoints.js';
import { rankingEndpoints } from './ranking.endpoints.js';
import type { RouteId } from './routes.js';
import { settingsEndpoints } from './settings.endpoints.js';
import { staffEndpoints } from './staff.endpoints.js';
import { tradingEndpoints } from './trading.endpoints.js';
import { uploadsEndpoints } from './uploads.endpoints.js';

export const endpoints = {
  ...tradingEndpoints,
  ...identityEndpoints,
  ...accountsEndpoints,
  ...settingsEndpoints,
  ...contentEndpoints,
  ...rankingEndpoints,
  ...marketsEndpoints,
  ...healthEndpoints,
  ...fundingEndpoints,
  ...kycEndpoints,
  ...uploadsEndpoints,
  ...staffEndpoints,
  ...followEndpoints,
} as const satisfies Record<RouteId, Endpoint>;

export const ENDPOINT_LIST: readonly Endpoint[] = Object.values(endpoints);
