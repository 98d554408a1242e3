import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { isAppError } from '../../http/app-error.js';
import { normaliseEmail, normaliseMobile } from './address.js';
import { CAPTCHA_ALPHABET, captchaDataUrl, randomCaptchaText } from './captcha.js';
import { cryptoRandom } from './captcha-image.js';
import { consoleMailTransport } from './messaging.js';
import { assertNewPassword, hashPassword, isStrongPassword, verifyPassword } from './passwords.js';
import { tokenFromHeader } from './sessions.js';
import { waitAfterMs } from './throttle.js';

function keyOf(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    return isAppError(error) ? error.key : String(error);
  }
}

describe('identity building blocks', () => {
  it('hashes passwords with argon2id and verifies them', async () => {
    const stored = await hashPassword('secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'secret123')).toBe(true);
    expect(await verifyPassword(stored, 'secret124')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret123')).toBe(false);
  });

  it('applies the password policy: 8–64 characters with letters and digits', () => {
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('пароль12')).toBe(true);
    expect(isStrongPassword('abcdef1')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword(`a${'1'.repeat(64)}`)).toBe(false);
    expect(keyOf(() => assertNewPassword('', ''))).toBe('password_required');
    expect(keyOf(() => assertNewPassword('abcdefg1', 'abcdefg2'))).toBe('password_mismatch');
    expect(keyOf(() => assertNewPassword('abcdefg1', undefined))).toBeUndefined();
  });

  it('normalises e-mail addresses and phone numbers', () => {
    expect(normaliseEmail('  Ann.Lee+fx@Example.COM ')).toBe('ann.lee+fx@example.com');
    for (const bad of ['ann', 'ann@', '@x.com', 'a b@x.com', 'ann@x']) {
      expect(
        keyOf(() => normaliseEmail(bad)),
        bad,
      ).toBe('email_invalid');
    }
    expect(normaliseMobile(' 07700 900-123 ')).toBe('7700900123');
    expect(normaliseMobile('(555) 010.9999')).toBe('5550109999');
    for (const bad of ['12', 'abc1234', '1'.repeat(16)]) {
      expect(
        keyOf(() => normaliseMobile(bad)),
        bad,
      ).toBe('mobile_invalid');
    }
  });

  it('reads the token from the authorization header, with or without Bearer', () => {
    const token = 'A'.repeat(43);
    expect(tokenFromHeader(token)).toBe(token);
    expect(tokenFromHeader(`Bearer ${token}`)).toBe(token);
    expect(tokenFromHeader(`bearer  ${token}`)).toBe(token);
    expect(tokenFromHeader('')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
    expect(tokenFromHeader(`${token}=`)).toBeUndefined();
  });

  it('lets one account try twice from one address freely, then doubles the wait from 1 s up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 11, 12, 40].map(waitAfterMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 256_000, 300_000, 300_000,
    ]);
  });

  it('draws captchas as PNG pictures, a different one each time, without the answer in them', () => {
    const text = randomCaptchaText();
    expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
    const random = cryptoRandom();
    const first = captchaDataUrl('23456', random);
    const second = captchaDataUrl('23456', random);
    expect(first).toMatch(/^data:image\/png;base64,/);
    expect(second).not.toBe(first);
    const png = Buffer.from(first.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: 150 × 50, 8-bit RGB.
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([150, 50, 8, 2]);
    expect(png.toString('latin1')).not.toContain('23456');
    expect(() => captchaDataUrl('0', random)).toThrow(RangeError);
  });

  it('logs mail, code included, when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const log = { info: (_obj: unknown, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
    await consoleMailTransport(log, 'noreply@x.test').send({
      to: 'ann@example.com',
      subject: 'Your code',
      text: 'Your code is 123456.',
    });
    expect(lines).toEqual(['mail to ann@example.com: Your code\nYour code is 123456.']);
  });

  it('reads SMTP_URL, MAIL_FROM and SESSION_TTL_DAYS, hiding the SMTP password in errors', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Meridian <no-reply@localhost>',
      sessionTtlDays: 30,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'a@b.c', SESSION_TTL_DAYS: '7' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', mailFrom: 'a@b.c', sessionTtlDays: 7 });
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: 'http://u:secret@x', SESSION_TTL_DAYS: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('SESSION_TTL_DAYS');
    expect(message).not.toContain('secret');
  });
});
