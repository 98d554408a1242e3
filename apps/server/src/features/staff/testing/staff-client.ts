import {
  STAFF_TOKEN_HEADER,
  type StaffCreated,
  type StaffLoginAnswer,
  type StaffRole,
  type StaffSession,
} from '@meridian/contract';
import { get, post, type Reply } from '../../identity/testing/client.js';
import { totpAt } from '../../identity/totp.js';

/** The first owner every staff test server starts with (STAFF_BOOTSTRAP_*). */
export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_BOOTSTRAP_PASSWORD = 'bootstrap-pass-1234';
export const STAFF_PASSWORD = 'Staff-pass-9876';

export function staffBootstrapEnv(): Record<string, string> {
  return { STAFF_BOOTSTRAP_EMAIL: OWNER_EMAIL, STAFF_BOOTSTRAP_PASSWORD: OWNER_BOOTSTRAP_PASSWORD };
}

export function staffPost(
  baseUrl: string,
  path: string,
  token: string,
  form: Record<string, string | number> = {},
) {
  return post(baseUrl, path, form, { headers: { [STAFF_TOKEN_HEADER]: token } });
}

export function staffGet(
  baseUrl: string,
  path: string,
  token: string,
  query: Record<string, string | number> = {},
) {
  return get(baseUrl, path, query, { headers: { [STAFF_TOKEN_HEADER]: token } });
}

export function ok<T>(reply: Reply): T {
  if (reply.body.code !== 1) throw new Error(`expected success, got ${reply.body.code} ${reply.body.msg}`);
  return reply.body.data as T;
}

export interface SignedIn {
  token: string;
  secret: string;
  email: string;
}

/** A first sign-in: the one-time password, then the setup with a new password and a code. */
export async function firstSignIn(
  baseUrl: string,
  email: string,
  oneTimePassword: string,
): Promise<SignedIn> {
  const answer = ok<StaffLoginAnswer>(
    await post(baseUrl, '/api/staff/login', { email, password: oneTimePassword }),
  );
  if (answer.stage !== 'setup' || !answer.setup || !answer.token)
    throw new Error(`expected setup, got ${answer.stage}`);
  const secret = answer.setup.secret;
  const session = ok<StaffSession>(
    await post(baseUrl, '/api/staff/setup', {
      setup_token: answer.token,
      password: STAFF_PASSWORD,
      code: totpAt(secret, Date.now()),
    }),
  );
  return { token: session.token, secret, email };
}

export function signInOwner(baseUrl: string): Promise<SignedIn> {
  return firstSignIn(baseUrl, OWNER_EMAIL, OWNER_BOOTSTRAP_PASSWORD);
}

let nextMember = 1;

/** A new member of `role`, created by the owner and signed in. */
export async function member(
  baseUrl: string,
  ownerToken: string,
  role: StaffRole,
): Promise<SignedIn & { id: number }> {
  const email = `${role}${nextMember++}-${Date.now()}@example.com`;
  const created = ok<StaffCreated>(
    await staffPost(baseUrl, '/api/staff/members/create', ownerToken, { email, role }),
  );
  const signedIn = await firstSignIn(baseUrl, email, created.one_time_password);
  return { ...signedIn, id: created.staff.id };
}
