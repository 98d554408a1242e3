import {
  type AmendPasswordForm,
  CODE_PURPOSE_REGISTER,
  CODE_PURPOSE_RESET,
  CODE_TTL_SECONDS,
  type ForgetPasswordForm,
  type Lang,
  RESEND_COOLDOWN_SECONDS,
  type SendCodeForm,
} from '@meridian/contract';
import { inTransaction } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Translator } from '../../i18n/translator.js';
import { type Address, resolveAddress } from './address.js';
import { newCode } from './codes.js';
import { findUserByAddress, type IdentityDeps, loginKeysOf } from './identity.service.js';
import type { MailTransport, Outbox, SmsProvider } from './messaging.js';
import { assertNewPassword, hashPassword } from './passwords.js';
import type { AuthUser } from './sessions.js';
import { findUserById, updatePasswordHash } from './users.repository.js';

const HOUR = 3600_000;
/** Sends one mailbox or phone may receive per hour, and one client address may ask for. */
export const CODES_PER_DESTINATION_HOURLY = 5;
export const CODES_PER_IP_HOURLY = 20;

export interface RecoveryDeps extends IdentityDeps {
  translator: Translator;
  outbox: Outbox;
  mail: MailTransport;
  sms: SmsProvider;
}

type Outgoing = { kind: 'code'; code: string } | { kind: 'already_registered' } | { kind: 'nothing' };

/** Verification codes (send_email, send_sms), forgotten and changed passwords. */
export class RecoveryService {
  constructor(private readonly deps: RecoveryDeps) {}

  /**
   * Answers the same for every address: a register code for a registered address becomes a
   * notice to its owner, a reset code for an unknown address is not sent at all, and both still
   * start the cooldown and count against the caps. Only the mailbox's owner sees the difference.
   */
  async sendCode(channel: 'email' | 'mobile', form: SendCodeForm, ip: string, lang: Lang): Promise<null> {
    const { db, clock, codes, rates } = this.deps;
    const address = await resolveAddress(db, channel === 'email' ? 1 : 2, form.to, form.area_id);
    const now = clock.now();
    const last = await codes.lastSentAt(address.destination);
    const cooldownMs = RESEND_COOLDOWN_SECONDS * 1000;
    if (last !== undefined && now - last < cooldownMs) {
      throw new AppError('code_cooldown', { seconds: Math.ceil((cooldownMs - (now - last)) / 1000) });
    }
    await rates.hit(`code-ip:${ip}`, CODES_PER_IP_HOURLY, HOUR);
    await rates.hit(`code-to:${address.destination}`, CODES_PER_DESTINATION_HOURLY, HOUR);

    const user = await findUserByAddress(db, address);
    let outgoing: Outgoing;
    if (form.type === CODE_PURPOSE_REGISTER) {
      outgoing = user ? { kind: 'already_registered' } : { kind: 'code', code: newCode() };
    } else {
      outgoing = user && !user.isDemo ? { kind: 'code', code: newCode() } : { kind: 'nothing' };
    }
    await codes.issue(address.destination, form.type, outgoing.kind === 'code' ? outgoing.code : null);
    this.deliver(address, form.type, outgoing, lang);
    return null;
  }

  private deliver(address: Address, purpose: number, outgoing: Outgoing, lang: Lang): void {
    if (outgoing.kind === 'nothing') return;
    const { translator } = this.deps;
    const minutes = Math.round(CODE_TTL_SECONDS / 60);
    const text =
      outgoing.kind === 'already_registered'
        ? translator.t(lang, 'mail_already_registered')
        : translator.t(lang, purpose === CODE_PURPOSE_RESET ? 'mail_reset_code' : 'mail_register_code', {
            code: outgoing.code,
            minutes,
          });
    const subject = translator.t(
      lang,
      outgoing.kind === 'already_registered' ? 'mail_notice_subject' : 'mail_code_subject',
    );
    if (address.kind === 'email') {
      const { mail } = this.deps;
      this.deps.outbox.dispatch(`mail ${subject}`, () => mail.send({ to: address.email, subject, text }));
    } else {
      const { sms } = this.deps;
      this.deps.outbox.dispatch(`sms ${subject}`, () =>
        sms.send({ globalCode: address.globalCode, number: address.mobile, text }),
      );
    }
  }

  /** Resets the password with an e-mailed or texted code and ends every session of the account. */
  async forgetPassword(form: ForgetPasswordForm): Promise<null> {
    const { db, codes, sessions, throttle } = this.deps;
    const address = await resolveAddress(db, form.type, form.account, form.area_id);
    assertNewPassword(form.new_password, form.secondary_password);
    const codeId = await codes.check(address.destination, CODE_PURPOSE_RESET, form.auth_code);
    // Codes for reset are only ever sent to existing accounts, so this is a stale code.
    const user = await findUserByAddress(db, address);
    if (!user || user.isDemo) throw new AppError('code_invalid');
    const passwordHash = await hashPassword(form.new_password);
    const announce = await inTransaction(db, async (trx) => {
      await codes.spend(trx, codeId);
      await updatePasswordHash(trx, user.id, passwordHash);
      return sessions.revokeAll(trx, user.id);
    });
    // Committed: every node logs out the account's sockets and forgets its cached sessions.
    announce();
    // Whoever can read the mailbox owns the account: a slow-down from someone's guessing ends here.
    for (const key of loginKeysOf(address)) await throttle.reset(key);
    return null;
  }

  /**
   * Changes the password of the logged-in user. type 1: `auth_code` is the current password,
   * checked through the login throttle (a session cannot guess it faster than a login could);
   * type 2: a reset code sent to the account's e-mail or phone. With two-factor authentication on,
   * `otp_code` (the app's code) is needed as well. Every other session ends; the one making the
   * change stays.
   */
  async amendPassword(caller: AuthUser, form: AmendPasswordForm, ip: string): Promise<null> {
    const { db, codes, sessions, stepUp, twoFactor } = this.deps;
    assertNewPassword(form.new_password, form.re_password);
    const user = await findUserById(db, caller.userId);
    if (!user) throw new AppError('session_expired');
    const needsCode = await twoFactor.isEnabled(user.id);
    if (needsCode && !form.otp_code) throw new AppError('two_factor_required');
    let codeId: number | undefined;
    if (form.type === 1) {
      await stepUp.checkPassword(user, form.auth_code, ip);
    } else {
      const destination = user.email ? `e:${user.email}` : `m:${user.globalCode ?? ''}${user.mobile ?? ''}`;
      codeId = await codes.check(destination, CODE_PURPOSE_RESET, form.auth_code);
    }
    if (needsCode) await twoFactor.verify(user, form.otp_code ?? '', ip, { recovery: false });
    const passwordHash = await hashPassword(form.new_password);
    const announce = await inTransaction(db, async (trx) => {
      if (codeId !== undefined) await codes.spend(trx, codeId);
      await updatePasswordHash(trx, user.id, passwordHash);
      return sessions.revokeAll(trx, user.id, caller.sessionId);
    });
    announce();
    return null;
  }
}
