/**
 * Staff sign-in, sessions and membership. A member signs in with email, password and a TOTP code;
 * their first sign-in (or one after an access reset) only yields a setup token, good for one call
 * that sets their own password and enrols the authenticator. Sessions end after `idleMs` without a
 * call, after 12 hours in any case, at sign-out, and at once when the member is disabled or their
 * access reset. Every staff call passes `authorize`: the address allow-list, the session, the role.
 *
 * Public API: `StaffAccess`, `oneTimePassword()`, `STAFF_SETUP_MS`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  type Route,
  STAFF_TOKEN_HEADER,
  type StaffCreated,
  type StaffLoginAnswer,
  type StaffLoginForm,
  type StaffMe,
  type StaffMember,
  type StaffRole,
  type StaffSession,
  type StaffSetupForm,
} from '@meridian/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import {
  hasAutomationHeader,
  requireAutomation,
  type StaffAuthorizer,
  type StaffCaller,
} from '../../http/auth.js';
import {
  burnPasswordCheck,
  type Clock,
  generateTotpSecret,
  hashPassword,
  hashToken,
  isStrongPassword,
  type LoginThrottle,
  matchTotp,
  otpauthUrl,
  type SecretBox,
  verifyPassword,
} from '../identity/index.js';
import type { Audit } from './audit.js';
import {
  claimTotpStep,
  countActiveOwners,
  type Executor,
  insertStaff,
  insertStaffSession,
  revokeStaffSession,
  revokeStaffSessions,
  type StaffRow,
  selectAllStaff,
  selectStaff,
  selectStaffByEmail,
  selectStaffSession,
  touchStaffSession,
  updateStaff,
} from './staff.repository.js';

/** A setup token lives this long. */
export const STAFF_SETUP_MS = 10 * 60_000;
/** A full session ends this long after sign-in, however active. */
const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** last_seen_at is written at most this often (the idle check tolerates it). */
const TOUCH_EVERY_MS = 15_000;
const ISSUER = 'Meridian back office';

/** 16 characters from an alphabet without look-alikes, with at least one letter and one digit. */
export function oneTimePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = Array.from({ length: 14 }, () => all[randomInt(all.length)] as string);
  chars.push(letters[randomInt(letters.length)] as string, digits[randomInt(digits.length)] as string);
  return chars.join('');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface StaffAccessDeps {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  throttle: LoginThrottle;
  audit: Audit;
  idleMs: number;
  /** Addresses or CIDRs staff may call from; empty: anywhere. */
  allowed: readonly string[];
}

export class StaffAccess implements StaffAuthorizer {
  private readonly allowList: BlockList | null;

  constructor(private readonly deps: StaffAccessDeps) {
    this.allowList = deps.allowed.length === 0 ? null : toBlockList(deps.allowed);
  }

  /** Throws staff_address_refused when an allow-list is set and the address is not on it. */
  checkAddress(address: string): void {
    if (!this.allowList) return;
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (!this.allowList.check(plain, family)) throw new AppError('staff_address_refused');
  }

  async login(form: StaffLoginForm & { email: string }, address: string): Promise<StaffLoginAnswer> {
    this.checkAddress(address);
    const { db, clock, throttle, box } = this.deps;
    const email = form.email;
    const attempt = await throttle.begin(`staff:${email}`, address);
    const row = await selectStaffByEmail(db, email);
    if (!row || row.disabled) {
      await burnPasswordCheck(form.password);
      await throttle.fail(attempt);
      throw new AppError('staff_login_failed');
    }
    if (!(await verifyPassword(row.passwordHash, form.password))) {
      await throttle.fail(attempt);
      throw new AppError('staff_login_failed');
    }
    const now = clock.now();
    if (row.mustChangePassword || !row.totpSealed) {
      const secret = generateTotpSecret();
      const token = newToken();
      await inTransaction(db, async (trx) => {
        await updateStaff(trx, row.id, { totpPendingSealed: box.seal(secret) });
        await insertStaffSession(trx, {
          tokenHash: hashToken(token),
          staffId: row.id,
          kind: 'setup',
          address,
          at: now,
          expiresAt: now + STAFF_SETUP_MS,
        });
      });
      await throttle.succeed(attempt);
      return { stage: 'setup', token, setup: { secret, otpauth_url: otpauthUrl(ISSUER, row.email, secret) } };
    }
    if (form.code === undefined) {
      await throttle.release(attempt);
      return { stage: 'code' };
    }
    const step = matchTotp(box.open(row.totpSealed), form.code, now);
    if (step === null || !(await claimTotpStep(db, row.id, step))) {
      await throttle.fail(attempt);
      throw new AppError('staff_code_invalid');
    }
    await throttle.succeed(attempt);
    const token = newToken();
    await inTransaction(db, async (trx) => {
      await this.openSession(trx, row, token, address, now);
      await this.deps.audit.record(trx, asCaller(row), 'staff.login', `staff:${row.id}`, null, null, address);
    });
    return { stage: 'ok', token, staff: this.me(row) };
  }

