/**
 * The back office (staff). Other features meet it here: their staff calls record decisions with
 * `requireAudit(ctx.services, name).record(trx, caller, ...)` and name the decider with `actorOf`;
 * funding asks `readRestrictions` before a withdrawal.
 */
export { createFirstOwner, insertOwner, oneTimePassword, StaffAccess } from './access.js';
export { Audit, actorOf } from './audit.js';
export { readRestrictions } from './desk.repository.js';
export { createStaffFeature, requireAudit } from './staff.feature.js';
