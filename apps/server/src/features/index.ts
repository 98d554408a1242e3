import type { Feature } from '../app-context.js';
import { registerCompanyRoutes } from './company/company.routes.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { seedSettings } from './settings/settings.seed.js';

/** Every feature of the server, in registration order. A new feature adds one line here. */
export const FEATURES: readonly Feature[] = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'settings', seed: (db) => seedSettings(db.kysely), register: registerSettingsRoutes },
  { name: 'company', register: registerCompanyRoutes },
];