  async setup(form: StaffSetupForm & { code: string }, address: string): Promise<StaffSession> {
    this.checkAddress(address);
    const { db, clock, box } = this.deps;
    const now = clock.now();
    const session = await selectStaffSession(db, hashToken(form.setup_token));
    if (session?.kind !== 'setup' || session.revokedAt !== null || session.expiresAt <= now) {
      throw new AppError('staff_setup_expired');
    }
    const row = await selectStaff(db, session.staffId);
    if (!row || row.disabled || !row.totpPendingSealed) throw new AppError('staff_setup_expired');
    if (!isStrongPassword(form.password)) throw new AppError('weak_password');
    if (await verifyPassword(row.passwordHash, form.password)) throw new AppError('staff_password_reused');
    // Wrong codes slow down as wrong passwords do: the setup token does not buy unlimited guesses.
    const attempt = await this.deps.throttle.begin(`staff-setup:${row.id}`, address);
    const step = matchTotp(box.open(row.totpPendingSealed), form.code, now);
    if (step === null) {
      await this.deps.throttle.fail(attempt);
      throw new AppError('staff_code_invalid');
    }
    await this.deps.throttle.succeed(attempt);
    const passwordHash = await hashPassword(form.password);
    const token = newToken();
    await inTransaction(db, async (trx) => {
      await updateStaff(trx, row.id, {
        passwordHash,
        mustChangePassword: false,
        totpSealed: row.totpPendingSealed,
        totpPendingSealed: null,
        totpLastStep: step,
      });
      await revokeStaffSession(trx, session.id, now);
      await this.openSession(trx, row, token, address, now);
      await this.deps.audit.record(trx, asCaller(row), 'staff.setup', `staff:${row.id}`, null, null, address);
    });
    return { token, staff: this.me(row) };
  }

  /** The staff check of every staff route (the route table names the roles). */
  async authorize(request: FastifyRequest, route: Route): Promise<StaffCaller> {
    this.checkAddress(request.ip);
    if (hasAutomationHeader(request)) {
      requireAutomation(request, route);
      return { kind: 'automation', staffId: null, actor: 'automation' };
    }
    const header = request.headers[STAFF_TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : '';
    if (!token || token.length > 100) throw new AppError('staff_session_expired');
    const { db, clock, idleMs } = this.deps;
    const now = clock.now();
    const session = await selectStaffSession(db, hashToken(token));
    if (session?.kind !== 'full' || session.revokedAt !== null || session.expiresAt <= now) {
      throw new AppError('staff_session_expired');
    }
    if (now - session.lastSeenAt > idleMs) {
      await revokeStaffSession(db, session.id, now);
      throw new AppError('staff_session_expired');
    }
    const row = await selectStaff(db, session.staffId);
    if (!row || row.disabled) throw new AppError('staff_session_expired');
    if (row.role !== 'owner' && !route.roles.includes(row.role)) throw new AppError('forbidden');
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) await touchStaffSession(db, session.id, now);
    return { ...asCaller(row), sessionId: session.id };
  }

  async logout(caller: StaffCaller, address: string): Promise<void> {
    if (caller.kind !== 'staff') return;
    await inTransaction(this.deps.db, async (trx) => {
      await revokeStaffSession(trx, caller.sessionId, this.deps.clock.now());
      await this.deps.audit.record(
        trx,
        caller,
        'staff.logout',
        `staff:${caller.staffId}`,
        null,
        null,
        address,
      );
    });
  }

