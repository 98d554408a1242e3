import type { Feature } from '../app-context.js';
import { registerAccountsRoutes } from './accounts/accounts.routes.js';
import { registerCompanyRoutes } from './company/company.routes.js';
import { seedCompanies } from './company/company.seed.js';
import { createCopyFeature } from './copy/index.js';
import { createFundingFeature } from './funding/index.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { createIdentityFeature } from './identity/identity.feature.js';
import { createKycFeature } from './kyc/index.js';
import { marketsFeature } from './markets/markets.feature.js';
import { registerNewsRoutes } from './news/news.routes.js';
import { seedNews } from './news/news.seed.js';
import { createRankingFeature } from './ranking/ranking.feature.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { seedSettings } from './settings/settings.seed.js';
import { createStaffFeature } from './staff/index.js';
import { createTradingFeature } from './trading/trading.feature.js';
import { createUploadsFeature } from './uploads/index.js';

/** Every feature of the server, in registration order. A new feature adds one line here. */
export const FEATURES: readonly Feature[] = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'settings', seed: (db) => seedSettings(db.kysely), register: registerSettingsRoutes },
  { name: 'company', seed: (db) => seedCompanies(db.kysely), register: registerCompanyRoutes },
  { name: 'news', seed: (db) => seedNews(db.kysely), register: registerNewsRoutes },
  createIdentityFeature(),
  { name: 'accounts', register: registerAccountsRoutes },
  marketsFeature,
  createTradingFeature(),
  // After trading (the order path's restriction book), before kyc and funding (their review
  // queues write to the staff audit log).
  createStaffFeature(),
  // uploads first: kyc and funding take pictures through ctx.services.uploads.
  createUploadsFeature(),
  createKycFeature(),
  createFundingFeature(),
  createRankingFeature(),
  // After trading: copy trading books through its engine.
  createCopyFeature(),
];
