import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import type { SessionRevokedEvent, SessionVerifier } from '../../live/session.js';
import { type Clock, systemClock } from './clock.js';
import {
  deleteEndedSessions,
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './sessions.repository.js';

type Executor = Kysely<Database> | Tx;

/** Who is calling: resolved from the `authorization` header by requireUser. */
export type { AuthUser };

/** Sliding expiry is written at most this often, so a busy client does not cost a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * How long this node trusts a session it has read without reading it again. Revocation through
 * this node's SessionStore (logout, password change, reset) evicts at once; a revocation made on
 * another node (scale-out) is announced on the event bus and evicted when it arrives here
 * (`forgetRevoked`), and this lifetime bounds the staleness should that message be lost.
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
    // Bumped even when nothing matches: a read in flight may be of a session just revoked.
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

/** Publishes a revocation once it is committed (the identity feature sends it over the event bus). */
export type RevocationAnnouncer = (event: SessionRevokedEvent) => void;

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
    /** Tells every node (its sockets and caches) about each revocation; absent, nobody is told. */
    private readonly announce: RevocationAnnouncer = () => undefined,
  ) {
    this.cache = cacheFor(db);
  }

  /** Returns the raw token: the only time it exists outside the client. */
  async create(executor: Executor, userId: number, address = ''): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await insertSession(executor, {
      tokenHash: hashToken(token),
      userId,
      address,
      createdAt: now,
      expiresAt: now + this.ttlMs,
    });
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
    const row = await findSessionByTokenHash(this.db, hash);
    if (!row || row.revokedAt !== null || row.expiresAt <= now) return null;
    const user = { userId: row.userId, isDemo: row.isDemo, sessionId: row.id };
    let { lastSeenAt, expiresAt } = row;
    if (now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
      // Revoked between the read and the write: answer as before, but remember nothing.
      if (!(await touchSession(this.db, row.id, now, now + this.ttlMs))) return user;
      lastSeenAt = now;
      expiresAt = now + this.ttlMs;
    }
    if (this.cacheTtlMs > 0) {
      this.cache.set(hash, { user, lastSeenAt, expiresAt, readAt: performance.now() }, generation);
    }
    return user;
  }

  /** Ends one session (logout), here and, through the announcement, on every node and socket. */
  async revoke(user: AuthUser): Promise<void> {
    const { sessionId } = user;
    this.cache.evict((u) => u.sessionId === sessionId);
    await revokeSession(this.db, sessionId, this.clock.now());
    // Again after the write: a request that read the row meanwhile may have cached it.
    this.cache.evict((u) => u.sessionId === sessionId);
    this.announce({ kind: 'sessions', userId: String(user.userId), sessionIds: [String(sessionId)] });
  }

  /**
   * Ends every session of the user; with `keepSessionId`, all but that one. With a transaction as
   * `executor` the revocation is not committed on return, so the user's sessions stay uncached for
   * a cache lifetime (see SessionCache.fence). Returns the announcement to every node and socket,
   * which the caller makes once the revocation is committed (a node told earlier could read the
   * old row again).
   */
  async revokeAll(executor: Executor, userId: number, keepSessionId?: number): Promise<() => void> {
    // The kept session goes too: the fence means all of this user's sessions are read afresh.
    const theirs = (user: AuthUser) => user.userId === userId;
    this.cache.fence(userId);
    this.cache.evict(theirs);
    await revokeUserSessions(executor, userId, this.clock.now(), keepSessionId);
    this.cache.evict(theirs);
    const event: SessionRevokedEvent = {
      kind: 'user',
      userId: String(userId),
      ...(keepSessionId === undefined ? {} : { keepSessionId: String(keepSessionId) }),
    };
    return () => this.announce(event);
  }

  /** Another node's revocation, heard on the bus: this node's cache forgets those sessions now. */
  forgetRevoked(event: SessionRevokedEvent): void {
    const userId = Number(event.userId);
    if (event.kind === 'user') {
      // A committed revocation: no fence needed, a fresh read sees it.
      this.cache.evict((u) => u.userId === userId);
      return;
    }
    const ids = new Set(event.sessionIds.map(Number));
    this.cache.evict((u) => ids.has(u.sessionId));
  }

  /** Drops sessions that ended (expired or revoked) more than a day ago; they can never come back. */
  async purge(): Promise<void> {
    await deleteEndedSessions(this.db, this.clock.now() - 24 * 3600_000);
  }

  /** The live socket's check: the same sessions, the same expiry. */
  verifier(): SessionVerifier {
    return {
      verify: async (token) => {
        const user = await this.resolve(token.replace(/^Bearer\s+/i, '').trim());
        return user ? { userId: String(user.userId), sessionId: String(user.sessionId) } : null;
      },
    };
  }
}
