import type { Feature, FeatureContext } from '../../app-context.js';
import { decorateAuth } from './auth.js';
import { Captchas, randomCaptchaText } from './captcha.js';
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
import { SessionStore } from './sessions.js';
import { LoginThrottle, RateWindows } from './throttle.js';

const DAY_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;

/** Replaceable parts, for tests (a clock they move, a captcha they can read, an SMS inbox). */
export interface IdentityOptions {
  clock?: Clock;
  captchaText?: () => string;
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
    register(ctx) {
      const db = ctx.db.kysely;
      const sessions = new SessionStore(db, sessionTtlMs(ctx), clock);
      decorateAuth(ctx.app, sessions);
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
      const captchas = new Captchas(db, clock, options.captchaText ?? randomCaptchaText);
      const deps = { db, settings: ctx.services.settings, clock, sessions, throttle, rates, codes, captchas };
      const identity = new IdentityService(deps);
      const recovery = new RecoveryService({
        ...deps,
        translator: ctx.translator,
        outbox,
        mail,
        sms: options.sms ?? consoleSmsProvider(ctx.log),
      });
      registerIdentityRoutes(ctx.app, ctx.translator, identity, recovery);
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
