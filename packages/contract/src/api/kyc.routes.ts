import type { AuthCenter, RealNameForm } from '../funding.js';
import type { NoInput } from './no-input.js';
import { realRoute } from './route.js';

/** Real-name verification (spec section 7), for real accounts only. */
export const kycRoutes = {
  realName: realRoute<typeof RealNameForm, typeof AuthCenter>('POST', '/api/user_real/real_name'),
  authCenter: realRoute<typeof NoInput, typeof AuthCenter>('GET', '/api/user_real/center'),
} as const;
