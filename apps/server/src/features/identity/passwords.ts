import { randomBytes } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from '@meridian/contract';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AppError } from '../../http/app-error.js';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 20–40 ms per
 * hash here, slow enough to make offline guessing expensive, fast enough for a login burst.
 * `Algorithm` is a const enum, which isolated modules cannot read; 2 is its Argon2id member.
 */
const ARGON2ID = 2 as Algorithm;
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server error the caller could probe.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password, so a login for an account that does not exist
 * costs the same argon2 work as one that does: the response time does not tell them apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummy, password);
}

/** 8–64 characters with at least one letter and one digit. */
export function isStrongPassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && /\p{L}/u.test(password) && /\d/.test(password);
}

/** Checks a new password and its repeat; the repeat is skipped when the client did not send one. */
export function assertNewPassword(password: string, repeat: string | undefined): void {
  if (password.length === 0) throw new AppError('password_required');
  if (!isStrongPassword(password)) throw new AppError('weak_password');
  if (repeat !== undefined && repeat !== password) throw new AppError('password_mismatch');
}
