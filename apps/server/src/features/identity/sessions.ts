import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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

/**
 * How long this node trusts a session it has read without reading it again. Revocation through
 * this node's SessionStore (logout, password change, reset) evicts at once; a revocation made on
 * another node (scale-out) is seen here within this time, since nothing tells this node about it.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Bounds the memory: past this many sessions the oldest entries go first. */
const SESSION_CACHE_MAX = 20_000;

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

/** A session row as read, so a cache hit applies the same expiry and touch rules as a read. */
interface CachedSession {
  user: AuthUser;
  lastSeenAt: number;
  expiresAt: number;
  /** performance.now() when read from the database: freshness is real time, whatever the clock. */
  readAt: number;
}

/**
 * Sessions this node read recently, by token hash: every authenticated request used to cost a
 * database read (on SQLite, one queued behind the group commit of orders). One cache per database
 * handle, so the REST API's store and the live socket's store share it and revoking through either
 * evicts for both.
 */
class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every eviction: a read that raced one is not cached (it may predate the revocation). */
  generation = 0;
  /**
   * Users whose revocation may not be committed yet (revokeAll inside the caller's transaction):
   * on PostgreSQL another request can still read the old row until then, so nothing of theirs is
   * cached until this real time.
   */
  private readonly fenced = new Map<number, number>();

  get(hash: string, ttlMs: number): CachedSession | undefined {
    const hit = this.entries.get(hash);
    if (!hit) return undefined;
    if (performance.now() - hit.readAt >= ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return hit;
  }

  set(hash: string, entry: CachedSession, generation: number): void {
    if (generation !== this.generation) return;
    const fence = this.fenced.get(entry.user.userId);
    if (fence !== undefined) {
      if (performance.now() < fence) return;
      this.fenced.delete(entry.user.userId);
    }
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    if (this.entries.size > SESSION_CACHE_MAX) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  evict(match: (user: AuthUser) => boolean): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (match(entry.user)) this.entries.delete(hash);
  }

  fence(userId: number): void {
    const now = performance.now();
    // Fences of users who never came back are swept here, so the map stays small.
    if (this.fenced.size >= 1024)
      for (const [id, until] of this.fenced) if (until <= now) this.fenced.delete(id);
    this.fenced.set(userId, now + SESSION_CACHE_TTL_MS);
  }
}

const caches = new WeakMap<Kysely<Database>, SessionCache>();

function cacheFor(db: Kysely<Database>): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Opaque sessions: the client holds 256 random bits, the database only their SHA-256, so a leaked
 * table cannot be replayed. Each use slides the expiry forward; revoking sets revoked_at.
 */
export class SessionStore {
  private readonly cache: SessionCache;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly clock: Clock = systemClock,
    /** Tests shorten it to see another node's revocation arrive; 0 turns the cache off. */
    private readonly cacheTtlMs: number = SESSION_CACHE_TTL_MS,
  ) {
    this.cache = cacheFor(db);
  }

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
    const hash = hashToken(token);
    const hit = this.cache.get(hash, this.cacheTtlMs);
    // A hit past its expiry or due for its sliding-expiry write goes to the database like a miss
    // (another node may have slid it meanwhile).
    if (hit && hit.expiresAt > now && now - hit.lastSeenAt < SESSION_TOUCH_INTERVAL_MS) return hit.user;
    const generation = this.cache.generation;
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
      .where('sessions.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return null;
    const user = { userId: row.user_id, isDemo: Number(row.is_demo) === 1, sessionId: Number(row.id) };
    let lastSeenAt = Number(row.last_seen_at);
    let expiresAt = Number(row.expires_at);
    if (now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
      const touched = await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: now + this.ttlMs })
        .where('id', '=', row.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Revoked between the read and the write: answer as before, but remember nothing.
      if (Number(touched.numUpdatedRows) === 0) return user;
      lastSeenAt = now;
      expiresAt = now + this.ttlMs;
    }
    if (this.cacheTtlMs > 0) {
      this.cache.set(hash, { user, lastSeenAt, expiresAt, readAt: performance.now() }, generation);
    }
    return user;
  }

  async revoke(sessionId: number): Promise<void> {
    this.cache.evict((user) => user.sessionId === sessionId);
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    // Again after the write: a request that read the row meanwhile may have cached it.
    this.cache.evict((user) => user.sessionId === sessionId);
  }

  /**
   * Ends every session of the user; with `keepSessionId`, all but that one. With a transaction as
   * `executor` the revocation is not committed on return, so the user's sessions stay uncached for
   * a cache lifetime (see SessionCache.fence).
   */
  async revokeAll(executor: Executor, userId: number, keepSessionId?: number): Promise<void> {
    // The kept session goes too: the fence means all of this user's sessions are read afresh.
    const theirs = (user: AuthUser) => user.userId === userId;
    this.cache.fence(userId);
    this.cache.evict(theirs);
    let query = executor
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
    await query.execute();
    this.cache.evict(theirs);
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
