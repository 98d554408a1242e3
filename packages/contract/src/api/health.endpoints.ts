import { Health } from '../server.js';
import { defineEndpoints } from './endpoint.js';
import { healthRoutes } from './health.routes.js';
import { NoInput } from './no-input.js';

export const healthEndpoints = defineEndpoints('health', healthRoutes, {
  health: {
    request: NoInput,
    response: Health,
    summary: 'The node is up and its database answers.',
    errors: ['unavailable'],
  },
});
