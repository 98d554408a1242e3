import { type Kysely, sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

type Executor = Kysely<Database> | Tx;

export interface UserRow {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  areaId: number | null;
  /** The calling code of areaId, from the areas table. */
  globalCode: string | null;
  passwordHash: string | null;
  isDemo: boolean;
  creditScore: number;
  inviteCode: string | null;
  invitedBy: number | null;
  createdAt: number;
}

export interface NewUser {
  uid: string;
  email: string | null;
  mobile: string | null;
  areaId: number | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoDeviceId: string | null;
  inviteCode: string | null;
  invitedBy: number | null;
  createdAt: number;
}

function userQuery(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('areas', 'areas.id', 'users.area_id')
    .select([
      'users.id',
      'users.uid',
      'users.email',
      'users.mobile',
      'users.area_id',
      'areas.global_code',
      'users.password_hash',
      'users.is_demo',
      'users.credit_score',
      'users.invite_code',
      'users.invited_by',
      'users.created_at',
    ]);
}

type UserSelection = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirstOrThrow']>>;

function toUserRow(r: UserSelection): UserRow {
  return {
    id: r.id,
    uid: r.uid,
    email: r.email,
    mobile: r.mobile,
    areaId: r.area_id,
    globalCode: r.global_code,
    passwordHash: r.password_hash,
    isDemo: Number(r.is_demo) === 1,
    creditScore: Number(r.credit_score),
    inviteCode: r.invite_code,
    invitedBy: r.invited_by,
    createdAt: Number(r.created_at),
  };
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const row = await userQuery(db).where('users.id', '=', id).executeTakeFirst();
  return row && toUserRow(row);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const row = await userQuery(db).where('users.email', '=', email).executeTakeFirst();
  return row && toUserRow(row);
}

export async function findUserByMobile(
  db: Executor,
  areaId: number,
  mobile: string,
): Promise<UserRow | undefined> {
  const row = await userQuery(db)
    .where('users.area_id', '=', areaId)
    .where('users.mobile', '=', mobile)
    .executeTakeFirst();
  return row && toUserRow(row);
}

/**
 * A number typed without its area: users whose national number is `digits`, or whose calling code
 * followed by the national number is `digits`. Usually one; a few at most.
 */
export async function findUsersByAnyMobile(db: Executor, digits: string, limit: number): Promise<UserRow[]> {
  const rows = await userQuery(db)
    .where((eb) =>
      eb.or([
        eb('users.mobile', '=', digits),
        eb.and([
          eb('users.mobile', 'is not', null),
          eb(sql<string>`${sql.ref('areas.global_code')} || ${sql.ref('users.mobile')}`, '=', digits),
        ]),
      ]),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map(toUserRow);
}

export async function findUserByDemoDevice(db: Executor, deviceId: string): Promise<UserRow | undefined> {
  const row = await userQuery(db).where('users.demo_device_id', '=', deviceId).executeTakeFirst();
  return row && toUserRow(row);
}

export async function findUserByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const row = await userQuery(db).where('users.invite_code', '=', code).executeTakeFirst();
  return row && toUserRow(row);
}

export async function uidTaken(db: Executor, uid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();
  return row !== undefined;
}

export async function inviteCodeTaken(db: Executor, code: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      uid: user.uid,
      email: user.email,
      mobile: user.mobile,
      area_id: user.areaId,
      password_hash: user.passwordHash,
      is_demo: user.isDemo ? 1 : 0,
      demo_device_id: user.demoDeviceId,
      invite_code: user.inviteCode,
      invited_by: user.invitedBy,
      created_at: user.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function countInvited(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('invited_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAreaCallingCode(db: Executor, areaId: number): Promise<string | undefined> {
  const row = await db.selectFrom('areas').select('global_code').where('id', '=', areaId).executeTakeFirst();
  return row?.global_code;
}
