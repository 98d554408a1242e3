import { randomInt } from 'node:crypto';
import {
  ACCOUNT_TYPE_EMAIL,
  CODE_PURPOSE_REGISTER,
  DemoQuery,
  type InviteInfo,
  type LoginForm,
  type LoginResponse,
  type RegisterForm,
  type TwoFactorSetup,
  type User,
} from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { openAccount } from '../accounts/index.js';
import type { SettingsService } from '../settings/index.js';
import { settingInt } from '../settings/index.js';
import { type Address, normaliseEmail, normaliseMobile, resolveAddress } from './address.js';
import type { Captchas } from './captcha.js';
import type { Clock } from './clock.js';
import type { VerificationCodes } from './codes.js';
import { assertNewPassword, burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import type { AuthUser, SessionStore } from './sessions.js';
import type { StepUp } from './step-up.js';
import type { LoginThrottle, RateWindows } from './throttle.js';
import type { TwoFactorService } from './two-factor.service.js';
import {
  countInvited,
  findUserByDemoDevice,
  findUserByEmail,
  findUserById,
  findUserByInviteCode,
  findUserByMobile,
  findUsersByAnyMobile,
  insertUser,
  inviteCodeTaken,
  type UserRow,
  uidTaken,
} from './users.repository.js';

const HOUR = 3600_000;
/** New demo accounts one address may open per hour: plenty for a family, not for a script. */
export const DEMO_PER_IP_HOURLY = 30;
export const CAPTCHA_PER_IP_HOURLY = 120;
/** Users sharing a number without its area (e.g. +1 in several areas) are tried, up to this many. */
const MOBILE_CANDIDATES = 3;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface IdentityDeps {
  db: Kysely<Database>;
  settings: SettingsService;
  clock: Clock;
  sessions: SessionStore;
  throttle: LoginThrottle;
  rates: RateWindows;
  codes: VerificationCodes;
  captchas: Captchas;
  twoFactor: TwoFactorService;
  stepUp: StepUp;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    global_code: row.mobile ? (row.globalCode ?? '') : '',
    is_demo: row.isDemo ? 1 : 0,
    credit_score: row.creditScore,
    invite_code: row.inviteCode ?? '',
    created_at: row.createdAt,
  };
}

/** The user an address belongs to, if any. */
export function findUserByAddress(db: Kysely<Database> | Tx, address: Address): Promise<UserRow | undefined> {
  return address.kind === 'email'
    ? findUserByEmail(db, address.email)
    : findUserByMobile(db, address.areaId, address.mobile);
}

/** The keys login throttling counts under for an address, with and without its area. */
export function loginKeysOf(address: Address): string[] {
  return address.kind === 'email'
    ? [`e:${address.email}`]
    : [`m:${address.mobile}`, `m:${address.areaId}:${address.mobile}`];
}

async function freshUid(db: Tx): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const uid = String(randomInt(10_000_000, 100_000_000));
    if (!(await uidTaken(db, uid))) return uid;
  }
  throw new Error('Could not find a free uid');
}

