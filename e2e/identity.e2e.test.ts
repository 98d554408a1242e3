import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  launchBrowser,
  newPhone,
  type RunningServer,
  requestCode,
  screenshot,
  startServer,
} from './harness.js';
import { codeFrom, startMailbox, waitFor } from './mailbox.js';

const sessionToken = (page: Page) =>
  page.evaluate(() => {
    const stored = localStorage.getItem('meridian.session');
    return stored ? ((JSON.parse(stored) as { state: { token: string | null } }).state.token ?? null) : null;
  });

const hashOf = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash));

/** What an authenticator app shows for a base32 secret at `ms` (RFC 6238: HMAC-SHA1, 30 s, 6 digits). */
function totp(secret: string, ms: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('identity in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  /** GET /api/user/info with a token, as any client would: the envelope code tells if it is alive. */
  const infoCode = async (token: string) => {
    const res = await fetch(`${server.baseUrl}/api/user/info?t=${Date.now()}`, {
      headers: { authorization: token },
    });
    return ((await res.json()) as { code: number }).code;
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'noreply@meridian.test',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('opens a demo account in one tap from the login page a visitor is sent to, with 100,000.00 USD', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/user`);
    await page.getByTestId('page-login').waitFor({ state: 'visible' });
    expect(await hashOf(page)).toBe('#/login?from=/user');
    await screenshot(page, 'identity-1-login');
    await expectAccessible(page, 'identity-1-login');

    await page.getByTestId('try-demo').click();
    const card = page.getByTestId('account-card');
    await card.waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === '100,000.00',
    );
    expect(await hashOf(page)).toBe('#/user');
    expect(await card.textContent()).toContain('USD');
    expect(await page.getByTestId('account-label').textContent()).toBe('Demo account');
    expect(await page.getByTestId('account-uid').textContent()).toMatch(/^\d{8}$/);
    expect(await page.getByTestId('credit-score').textContent()).toBe('100');
    expect(await page.getByTestId('reset-demo').isVisible()).toBe(true);
    await screenshot(page, 'identity-2-demo-user');
    await expectAccessible(page, 'identity-2-demo-user');

    await page.getByTestId('balance-toggle').click();
    expect(await page.getByTestId('account-balance').textContent()).toBe('******');

    // A real-account link says what the feature does and leads on to a real account.
    await page.getByTestId('user-link-wallet').click();
    const explainer = page.getByTestId('page-real-only');
    await explainer.waitFor({ state: 'visible' });
    expect(await hashOf(page)).toBe('#/mine/wallet');
    expect(await page.getByTestId('real-only-feature').textContent()).toContain('Wallet:');
    await screenshot(page, 'identity-2b-demo-real-only');
    await page.getByTestId('real-only-register').click();
    await page.getByTestId('page-register').waitFor({ state: 'visible' });
    expect(await hashOf(page)).toBe('#/register?from=/mine/wallet');
    await context.close();
  });

  it('registers by e-mail with the mailed code, logs out, logs in, changes the password and kills the other session', async () => {
    const email = 'trader@meridian.test';
    const password = 'Harbour2048';
    const newPassword = 'Lighthouse4096';
    const { context, page } = await newPhone(browser);

    // Register with the code the SMTP server received.
    await page.goto(`${server.baseUrl}/#/register`);
    await requestCode(page, 'register-email', email);
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    const mail = await waitFor('the code e-mail', () => mailbox.mails.find((m) => m.to.includes(email)));
    const code = codeFrom(mail.raw);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-repeat').fill(password);
    await page.getByTestId('register-code').fill(code ?? '');
    await screenshot(page, 'identity-3-register');
    await expectAccessible(page, 'identity-3-register');
    await page.getByTestId('register-submit').click();
    await page.waitForFunction(() => window.location.hash === '#/');

    await page.goto(`${server.baseUrl}/#/user`);
    await page.getByTestId('page-user').waitFor({ state: 'visible' });
    expect(await page.getByTestId('account-label').textContent()).toBe(email);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === '0.00',
    );
    expect(await page.getByTestId('reset-demo').count()).toBe(0);
    await screenshot(page, 'identity-4-registered-user');

    // Log out from /mine/system: home, session gone, and the token revoked on the server.
    const registeredToken = await sessionToken(page);
    expect(registeredToken).toBeTruthy();
    await page.getByTestId('user-link-system').click();
    await page.getByTestId('logout').click();
    await page.locator('.dialog-confirm').click();
    await page.waitForFunction(() => window.location.hash === '#/');
    // Home comes first, then the session is cleared (lib/auth-actions signOut): wait for it.
    await page.waitForFunction(() => {
      const stored = localStorage.getItem('meridian.session');
      return !stored || (JSON.parse(stored) as { state: { token: string | null } }).state.token === null;
    });
    expect(await sessionToken(page)).toBeNull();
    expect(await infoCode(registeredToken ?? '')).toBe(999);
    await screenshot(page, 'identity-5-logged-out');

    // Log in again through the guard, which brings the user back to /user.
    await page.goto(`${server.baseUrl}/#/user`);
    await page.getByTestId('page-login').waitFor({ state: 'visible' });
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('page-user').waitFor({ state: 'visible' });
    expect(await page.getByTestId('account-label').textContent()).toBe(email);
    await screenshot(page, 'identity-6-logged-in');
    const currentToken = await sessionToken(page);

    // A second phone logs in too: its session is the "old" one the password change must end.
    const other = await newPhone(browser);
    await other.page.goto(`${server.baseUrl}/#/login?from=/user`);
    await other.page.getByTestId('login-account').fill(email);
    await other.page.getByTestId('login-password').fill(password);
    await other.page.getByTestId('login-submit').click();
    await other.page.getByTestId('page-user').waitFor({ state: 'visible' });
    const oldToken = await sessionToken(other.page);
    expect(oldToken).toBeTruthy();
    expect(oldToken).not.toBe(currentToken);
    expect(await infoCode(oldToken ?? '')).toBe(1);

    // Change the password on the first phone.
    await page.getByTestId('user-link-password').click();
    await page.getByTestId('password-old').fill(password);
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-repeat').fill(newPassword);
    await screenshot(page, 'identity-7-change-password');
    await page.getByTestId('password-submit').click();
    await page.getByTestId('page-user').waitFor({ state: 'visible' });

    // The old session is dead (999) while this one still works.
    expect(await infoCode(oldToken ?? '')).toBe(999);
    expect(await infoCode((await sessionToken(page)) ?? '')).toBe(1);
    // The second phone finds out on its next visit and is sent to /login.
    await other.page.reload();
    await other.page.getByTestId('page-login').waitFor({ state: 'visible' });
    expect(await sessionToken(other.page)).toBeNull();
    await screenshot(other.page, 'identity-8-old-session-dead');

    // The new password logs in; the old one no longer does.
    await other.page.getByTestId('login-account').fill(email);
    await other.page.getByTestId('login-password').fill(password);
    await other.page.getByTestId('login-submit').click();
    await other.page.locator('.toast-text').waitFor({ state: 'visible' });
    expect(await hashOf(other.page)).toMatch(/^#\/login/);
    await other.page.getByTestId('login-password').fill(newPassword);
    await other.page.getByTestId('login-submit').click();
    await other.page.getByTestId('page-user').waitFor({ state: 'visible' });
    await other.context.close();
    await context.close();
  });

  it('turns on two-factor authentication from the QR code screen, then logs in with the app code', async () => {
    // The account registered (and given a new password) by the test above.
    const email = 'trader@meridian.test';
    const password = 'Lighthouse4096';
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/login?from=/user`);
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('page-user').waitFor({ state: 'visible' });

    await page.getByTestId('user-link-security').click();
    await page.getByTestId('page-security').waitFor({ state: 'visible' });
    await page.getByTestId('security-password').fill(password);
    await page.getByTestId('security-start').click();
    await page.getByTestId('security-qr').waitFor({ state: 'visible' });
    const secret = ((await page.getByTestId('security-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'identity-11-two-factor-qr');
    await page.getByTestId('security-code').fill(totp(secret, Date.now()));
    await page.getByTestId('security-confirm').click();
    const codes = page.getByTestId('security-recovery-codes');
    await codes.waitFor({ state: 'visible' });
    expect(await codes.locator('li').count()).toBe(10);
    await screenshot(page, 'identity-12-recovery-codes');
    await page.getByTestId('security-done').click();
    await page.getByTestId('security-recovery-left').waitFor({ state: 'visible' });

    // Another phone: the password alone is not enough any more; the app's code finishes the login.
    const other = await newPhone(browser);
    await other.page.goto(`${server.baseUrl}/#/login?from=/user`);
    await other.page.getByTestId('login-account').fill(email);
    await other.page.getByTestId('login-password').fill(password);
    await other.page.getByTestId('login-submit').click();
    const code = other.page.getByTestId('login-otp');
    await code.waitFor({ state: 'visible' });
    await screenshot(other.page, 'identity-13-login-code');
    // The enrolment used this time step's code; each code is taken once, so the app's next one.
    await code.fill(totp(secret, Date.now() + 30_000));
    await other.page.getByTestId('login-submit').click();
    await other.page.getByTestId('page-user').waitFor({ state: 'visible' });
    expect(await other.page.getByTestId('account-label').textContent()).toBe(email);
    await other.context.close();
    await context.close();
  });

  it('lays the login and register pages out right-to-left in Arabic', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=ar#/login`);
    await page.getByTestId('page-login').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await screenshot(page, 'identity-9-login-ar');
    await expectAccessible(page, 'identity-9-login-ar');
    await page.getByTestId('to-register').click();
    await page.getByTestId('register-email').waitFor({ state: 'visible' });
    expect(await page.getByTestId('send-code').textContent()).not.toBe('Send code');
    await screenshot(page, 'identity-10-register-ar');
    await expectAccessible(page, 'identity-10-register-ar');
    await context.close();
  });
});
