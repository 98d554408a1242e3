import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { SessionVerifier } from '../../live/session.js';
import { type Clock, systemClock } from './clock.js';
import './identity.schema.js';

type Executor = Kysely<Database> | Tx;

/** Who is calling: resolved from the `authorization` header by requireUser. */
export interface AuthUser {
  userId: number;
  isDemo: boolean;
  sessionId: number;
}

/** Sliding expiry is written at most this often, so a busy client does not cost a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** 32 random bytes, base64url: 43 characters. Anything else cannot be a token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The raw token from an `authorization` header, with or without a "Bearer " prefix. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return TOKEN_SHAPE.test(token) ? token : undefined;
}

/**
 * Opaque sessions: the client holds 256 random bits, the database only their SHA-256, so a leaked
 * table cannot be replayed. Each use slides the expiry forward; revoking sets revoked_at.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Returns the raw token: the only time it exists outside the client. */
  async create(executor: Executor, userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await executor
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        expires_at: now + this.ttlMs,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async resolve(token: string): Promise<AuthUser | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const now = this.clock.now();
    const row = await this.db
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
      .where('sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return null;
    if (now - Number(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: now + this.ttlMs })
        .where('id', '=', row.id)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return { userId: row.user_id, isDemo: Number(row.is_demo) === 1, sessionId: Number(row.id) };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of the user; with `keepSessionId`, all but that one. */
  async revokeAll(executor: Executor, userId: number, keepSessionId?: number): Promise<void> {
    let query = executor
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }

  /** Drops sessions that ended (expired or revoked) more than a day ago; they can never come back. */
  async purge(): Promise<void> {
    const cutoff = this.clock.now() - 24 * 3600_000;
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
      .execute();
  }

  /** The live socket's check: the same sessions, the same expiry. */
  verifier(): SessionVerifier {
    return {
      verify: async (token) => {
        const user = await this.resolve(token.replace(/^Bearer\s+/i, '').trim());
        return user ? String(user.userId) : null;
      },
    };
  }
}