async function freshInviteCode(db: Tx): Promise<string> {
  for (let i = 0; i < 20; i++) {
    let code = '';
    for (let j = 0; j < 8; j++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
    if (!(await inviteCodeTaken(db, code))) return code;
  }
  throw new Error('Could not find a free invite code');
}

/** Demo accounts, registration, login and the user centre. Password recovery is in recovery.service.ts. */
export class IdentityService {
  constructor(private readonly deps: IdentityDeps) {}

  /** The demo account of a device (created on first call with the demo starting balance), logged in. */
  async demo(rawDeviceId: string | undefined, ip: string): Promise<LoginResponse> {
    const parsed = DemoQuery.shape.demo_id.safeParse(rawDeviceId);
    if (!parsed.success) throw new AppError('demo_id_invalid');
    const deviceId = parsed.data.toLowerCase();
    const { db } = this.deps;
    let user = await findUserByDemoDevice(db, deviceId);
    if (!user) {
      await this.deps.rates.hit(`demo:${ip}`, DEMO_PER_IP_HOURLY, HOUR);
      const s = await this.deps.settings.get(['demo_start_balance_micros']);
      const grant = Number.parseInt(s.demo_start_balance_micros, 10);
      const amountMicros = Number.isSafeInteger(grant) && grant > 0 ? grant : 0;
      const now = this.deps.clock.now();
      try {
        await inTransaction(db, async (trx) => {
          const userId = await insertUser(trx, {
            uid: await freshUid(trx),
            email: null,
            mobile: null,
            areaId: null,
            passwordHash: null,
            isDemo: true,
            demoDeviceId: deviceId,
            inviteCode: null,
            invitedBy: null,
            createdAt: now,
          });
          await openAccount(trx, userId, { amountMicros, at: now });
        });
      } catch (error) {
        // The same device asked twice at once: the other request created it.
        if (!isUniqueViolation(error)) throw error;
      }
      user = await findUserByDemoDevice(db, deviceId);
      if (!user) throw new Error('The demo account was not created');
    }
    const token = await this.deps.sessions.create(db, user.id, ip);
    return { token, user: toUser(user) };
  }

  async captcha(ip: string) {
    await this.deps.rates.hit(`captcha:${ip}`, CAPTCHA_PER_IP_HOURLY, HOUR);
    return this.deps.captchas.create();
  }

  /**
   * Checks run cheapest and least revealing first: the form, then the code or captcha, and only
   * then whether the account exists, so without a valid code nobody learns who is registered.
   */
  async register(form: RegisterForm, ip = ''): Promise<LoginResponse> {
    const { db } = this.deps;
    const raw = form.type === ACCOUNT_TYPE_EMAIL ? form.account : form.mobile || form.account;
    const address = await resolveAddress(db, form.type, raw, form.area_id);
    assertNewPassword(form.password, form.re_password);
    let inviterId: number | null = null;
    const inviteCode = form.invite_code?.trim().toUpperCase() ?? '';
    if (inviteCode !== '') {
      const inviter = await findUserByInviteCode(db, inviteCode);
      if (!inviter || inviter.isDemo) throw new AppError('invite_code_invalid');
      inviterId = inviter.id;
    }

    const s = await this.deps.settings.get(['verify_reg_type']);
    let codeId: number | undefined;
    if (settingInt(s.verify_reg_type) === 2) {
      await this.deps.captchas.consume(form.key, form.sms_code);
    } else {
      if (form.sms_code === '') throw new AppError('code_invalid');
      codeId = await this.deps.codes.check(address.destination, CODE_PURPOSE_REGISTER, form.sms_code);
    }

    if (await findUserByAddress(db, address)) throw new AppError('account_exists');
    const passwordHash = await hashPassword(form.password);
    const now = this.deps.clock.now();
    try {
      const { userId, token } = await inTransaction(db, async (trx) => {
        if (codeId !== undefined) await this.deps.codes.spend(trx, codeId);
        const id = await insertUser(trx, {
          uid: await freshUid(trx),
          email: address.kind === 'email' ? address.email : null,
          mobile: address.kind === 'mobile' ? address.mobile : null,
          areaId: address.kind === 'mobile' ? address.areaId : null,
          passwordHash,
          isDemo: false,
          demoDeviceId: null,
          inviteCode: await freshInviteCode(trx),
          invitedBy: inviterId,
          createdAt: now,
        });
        await openAccount(trx, id, { amountMicros: 0, at: now });
        return { userId: id, token: await this.deps.sessions.create(trx, id, ip) };
      });
      const user = await findUserById(db, userId);
      if (!user) throw new Error('The new user vanished');
      return { token, user: toUser(user) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('account_exists');
      throw error;
    }
  }

  /**
   * The same answer, status and (near enough) time for an unknown account, a wrong password and a
   * demo account: argon2 runs against a dummy hash when there is nothing to check.
   *
   * Throttled per account and address, with a captcha once the account or the address has failed
   * too often (throttle.ts). With two-factor authentication on, the right password alone answers
   * two_factor_required, and the same form sent again with `otp_code` (the app's code or a recovery
   * code) logs in.
   */
  async login(form: LoginForm, ip: string): Promise<LoginResponse> {
    const { db } = this.deps;
    const type = form.login_type ?? (form.account.includes('@') ? 1 : 2);
    let key: string;
    let candidates: UserRow[] = [];
    if (type === ACCOUNT_TYPE_EMAIL) {
      const email = form.account.trim().toLowerCase();
      key = `e:${email}`;
      const user = await findUserByEmail(
        db,
        tryOr(() => normaliseEmail(email), email),
      );
      if (user) candidates = [user];
    } else {
      const digits = tryOr(() => normaliseMobile(form.account), form.account.trim());
      key = form.area_id === undefined ? `m:${digits}` : `m:${form.area_id}:${digits}`;
      if (form.area_id !== undefined) {
        const user = await findUserByMobile(db, form.area_id, digits);
        if (user) candidates = [user];
      } else {
        candidates = await findUsersByAnyMobile(db, digits, MOBILE_CANDIDATES);
      }
    }
    const { captchaNeeded } = await this.deps.throttle.status(key, ip);
    if (captchaNeeded) {
      // Checked before the password, so every guess past the threshold costs a solved captcha.
      if (!form.key || !form.captcha) throw new AppError('captcha_required');
      await this.deps.captchas.consume(form.key, form.captcha);
    }
    const attempt = await this.deps.throttle.begin(key, ip);
    let matched: UserRow | undefined;
    const checkable = candidates.filter((u) => u.passwordHash !== null && !u.isDemo);
    if (checkable.length === 0) await burnPasswordCheck(form.password);
    for (const user of checkable) {
      if (user.passwordHash !== null && (await verifyPassword(user.passwordHash, form.password))) {
        matched = user;
        break;
      }
    }
    if (!matched) {
      await this.deps.throttle.fail(attempt);
      throw new AppError('login_failed');
    }
    if (await this.deps.twoFactor.isEnabled(matched.id)) {
      if (!form.otp_code) {
        await this.deps.throttle.release(attempt);
        throw new AppError('two_factor_required');
      }
      // The code check takes its own throttle slot: release this one so it is not waited for.
      await this.deps.throttle.release(attempt);
      await this.deps.twoFactor.verify(matched, form.otp_code, ip, { recovery: true });
    }
    await this.deps.throttle.succeed(attempt);
    const token = await this.deps.sessions.create(db, matched.id, ip);
    return { token, user: toUser(matched) };
  }

  async logout(user: AuthUser): Promise<null> {
    await this.deps.sessions.revoke(user);
    return null;
  }

  /** Starting an enrolment asks for the password again: a stolen session must not bind its own app. */
  async twoFactorSetup(caller: AuthUser, password: string, ip: string): Promise<TwoFactorSetup> {
    if (password === '') throw new AppError('password_required');
    const user = await this.deps.stepUp.user(caller);
    if (await this.deps.twoFactor.isEnabled(user.id)) throw new AppError('two_factor_already_enabled');
    await this.deps.stepUp.checkPassword(user, password, ip);
    return this.deps.twoFactor.setup(user);
  }

  async info(user: AuthUser): Promise<User> {
    const row = await findUserById(this.deps.db, user.userId);
    if (!row) throw new AppError('session_expired');
    return toUser(row);
  }

  async invite(user: AuthUser): Promise<InviteInfo> {
    const row = await findUserById(this.deps.db, user.userId);
    if (!row?.inviteCode) throw new AppError('only_real_account');
    return {
      invite_code: row.inviteCode,
      // The web app uses a hash router; the client prefixes its own origin.
      link: `/#/register?invite_code=${encodeURIComponent(row.inviteCode)}`,
      invited_count: await countInvited(this.deps.db, row.id),
    };
  }
}

function tryOr<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}
