import type { Health } from '../server.js';
import type { NoInput } from './no-input.js';
import { visitorRoute } from './route.js';

/** The load balancer's and the operator's probe. */
export const healthRoutes = {
  health: visitorRoute<typeof NoInput, typeof Health>('GET', '/healthz'),
} as const;
