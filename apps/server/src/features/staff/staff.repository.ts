/**
 * The only SQL of the staff feature's own tables: members, their sessions, the audit log and the
 * four-eyes approvals. Rows are mapped to camelCase here and nowhere else.
 */
import type { StaffRole } from '@meridian/contract';
import { type Kysely, sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './staff.schema.js';

export type Executor = Kysely<Database> | Tx;

export interface StaffRow {
  id: number;
  email: string;
  passwordHash: string;
  role: StaffRole;
  totpSealed: string | null;
  totpPendingSealed: string | null;
  totpLastStep: number | null;
  mustChangePassword: boolean;
  disabled: boolean;
  createdAt: number;
  createdBy: string | null;
  lastLoginAt: number | null;
}

type StaffDbRow = Database['staff'] extends infer T ? { [K in keyof T]: unknown } : never;

function toStaff(r: StaffDbRow): StaffRow {
  return {
    id: Number(r.id),
    email: String(r.email),
    passwordHash: String(r.password_hash),
    role: String(r.role) as StaffRole,
    totpSealed: (r.totp_sealed as string | null) ?? null,
    totpPendingSealed: (r.totp_pending_sealed as string | null) ?? null,
    totpLastStep: r.totp_last_step == null ? null : Number(r.totp_last_step),
    mustChangePassword: Number(r.must_change_password) === 1,
    disabled: Number(r.disabled) === 1,
    createdAt: Number(r.created_at),
    createdBy: (r.created_by as string | null) ?? null,
    lastLoginAt: r.last_login_at == null ? null : Number(r.last_login_at),
  };
}

export async function selectStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const row = await db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? toStaff(row as StaffDbRow) : undefined;
}

export async function selectStaff(db: Executor, id: number): Promise<StaffRow | undefined> {
  const row = await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStaff(row as StaffDbRow) : undefined;
}

export async function selectAllStaff(db: Executor): Promise<StaffRow[]> {
  const rows = await db.selectFrom('staff').selectAll().orderBy('id').execute();
  return rows.map((r) => toStaff(r as StaffDbRow));
}

