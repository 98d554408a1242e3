import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { verifyPassword } from './passwords.js';
import type { AuthUser } from './sessions.js';
import type { LoginThrottle } from './throttle.js';
import { type TwoFactorService, throttleKeyOf } from './two-factor.service.js';
import { findUserById, type UserRow } from './users.repository.js';

/** What the caller sent to prove it is the owner (the contract's `StepUpFields`). */
export interface StepUpProof {
  password?: string | undefined;
  otp_code?: string | undefined;
}

/**
 * The owner's proof for calls that send money out or change what protects the account (binding a
 * payout method, withdrawing, changing the password): a stolen session alone must not do them.
 * The authenticator code when two-factor authentication is on, else the login password; both are
 * checked through the login throttle of the account and the caller's address, so a session cannot
 * guess either faster than a login could.
 */
export class StepUp {
  constructor(
    private readonly deps: { db: Kysely<Database>; throttle: LoginThrottle; twoFactor: TwoFactorService },
  ) {}

  /** Throws unless `proof` holds what this account needs now (see the class comment). */
  async confirm(caller: AuthUser, proof: StepUpProof, ip: string): Promise<void> {
    const user = await this.user(caller);
    if (await this.deps.twoFactor.isEnabled(user.id)) {
      if (!proof.otp_code) throw new AppError('two_factor_required');
      await this.deps.twoFactor.verify(user, proof.otp_code, ip, { recovery: false });
      return;
    }
    if (!proof.password) throw new AppError('password_required');
    await this.checkPassword(user, proof.password, ip);
  }

  /** The login password, counted like a login attempt: old_password_wrong or login_slow_down when refused. */
  async checkPassword(user: UserRow, password: string, ip: string): Promise<void> {
    const { throttle } = this.deps;
    const attempt = await throttle.begin(throttleKeyOf(user), ip);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      await throttle.fail(attempt);
      throw new AppError('old_password_wrong');
    }
    await throttle.succeed(attempt);
  }

  async user(caller: AuthUser): Promise<UserRow> {
    const user = await findUserById(this.deps.db, caller.userId);
    if (!user) throw new AppError('session_expired');
    return user;
  }
}
