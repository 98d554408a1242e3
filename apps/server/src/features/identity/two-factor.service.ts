import { createHash, randomInt } from 'node:crypto';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '@meridian/contract';
import type { Kysely } from 'kysely';
import { toString as qrSvg } from 'qrcode';
import { inTransaction } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from './clock.js';
import type { SecretBox } from './secret-box.js';
import type { AuthUser, SessionStore } from './sessions.js';
import type { LoginThrottle } from './throttle.js';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp.js';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findTwoFactor,
  insertRecoveryCodes,
  spendRecoveryCode,
  upsertPendingTwoFactor,
  useTwoFactorStep,
} from './two-factor.repository.js';
import { findUserById, type UserRow } from './users.repository.js';

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Two groups of five: about 50 bits, and easy to copy from paper. */
const RECOVERY_GROUP = 5;
export const TWO_FACTOR_ISSUER = 'Meridian';

/** The throttle key of a registered user: the same key a login with the full address counts under. */
export function throttleKeyOf(user: UserRow): string {
  return user.email ? `e:${user.email}` : `m:${user.areaId ?? ''}:${user.mobile ?? ''}`;
}

/** Lower case without spaces or dashes: the form a recovery code is hashed in. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function hashRecoveryCode(userId: number, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_GROUP * 2; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, RECOVERY_GROUP)}-${code.slice(RECOVERY_GROUP)}`;
}

export interface TwoFactorDeps {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  throttle: LoginThrottle;
  sessions: SessionStore;
}

/** Which codes a check accepts: the app's, and (to get back in or to turn it off) a recovery code. */
export interface CodeOptions {
  recovery: boolean;
}

/**
 * Two-factor authentication with an authenticator app (TOTP, totp.ts). Enrolment is two steps: a
 * new secret (shown once, with its QR code), then a code from the app turns it on and yields the
 * recovery codes (shown once; only their hashes are kept). Every code is checked through the
 * login throttle of the account and address, and each time step is accepted once.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  async isEnabled(userId: number): Promise<boolean> {
    return (await findTwoFactor(this.deps.db, userId))?.enabledAt != null;
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const row = await findTwoFactor(this.deps.db, userId);
    const enabled = row?.enabledAt != null;
    return {
      enabled: enabled ? 1 : 0,
      recovery_left: enabled ? await countUnusedRecoveryCodes(this.deps.db, userId) : 0,
    };
  }

  /** A fresh secret for a pending enrolment (replacing an unconfirmed one). The caller checked the password. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    const secret = generateTotpSecret();
    const stored = await upsertPendingTwoFactor(
      this.deps.db,
      user.id,
      this.deps.box.seal(secret),
      this.deps.clock.now(),
    );
    if (!stored) throw new AppError('two_factor_already_enabled');
    // The account's address names the entry in the app, so a trader with two accounts tells them apart.
    const label = user.email ?? `+${user.globalCode ?? ''}${user.mobile ?? ''}`;
    const url = otpauthUrl(TWO_FACTOR_ISSUER, label, secret);
    const svg = await qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauth_url: url,
      qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /**
   * Confirms the pending enrolment with a code from the app: on, with new recovery codes, and every
   * other session of the account ends (they were opened without the second factor).
   */
  async enable(caller: AuthUser, code: string, ip: string): Promise<TwoFactorEnabled> {
    const { db, clock } = this.deps;
    const user = await this.user(caller.userId);
    const row = await findTwoFactor(db, user.id);
    if (row?.enabledAt != null) throw new AppError('two_factor_already_enabled');
    if (!row) throw new AppError('two_factor_setup_missing');
    await this.throttled(user, ip, async () => {
      const step = matchTotp(this.deps.box.open(row.secretSealed), code, clock.now());
      return step !== null && (await useTwoFactorStep(db, user.id, step, false));
    });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const announce = await inTransaction(db, async (trx) => {
      if (!(await enableTwoFactor(trx, user.id, clock.now()))) throw new AppError('two_factor_setup_missing');
      await insertRecoveryCodes(
        trx,
        user.id,
        codes.map((c) => hashRecoveryCode(user.id, c)),
      );
      return this.deps.sessions.revokeAll(trx, user.id, caller.sessionId);
    });
    announce();
    return { recovery_codes: codes };
  }

  /** Turns it off with a code from the app or a recovery code. */
  async disable(caller: AuthUser, code: string, ip: string): Promise<null> {
    const user = await this.user(caller.userId);
    if (!(await this.isEnabled(user.id))) throw new AppError('two_factor_not_enabled');
    await this.verify(user, code, ip, { recovery: true });
    await deleteTwoFactor(this.deps.db, user.id);
    return null;
  }

  /**
   * Throws two_factor_invalid unless `code` is a current, unused code of the user's app (or, with
   * `recovery`, an unused recovery code, which is spent); login_slow_down while guesses must wait.
   */
  async verify(user: UserRow, code: string, ip: string, options: CodeOptions): Promise<void> {
    const { db, clock } = this.deps;
    await this.throttled(user, ip, async () => {
      const row = await findTwoFactor(db, user.id);
      if (row?.enabledAt == null) return false;
      const step = matchTotp(this.deps.box.open(row.secretSealed), code.replace(/\s/g, ''), clock.now());
      if (step !== null) return useTwoFactorStep(db, user.id, step, true);
      if (!options.recovery) return false;
      return spendRecoveryCode(db, user.id, hashRecoveryCode(user.id, code), clock.now());
    });
  }

  /** Runs a code check inside the throttle slot of the account and address. */
  private async throttled(user: UserRow, ip: string, check: () => Promise<boolean>): Promise<void> {
    const { throttle } = this.deps;
    const attempt = await throttle.begin(throttleKeyOf(user), ip);
    if (!(await check())) {
      await throttle.fail(attempt);
      throw new AppError('two_factor_invalid');
    }
    await throttle.succeed(attempt);
  }

  private async user(userId: number): Promise<UserRow> {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw new AppError('session_expired');
    return user;
  }
}