  me(row: Pick<StaffRow, 'id' | 'email' | 'role'>): StaffMe {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      idle_minutes: Math.round(this.deps.idleMs / 60_000),
    };
  }

  async meOf(caller: StaffCaller): Promise<StaffMe> {
    if (caller.kind !== 'staff') throw new AppError('forbidden');
    const row = await selectStaff(this.deps.db, caller.staffId);
    if (!row) throw new AppError('staff_session_expired');
    return this.me(row);
  }

  async members(): Promise<StaffMember[]> {
    return (await selectAllStaff(this.deps.db)).map(memberView);
  }

  /** Adds a member with a one-time password (changed at first sign-in, with TOTP enrolment). */
  async create(caller: StaffCaller, email: string, role: StaffRole, address: string): Promise<StaffCreated> {
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const { db, clock } = this.deps;
    try {
      const row = await inTransaction(db, async (trx) => {
        const id = await insertStaff(trx, {
          email,
          passwordHash,
          role,
          createdAt: clock.now(),
          createdBy: caller.actor,
        });
        const created = await selectStaff(trx, id);
        if (!created) throw new Error(`staff ${id} vanished`);
        await this.deps.audit.record(
          trx,
          caller,
          'staff.create',
          `staff:${id}`,
          null,
          { email, role },
          address,
        );
        return created;
      });
      return { staff: memberView(row), one_time_password: password };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('staff_email_taken');
      throw error;
    }
  }

  async update(
    caller: StaffCaller,
    id: number,
    change: { role?: StaffRole; disabled?: boolean },
    address: string,
  ): Promise<StaffMember> {
    const { db, clock } = this.deps;
    return inTransaction(db, async (trx) => {
      const before = await selectStaff(trx, id);
      if (!before) throw new AppError('record_not_found');
      const losesOwner =
        before.role === 'owner' &&
        !before.disabled &&
        ((change.role !== undefined && change.role !== 'owner') || change.disabled === true);
      if (losesOwner && (await countActiveOwners(trx)) <= 1) throw new AppError('staff_last_owner');
      await updateStaff(trx, id, change);
      const after = await selectStaff(trx, id);
      if (!after) throw new Error(`staff ${id} vanished`);
      if (after.disabled || after.role !== before.role) await revokeStaffSessions(trx, id, clock.now());
      await this.deps.audit.record(
        trx,
        caller,
        'staff.update',
        `staff:${id}`,
        { role: before.role, disabled: before.disabled },
        { role: after.role, disabled: after.disabled },
        address,
      );
      return memberView(after);
    });
  }

  /** A new one-time password and a fresh TOTP enrolment at next sign-in; sessions end now. */
  async resetAccess(caller: StaffCaller, id: number, address: string): Promise<StaffCreated> {
    const { db, clock } = this.deps;
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    return inTransaction(db, async (trx) => {
      const before = await selectStaff(trx, id);
      if (!before) throw new AppError('record_not_found');
      await updateStaff(trx, id, {
        passwordHash,
        mustChangePassword: true,
        totpSealed: null,
        totpPendingSealed: null,
        totpLastStep: null,
      });
      await revokeStaffSessions(trx, id, clock.now());
      await this.deps.audit.record(trx, caller, 'staff.reset_access', `staff:${id}`, null, null, address);
      const after = await selectStaff(trx, id);
      if (!after) throw new Error(`staff ${id} vanished`);
      return { staff: memberView(after), one_time_password: password };
    });
  }

  private async openSession(trx: Executor, row: StaffRow, token: string, address: string, now: number) {
    await insertStaffSession(trx, {
      tokenHash: hashToken(token),
      staffId: row.id,
      kind: 'full',
      address,
      at: now,
      expiresAt: now + STAFF_SESSION_MAX_MS,
    });
    await updateStaff(trx, row.id, { lastLoginAt: now });
  }
}

/**
 * Inserts an owner who must choose a password and enrol TOTP at first sign-in, with its audit row
 * naming who made it (`bootstrap`, `cli`). Throws a unique violation when the email is taken.
 */
export async function insertOwner(
  trx: Executor,
  email: string,
  passwordHash: string,
  at: number,
  audit: Audit,
  actor: string,
): Promise<number> {
  const id = await insertStaff(trx, { email, passwordHash, role: 'owner', createdAt: at, createdBy: actor });
  await audit.record(
    trx,
    { kind: 'automation', staffId: null, actor },
    'staff.create',
    `staff:${id}`,
    null,
    { email, role: 'owner' },
    '',
  );
  return id;
}

/**
 * Creates the first owner from STAFF_BOOTSTRAP_* at start, only while there is no staff member.
 * Returns false when staff already exist (nothing changes).
 */
export async function createFirstOwner(
  db: Kysely<Database>,
  email: string,
  password: string,
  at: number,
  audit: Audit,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  try {
    return await inTransaction(db, async (trx) => {
      const any = await trx.selectFrom('staff').select('id').limit(1).executeTakeFirst();
      if (any) return false;
      await insertOwner(trx, email, passwordHash, at, audit, 'bootstrap');
      return true;
    });
  } catch (error) {
    // Another node created it at the same moment.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

function asCaller(row: StaffRow): Extract<StaffCaller, { kind: 'staff' }> {
  return { kind: 'staff', staffId: row.id, email: row.email, role: row.role, sessionId: 0, actor: row.email };
}

function memberView(r: StaffRow): StaffMember {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    disabled: r.disabled,
    totp_enabled: r.totpSealed !== null,
    must_change_password: r.mustChangePassword,
    created_at: r.createdAt,
    created_by: r.createdBy,
    last_login_at: r.lastLoginAt,
  };
}

function toBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address, bits] = entry.split('/');
    if (!address) continue;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}
