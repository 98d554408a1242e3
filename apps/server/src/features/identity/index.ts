/**
 * Identity: who is calling. Other features protect their routes with `defineProtectedRoute`
 * (access 'user' or 'real'), or call `requireUser` / `requireRealUser` in a handler, and add the
 * route to PROTECTED_ROUTES (protected-routes.ts) so the role tests cover it.
 */
export {
  type Access,
  defineProtectedRoute,
  type ProtectedRouteInfo,
  protectedRoutes,
  requireRealUser,
  requireUser,
} from './auth.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export { createIdentityFeature, type IdentityOptions } from './identity.feature.js';
export type { UsersTable } from './identity.schema.js';
export { PROTECTED_ROUTES } from './protected-routes.js';
export { type AuthUser, SessionStore, tokenFromHeader } from './sessions.js';
