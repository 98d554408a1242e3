import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './identity.schema.js';

type Executor = Kysely<Database> | Tx;

export interface NewSession {
  tokenHash: string;
  userId: number;
  /** The client's address at sign-in (the back office's sign-in history). */
  address: string;
  createdAt: number;
  expiresAt: number;
}

/** A session as the token check needs it, with whether its user is a demo account. */
export interface SessionRow {
  id: number;
  userId: number;
  isDemo: boolean;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export async function insertSession(executor: Executor, s: NewSession): Promise<void> {
  await executor
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      address: s.address.slice(0, 64),
      created_at: s.createdAt,
      last_seen_at: s.createdAt,
      expires_at: s.expiresAt,
      revoked_at: null,
    })
    .execute();
}

export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.is_demo',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userId: row.user_id,
    isDemo: Number(row.is_demo) === 1,
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** Slides a live session's expiry; false when it was revoked meanwhile (nothing written). */
export async function touchSession(
  db: Kysely<Database>,
  sessionId: number,
  lastSeenAt: number,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, at: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every live session of the user ends; with `keepSessionId`, all but that one. */
export async function revokeUserSessions(
  executor: Executor,
  userId: number,
  at: number,
  keepSessionId?: number,
): Promise<void> {
  let query = executor
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Deletes sessions that expired or were revoked before `cutoff`. */
export async function deleteEndedSessions(db: Kysely<Database>, cutoff: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .execute();
}
