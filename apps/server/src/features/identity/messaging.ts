import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

export interface OutgoingSms {
  /** Calling code without "+", e.g. "44". */
  globalCode: string;
  /** National number, digits only. */
  number: string;
  text: string;
}

/** An SMS gateway. Production plugs a provider in here; the default writes to the log. */
export interface SmsProvider {
  send(sms: OutgoingSms): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * SMTP through nodemailer. `url` is smtp://user:pass@host:port (or smtps:// for TLS from the first
 * byte); nodemailer options may follow as query parameters. On a loopback host STARTTLS is not
 * attempted: a local relay or test server offers a self-signed certificate and the traffic never
 * leaves the machine.
 */
export function smtpMailTransport(url: string, from: string): MailTransport {
  const loopback = LOOPBACK.has(new URL(url).hostname);
  const transporter = createTransport({ url, ...(loopback ? { ignoreTLS: true } : {}) }, { from });
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * The default without SMTP_URL: the message, code included, goes to the server log, so a
 * developer can register locally without a mail server.
 */
export function consoleMailTransport(log: FastifyBaseLogger, from: string): MailTransport {
  return {
    async send(mail) {
      log.info({ mail: { from, ...mail } }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function consoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send(sms) {
      log.info({ sms }, `SMS to +${sms.globalCode} ${sms.number}: ${sms.text}`);
    },
  };
}

/**
 * Sends in the background, so a request answers in the same time whether a message went out, a
 * notice went out or nothing did (the time would otherwise tell who has an account). Failures are
 * logged; close() waits for what is still in flight.
 */
export class Outbox {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  dispatch(what: string, send: () => Promise<void>): void {
    const job: Promise<void> = send()
      .catch((err: unknown) => {
        this.log.error({ err, what }, 'message could not be sent');
      })
      .finally(() => {
        this.pending.delete(job);
      });
    this.pending.add(job);
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
