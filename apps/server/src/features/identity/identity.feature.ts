import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Feature, FeatureContext } from '../../app-context.js';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { isSessionRevokedEvent, SESSION_REVOKED_CHANNEL } from '../../live/session.js';
import { insertMissingSettings, readSettings } from '../settings/index.js';
import { decorateAuth } from './auth.js';
import { Captchas, randomCaptchaText } from './captcha.js';
import { cryptoRandom, type Random } from './captcha-image.js';
import { type Clock, systemClock } from './clock.js';
import { VerificationCodes } from './codes.js';
import { registerIdentityRoutes } from './identity.routes.js';
import { IdentityService } from './identity.service.js';
import {
  consoleMailTransport,
  consoleSmsProvider,
  type MailTransport,
  Outbox,
  type SmsProvider,
  smtpMailTransport,
} from './messaging.js';
import { RecoveryService } from './recovery.service.js';
import { SecretBox } from './secret-box.js';
import { SessionStore } from './sessions.js';
import { StepUp } from './step-up.js';
import { LoginThrottle, RateWindows } from './throttle.js';
import { deleteTwoFactor } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';

declare module '../../app-context.js' {
  interface Services {
    /**
     * The owner's proof for sensitive calls of other features (funding's bind and withdraw): set by
     * identity's register, which runs before theirs. Reach it with `requireStepUp`.
     */
    stepUp?: StepUp;
    /** What the back office may do to a trader's sign-in (set by identity's register). */
    traderAccess?: TraderAccess;
  }
}

/** The back office's levers on a trader's sign-in. */
export interface TraderAccess {
  /** Ends every session of the trader, on every node, at once. */
  logoutEverywhere(userId: number): Promise<void>;
  /** Switches two-step sign-in off (secret and recovery codes deleted), inside the caller's transaction. */
  resetTwoFactor(trx: Tx, userId: number): Promise<void>;
}

/** The key that seals authenticator secrets at rest; made once per database, so every node shares it. */
export const TWO_FACTOR_KEY_SETTING = 'two_factor_key';

/** The deployment's sealing box for authenticator secrets (the staff feature seals its own with it). */
export async function openSecretBox(db: Kysely<Database>): Promise<SecretBox> {
  return new SecretBox(await readTwoFactorKey(db));
}

async function readTwoFactorKey(db: Kysely<Database>): Promise<string> {
  const key = (await readSettings(db, [TWO_FACTOR_KEY_SETTING])).get(TWO_FACTOR_KEY_SETTING);
  if (!key)
    throw new Error(`The ${TWO_FACTOR_KEY_SETTING} setting is missing: the identity seed did not run`);
  return key;
}

/** The step-up check for a feature that needs it; identity must be registered before that feature. */
export function requireStepUp(services: { stepUp?: StepUp }, feature: string): StepUp {
  if (!services.stepUp)
    throw new Error(`The ${feature} feature needs the identity feature, listed before it`);
  return services.stepUp;
}

const DAY_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;

/** Replaceable parts, for tests (a clock they move, a captcha they can read, an SMS inbox). */
export interface IdentityOptions {
  clock?: Clock;
  captchaText?: () => string;
  /** The captcha pictures' randomness (a seeded generator makes draws reproducible). */
  captchaRandom?: Random;
  sms?: SmsProvider;
  mail?: MailTransport;
}

export function sessionTtlMs(ctx: Pick<FeatureContext, 'config'>): number {
  return ctx.config.sessionTtlDays * DAY_MS;
}

/** Identity: demo accounts, registration, login, sessions, passwords, the user centre. */
export function createIdentityFeature(options: IdentityOptions = {}): Feature {
  const clock = options.clock ?? systemClock;
  // One feature object serves every app built in the process (tests build many): state per app.
  const purges = new WeakMap<FeatureContext['app'], () => Promise<void>>();
  return {
    name: 'identity',
    seed: (db) =>
      insertMissingSettings(db.kysely, { [TWO_FACTOR_KEY_SETTING]: randomBytes(32).toString('base64url') }),
    async register(ctx) {
      const db = ctx.db.kysely;
      // Revocations go to every node (over Redis in scale-out) once committed: each node's gateway
      // logs out the sockets of those sessions, and each node's session cache forgets them.
      const sessions = new SessionStore(db, sessionTtlMs(ctx), clock, undefined, (event) =>
        ctx.bus.publish(SESSION_REVOKED_CHANNEL, event),
      );
      const unsubscribe = ctx.bus.subscribe(SESSION_REVOKED_CHANNEL, (payload) => {
        if (isSessionRevokedEvent(payload)) sessions.forgetRevoked(payload);
      });
      ctx.app.addHook('onClose', async () => unsubscribe());
      decorateAuth(ctx.app, sessions);
      ctx.services.traderAccess = {
        async logoutEverywhere(userId) {
          const announce = await sessions.revokeAll(db, userId);
          announce();
        },
        resetTwoFactor: (trx, userId) => deleteTwoFactor(trx, userId),
      };
      const outbox = new Outbox(ctx.log);
      ctx.app.addHook('onClose', () => outbox.drain());
      const mail =
        options.mail ??
        (ctx.config.smtpUrl
          ? smtpMailTransport(ctx.config.smtpUrl, ctx.config.mailFrom)
          : consoleMailTransport(ctx.log, ctx.config.mailFrom));
      const throttle = new LoginThrottle(db, clock);
      const rates = new RateWindows(db, clock);
      const codes = new VerificationCodes(db, clock);
      const captchas = new Captchas(
        db,
        clock,
        options.captchaText ?? randomCaptchaText,
        options.captchaRandom ?? cryptoRandom(),
      );
      const box = new SecretBox(await readTwoFactorKey(db));
      const twoFactor = new TwoFactorService({ db, clock, box, throttle, sessions });
      const stepUp = new StepUp({ db, throttle, twoFactor });
      ctx.services.stepUp = stepUp;
      const deps = {
        db,
        settings: ctx.services.settings,
        clock,
        sessions,
        throttle,
        rates,
        codes,
        captchas,
        twoFactor,
        stepUp,
      };
      const identity = new IdentityService(deps);
      const recovery = new RecoveryService({
        ...deps,
        translator: ctx.translator,
        outbox,
        mail,
        sms: options.sms ?? consoleSmsProvider(ctx.log),
      });
      registerIdentityRoutes(ctx, identity, recovery, twoFactor);
      purges.set(ctx.app, async () => {
        await sessions.purge();
        await codes.purge();
        await captchas.purge();
        await throttle.purge();
        await rates.purge();
      });
    },
    start(ctx) {
      // Ended sessions, spent codes and old counters are swept hourly; every node may do it.
      const purge = purges.get(ctx.app);
      const timer = setInterval(() => {
        purge?.().catch((err: unknown) => ctx.log.warn({ err }, 'identity purge failed'));
      }, PURGE_EVERY_MS);
      timer.unref();
      return async () => clearInterval(timer);
    },
  };
}