export async function countActiveOwners(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewStaff {
  email: string;
  passwordHash: string;
  role: StaffRole;
  createdAt: number;
  createdBy: string | null;
}

/** Inserts a member who must change their password and enrol TOTP at first sign-in. */
export async function insertStaff(db: Executor, s: NewStaff): Promise<number> {
  const row = await db
    .insertInto('staff')
    .values({
      email: s.email,
      password_hash: s.passwordHash,
      role: s.role,
      totp_sealed: null,
      totp_pending_sealed: null,
      totp_last_step: null,
      must_change_password: 1,
      disabled: 0,
      created_at: s.createdAt,
      created_by: s.createdBy,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
  passwordHash?: string;
  mustChangePassword?: boolean;
  totpSealed?: string | null;
  totpPendingSealed?: string | null;
  totpLastStep?: number | null;
  lastLoginAt?: number;
}

export async function updateStaff(db: Executor, id: number, c: StaffChange): Promise<void> {
  const values: Record<string, unknown> = {};
  if (c.role !== undefined) values.role = c.role;
  if (c.disabled !== undefined) values.disabled = c.disabled ? 1 : 0;
  if (c.passwordHash !== undefined) values.password_hash = c.passwordHash;
  if (c.mustChangePassword !== undefined) values.must_change_password = c.mustChangePassword ? 1 : 0;
  if (c.totpSealed !== undefined) values.totp_sealed = c.totpSealed;
  if (c.totpPendingSealed !== undefined) values.totp_pending_sealed = c.totpPendingSealed;
  if (c.totpLastStep !== undefined) values.totp_last_step = c.totpLastStep;
  if (c.lastLoginAt !== undefined) values.last_login_at = c.lastLoginAt;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('staff').set(values).where('id', '=', id).execute();
}

/**
 * Takes a TOTP step for the member only if it is newer than the last one taken, in one statement:
 * two requests racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- Sessions ----

export interface StaffSessionRow {
  id: number;
  staffId: number;
  kind: 'full' | 'setup';
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export async function insertStaffSession(
  db: Executor,
  s: {
    tokenHash: string;
    staffId: number;
    kind: 'full' | 'setup';
    address: string;
    at: number;
    expiresAt: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('staff_sessions')
    .values({
      token_hash: s.tokenHash,
      staff_id: s.staffId,
      kind: s.kind,
      address: s.address.slice(0, 64),
      created_at: s.at,
      last_seen_at: s.at,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function selectStaffSession(
  db: Executor,
  tokenHash: string,
): Promise<StaffSessionRow | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .select(['id', 'staff_id', 'kind', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    staffId: Number(row.staff_id),
    kind: row.kind === 'setup' ? 'setup' : 'full',
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at == null ? null : Number(row.revoked_at),
  };
}

export async function touchStaffSession(db: Executor, id: number, at: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeStaffSession(db: Executor, id: number, at: number): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeStaffSessions(db: Executor, staffId: number, at: number): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- Audit ----

export interface AuditEntry {
  at: number;
  staffId: number | null;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address: string;
}

export interface AuditRow {
  id: number;
  at: number;
  staffId: number | null;
  actor: string;
  action: string;
  target: string;
  before: string;
  after: string;
  address: string;
}

const asJson = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

export async function insertAudit(db: Executor, e: AuditEntry): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      at: e.at,
      staff_id: e.staffId,
      actor: e.actor.slice(0, 300),
      action: e.action,
      target: e.target.slice(0, 120),
      before_json: asJson(e.before),
      after_json: asJson(e.after),
      address: e.address.slice(0, 64),
    })
    .execute();
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  from?: number;
  to?: number;
}

export async function selectAuditPage(
  db: Executor,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  let q = db.selectFrom('staff_audit');
  if (f.staffId !== undefined) q = q.where('staff_id', '=', f.staffId);
  // A name or its beginning ("withdrawal." finds every withdrawal decision). What is typed is taken
  // literally: LIKE's wildcards are escaped, not dropped ("user.credit_score" must find itself).
  if (f.action) {
    const prefix = `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`action LIKE ${prefix} ESCAPE '\\'`);
  }
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<=', f.to);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      staffId: r.staff_id == null ? null : Number(r.staff_id),
      actor: r.actor,
      action: r.action,
      target: r.target,
      before: r.before_json,
      after: r.after_json,
      address: r.address,
    })),
  };
}

// ---- Approvals ----

export interface ApprovalRow {
  id: number;
  kind: string;
  userId: number;
  amountMicros: number | null;
  reason: string;
  status: number;
  requestedById: number | null;
  requestedBy: string;
  requestedAt: number;
  decidedById: number | null;
  decidedBy: string | null;
  decidedAt: number | null;
  decisionReason: string;
}

type ApprovalDbRow = Database['staff_approvals'] extends infer T ? { [K in keyof T]: unknown } : never;

function toApproval(r: ApprovalDbRow): ApprovalRow {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    userId: Number(r.user_id),
    amountMicros: r.amount_micros == null ? null : Number(r.amount_micros),
    reason: String(r.reason),
    status: Number(r.status),
    requestedById: r.requested_by_id == null ? null : Number(r.requested_by_id),
    requestedBy: String(r.requested_by),
    requestedAt: Number(r.requested_at),
    decidedById: r.decided_by_id == null ? null : Number(r.decided_by_id),
    decidedBy: (r.decided_by as string | null) ?? null,
    decidedAt: r.decided_at == null ? null : Number(r.decided_at),
    decisionReason: String(r.decision_reason ?? ''),
  };
}

export async function insertApproval(
  db: Executor,
  a: {
    kind: string;
    userId: number;
    amountMicros: number | null;
    reason: string;
    requestedById: number | null;
    requestedBy: string;
    at: number;
  },
): Promise<ApprovalRow> {
  const row = await db
    .insertInto('staff_approvals')
    .values({
      kind: a.kind,
      user_id: a.userId,
      amount_micros: a.amountMicros,
      reason: a.reason,
      status: 0,
      requested_by_id: a.requestedById,
      requested_by: a.requestedBy,
      requested_at: a.at,
      decided_by_id: null,
      decided_by: null,
      decided_at: null,
      decision_reason: '',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApproval(row as ApprovalDbRow);
}

export async function selectApproval(db: Executor, id: number): Promise<ApprovalRow | undefined> {
  const row = await db.selectFrom('staff_approvals').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toApproval(row as ApprovalDbRow) : undefined;
}

/** Decides a waiting request once: the guard on status makes a second decision (or a race) a no-op. */
export async function decideApproval(
  db: Executor,
  id: number,
  d: { status: 1 | 2; byId: number | null; by: string; at: number; reason: string },
): Promise<ApprovalRow | undefined> {
  const row = await db
    .updateTable('staff_approvals')
    .set({
      status: d.status,
      decided_by_id: d.byId,
      decided_by: d.by,
      decided_at: d.at,
      decision_reason: d.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return row ? toApproval(row as ApprovalDbRow) : undefined;
}

export async function selectApprovalPage(
  db: Executor,
  status: number | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  let q = db.selectFrom('staff_approvals');
  if (status !== undefined) q = q.where('status', '=', status);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows: rows.map((r) => toApproval(r as ApprovalDbRow)) };
}

/** The queue counts of the dashboard, in one round trip. */
export async function selectQueueCounts(
  db: Executor,
  dayStart: number,
): Promise<{
  deposits: number;
  withdrawals: number;
  kyc: number;
  approvals: number;
  users: number;
  usersToday: number;
}> {
  const result = await sql<{
    deposits: number | string;
    withdrawals: number | string;
    kyc: number | string;
    approvals: number | string;
    users: number | string;
    users_today: number | string;
  }>`SELECT
      (SELECT COUNT(*) FROM deposits WHERE status = 0) AS deposits,
      (SELECT COUNT(*) FROM withdrawals WHERE status = 0) AS withdrawals,
      (SELECT COUNT(*) FROM kyc_submissions WHERE status = 1) AS kyc,
      (SELECT COUNT(*) FROM staff_approvals WHERE status = 0) AS approvals,
      (SELECT COUNT(*) FROM users WHERE kind = 0) AS users,
      (SELECT COUNT(*) FROM users WHERE kind = 0 AND created_at >= ${dayStart}) AS users_today`.execute(db);
  const r = result.rows[0];
  if (!r) throw new Error('count query returned no row');
  return {
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    kyc: Number(r.kyc),
    approvals: Number(r.approvals),
    users: Number(r.users),
    usersToday: Number(r.users_today),
  };
}
