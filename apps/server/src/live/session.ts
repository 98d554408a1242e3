/** Who a socket's token belongs to: the user, and the session (so that its revocation can find it). */
export interface VerifiedSession {
  userId: string;
  sessionId: string;
}

/** Turns a session token into its user and session. The identity feature provides the real one. */
export interface SessionVerifier {
  verify(token: string): Promise<VerifiedSession | null>;
}

/** Until identity exists no token is valid, so login answers 999 (session expired). */
export const rejectAllSessions: SessionVerifier = {
  verify: async () => null,
};

/**
 * The event bus channel of ended sessions. Identity publishes on it after every revocation commits
 * (logout, password change or reset, two-factor enrolment); every node's gateway logs out the
 * sockets of those sessions and every node's session cache forgets them. Over Redis it reaches
 * every node of a deployment.
 */
export const SESSION_REVOKED_CHANNEL = 'identity.session_revoked';

/**
 * One revocation: either the listed sessions, or every session of the user but `keepSessionId`
 * (the one that changed the password stays logged in).
 */
export type SessionRevokedEvent =
  | { kind: 'sessions'; userId: string; sessionIds: string[] }
  | { kind: 'user'; userId: string; keepSessionId?: string };

/** Bus payloads come from other processes: checked before they are acted on. */
export function isSessionRevokedEvent(value: unknown): value is SessionRevokedEvent {
  const v = value as Partial<Record<string, unknown>> | null;
  if (typeof v?.userId !== 'string') return false;
  if (v.kind === 'sessions') {
    return Array.isArray(v.sessionIds) && v.sessionIds.every((id) => typeof id === 'string');
  }
  return v.kind === 'user' && (v.keepSessionId === undefined || typeof v.keepSessionId === 'string');
}

/** Does the event end this session of this user? */
export function revokes(event: SessionRevokedEvent, userId: string, sessionId: string): boolean {
  if (event.userId !== userId) return false;
  return event.kind === 'sessions' ? event.sessionIds.includes(sessionId) : event.keepSessionId !== sessionId;
}

/** How many revocations a login in progress can look back over (more during one check: check again). */
const RECENT_REVOCATIONS = 256;

/** The revocations a gateway has heard, numbered, with the users of the latest ones. */
export class RevocationLog {
  private heardCount = 0;
  private readonly recent: string[] = [];

  get count(): number {
    return this.heardCount;
  }

  heard(userId: string): void {
    this.heardCount++;
    this.recent.push(userId);
    if (this.recent.length > RECENT_REVOCATIONS) this.recent.shift();
  }

  /** Was a session of this user revoked after the `seen`-th revocation? (Unsure counts as yes.) */
  revokedSince(seen: number, userId: string): boolean {
    const missed = this.heardCount - seen;
    if (missed === 0) return false;
    if (missed > this.recent.length) return true;
    return this.recent.slice(-missed).includes(userId);
  }
}
