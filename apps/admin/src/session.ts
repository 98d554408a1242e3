import type { StaffMe } from '@meridian/contract';
import { useSyncExternalStore } from 'react';

/**
 * The staff session of this tab: the token and the member it names, in sessionStorage (gone when
 * the tab closes, never shared with other tabs, never a cookie).
 */
export interface Session {
  token: string;
  me: StaffMe;
}

/** Why a session ended, for the sign-in page to say so. */
export type SessionEnd =
  | { kind: 'signed_out' }
  | { kind: 'expired'; message: string }
  | { kind: 'idle'; minutes: number };

export const TOKEN_KEY = 'meridian.staff.token';
export const ME_KEY = 'meridian.staff.me';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function isStaffMe(value: unknown): value is StaffMe {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string' &&
    typeof v.idle_minutes === 'number'
  );
}

function read(): Session | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  const meText = store?.getItem(ME_KEY);
  if (!token || !meText) return null;
  try {
    const me: unknown = JSON.parse(meText);
    return isStaffMe(me) ? { token, me } : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();
let lastEnd: SessionEnd | null = null;
const listeners = new Set<() => void>();

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function startSession(token: string, me: StaffMe): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(ME_KEY, JSON.stringify(me));
  lastEnd = null;
  publish({ token, me });
}

/** The member as `staffMe` answers now (a role may have changed since sign-in). */
export function updateMe(me: StaffMe): void {
  if (!current) return;
  if (JSON.stringify(current.me) === JSON.stringify(me)) return;
  storage()?.setItem(ME_KEY, JSON.stringify(me));
  publish({ token: current.token, me });
}

/** Forgets the token (idempotent: several failing calls may all report the end). */
export function endSession(end: SessionEnd): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(ME_KEY);
  if (current === null) return;
  lastEnd = end;
  publish(null);
}

/**
 * Why the last session ended (the sign-in page says so; the route guard keeps a deliberate sign-out
 * from returning the next member to the previous one's page). Kept until the next session starts,
 * so every render reads the same answer.
 */
export function lastSessionEnd(): SessionEnd | null {
  return lastEnd;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Tests start from what storage holds now. */
export function reloadSessionForTests(): void {
  current = read();
  lastEnd = null;
}
