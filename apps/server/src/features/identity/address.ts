import { ACCOUNT_TYPE_EMAIL } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { findAreaCallingCode } from './users.repository.js';

/**
 * Where a code or a message goes, and the form an account is stored in. `destination` is the key
 * of codes, cooldowns and caps: one per real mailbox or phone.
 */
export type Address =
  | { kind: 'email'; email: string; destination: string }
  | { kind: 'mobile'; mobile: string; areaId: number; globalCode: string; destination: string };

const EMAIL = /^[^\s@"<>()[\]\\,;:]{1,64}@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:]{2,}$/u;

/** Trimmed and lower-cased, so "Ann@Example.com " and "ann@example.com" are one account. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new AppError('email_invalid');
  return email;
}

/**
 * Digits only: spaces, dashes, dots and brackets are dropped, and leading zeros (the trunk prefix
 * of national dialling, "07700…" in the UK) too, so the same phone is always the same account.
 */
export function normaliseMobile(raw: string): string {
  const digits = raw
    .trim()
    .replace(/[\s\-().]/g, '')
    .replace(/^\+/, '')
    .replace(/^0+/, '');
  if (!/^\d{4,15}$/.test(digits)) throw new AppError('mobile_invalid');
  return digits;
}

export async function resolveAddress(
  db: Kysely<Database>,
  type: number,
  account: string | undefined,
  areaId: number | undefined,
): Promise<Address> {
  if (account === undefined || account.trim() === '') throw new AppError('account_required');
  if (type === ACCOUNT_TYPE_EMAIL) {
    const email = normaliseEmail(account);
    return { kind: 'email', email, destination: `e:${email}` };
  }
  const mobile = normaliseMobile(account);
  if (areaId === undefined) throw new AppError('area_invalid');
  const globalCode = await findAreaCallingCode(db, areaId);
  if (globalCode === undefined) throw new AppError('area_invalid');
  return { kind: 'mobile', mobile, areaId, globalCode, destination: `m:${globalCode}${mobile}` };
}
