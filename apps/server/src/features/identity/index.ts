/**
 * Identity: who is calling. Other features name the caller's level in the contract's endpoint
 * table (`userRoute`, `realRoute`) and receive the caller as `user` in their `defineRoute`
 * handler; a route needing a login is added to PROTECTED_ROUTES (protected-routes.ts), and the role
 * tests (roles.test.ts) fail on one that is registered but missing there.
 */
export type { AuthUser } from '../../http/auth.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export { publicName } from './display-name.js';
export {
  createIdentityFeature,
  type IdentityOptions,
  openSecretBox,
  requireStepUp,
  sessionTtlMs,
  type TraderAccess,
} from './identity.feature.js';
export type { UsersTable } from './identity.schema.js';
export { burnPasswordCheck, hashPassword, isStrongPassword, verifyPassword } from './passwords.js';
export type { SecretBox } from './secret-box.js';
export { hashToken, SessionStore, tokenFromHeader } from './sessions.js';
/**
 * Sensitive calls of other features (funding's bind and withdraw) prove the owner with
 * `requireStepUp(ctx.services, 'funding').confirm(user, form, request.ip)`: the authenticator code
 * when two-factor authentication is on, else the password (the contract's `StepUpFields`).
 */
export type { StepUp, StepUpProof } from './step-up.js';
export { LoginThrottle } from './throttle.js';
export { generateTotpSecret, matchTotp, otpauthUrl } from './totp.js';
