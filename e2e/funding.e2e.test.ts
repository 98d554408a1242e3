import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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

const ADMIN_TOKEN = 'e2e-operator-token-0123456789abcdef0123';

/** A phone photo: a JPEG with EXIF, as a camera writes it. */
function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'E2E Phone' } })
    .toBuffer();
}

const sessionToken = (page: Page) =>
  page.evaluate(() => {
    const stored = localStorage.getItem('meridian.session');
    return stored ? ((JSON.parse(stored) as { state: { token: string | null } }).state.token ?? '') : '';
  });

/** Toasts fade out over a moment; screenshots wait for them so the page itself is what shows. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('.adm-toast-mask').length === 0, undefined, {
    timeout: 10_000,
  });

const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

describe('funding and identity verification in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  /** The operator's side, as a console would call it. */
  const operator = async (path: string, form: Record<string, string | number> = {}, method = 'POST') => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
      body:
        method === 'POST'
          ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)]))
          : undefined,
    });
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body.code, body.msg).toBe(1);
    return body.data;
  };
  const pendingId = async (list: string) => {
    const data = (await operator(`/api/admin/${list}?status=${list === 'kyc' ? 1 : 0}`, {}, 'GET')) as {
      list: Array<{ id: number }>;
    };
    const id = data.list[0]?.id;
    if (!id) throw new Error(`nothing pending in ${list}`);
    return id;
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({
      ADMIN_TOKEN,
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

  it('verifies identity, deposits by wire, withdraws, and gets a refused withdrawal back', async () => {
    const email = 'funding@meridian.test';
    const password = 'Harbour2048';
    const { context, page } = await newPhone(browser);

    // A real user registers with the mailed code.
    await page.goto(`${server.baseUrl}/#/register`);
    await requestCode(page, 'register-email', email);
    const mail = await waitFor('the code e-mail', () => mailbox.mails.find((m) => m.to.includes(email)));
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-repeat').fill(password);
    await page.getByTestId('register-code').fill(codeFrom(mail.raw) ?? '');
    await page.getByTestId('register-submit').click();
    await page.waitForFunction(() => window.location.hash === '#/');
    const token = await sessionToken(page);
    expect(token).toBeTruthy();

    // Real-name verification: form → waiting → done.
    await page.goto(`${server.baseUrl}/#/user`);
    await page.getByTestId('user-link-auth').click();
    await page.getByTestId('page-auth').waitFor();
    await page.getByTestId('auth-name').fill('Mei Ling Chan');
    await page.getByTestId('auth-id').fill('K1234567');
    await page
      .getByTestId('auth-front')
      .locator('input[type=file]')
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#2b6cb0') });
    await page
      .getByTestId('auth-back')
      .locator('input[type=file]')
      .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#c05621') });
    await page.locator('[data-testid="auth-front"][data-uploaded="yes"]').waitFor();
    await page.locator('[data-testid="auth-back"][data-uploaded="yes"]').waitFor();
    // The preview is the stored picture, loaded through its signed link.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="auth-front"] img')].some(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await settled(page);
    await screenshot(page, 'funding-1-auth-form');
    await expectAccessible(page, 'funding-1-auth-form');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('auth-waiting').waitFor();
    await settled(page);
    await screenshot(page, 'funding-2-auth-waiting');

    await operator('/api/admin/kyc/approve', { id: await pendingId('kyc'), operator: 'ops-anna' });
    await page.reload();
    await page.getByTestId('auth-done').waitFor();
    await settled(page);
    await screenshot(page, 'funding-3-auth-done');

    // Deposit by bank wire with a proof picture; nothing is credited until the operator approves.
    await page.goto(`${server.baseUrl}/#/mine/charge`);
    await page.getByTestId('charge-tab-wire').click();
    // A toast lives two seconds: its wait starts before the tap that shows it.
    const chooseMethod = page.getByText('Please choose a payment method').waitFor();
    await page.getByTestId('charge-submit').click();
    await chooseMethod;
    await page.getByTestId('charge-bank-1').click();
    expect(await textOf(page, 'wire-account')).toBe('GB33BUKB20201555555555');
    await page.getByTestId('charge-amount').fill('1000');
    await page
      .getByTestId('charge-proof')
      .locator('input[type=file]')
      .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await photo('#2f855a') });
    await page.locator('[data-testid="charge-proof"][data-uploaded="yes"]').waitFor();
    await settled(page);
    await screenshot(page, 'funding-4-charge-wire');
    await expectAccessible(page, 'funding-4-charge-wire');
    await page.getByTestId('charge-submit').click();
    await page.getByTestId('page-charge-records').waitFor();
    await page.getByTestId('record-status').first().waitFor();
    expect(await page.getByTestId('record-status').first().textContent()).toBe('Under review');
    await settled(page);
    await screenshot(page, 'funding-5-charge-pending');

    await operator('/api/admin/deposits/approve', { id: await pendingId('deposits'), operator: 'ops-ben' });
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-status"]')?.textContent === 'Completed',
    );
    await page.goto(`${server.baseUrl}/#/user`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === '1,000.00',
    );
    await settled(page);
    await screenshot(page, 'funding-6-credited');

    // Withdraw: no address yet, so the app offers to bind one.
    await page.getByTestId('to-withdraw').click();
    await page.getByTestId('page-withdraw').waitFor();
    // The form acts once its currencies are in (before, a tap does nothing).
    await page.getByTestId('withdraw-currency-USDT-TRC20').waitFor();
    await page.getByTestId('withdraw-submit').click();
    await page.locator('.dialog-confirm').click();
    await page.getByTestId('page-withdraw-way').waitFor();
    await page.getByTestId('way-currency-USDT-TRC20').click();
    await page.getByTestId('way-address').fill('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    // Where money may go: the owner confirms with the login password (two-factor authentication is off).
    await page.getByTestId('way-proof').fill(password);
    await settled(page);
    await screenshot(page, 'funding-7-bind-address');
    await page.getByTestId('way-submit').click();
    await page.getByTestId('page-withdraw').waitFor();

    await page.waitForFunction(
      () => document.querySelector('[data-testid="withdraw-available"]')?.textContent === '1,000.00 USD',
    );
    await page.locator('[data-testid^="withdraw-method-"]').first().click();
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-proof').fill(password);
    // Fee and amount received, live, from packages/trading.
    expect(await textOf(page, 'withdraw-fee')).toBe('1.000000 USD');
    expect(await textOf(page, 'withdraw-receive')).toBe('99.000000 USDT');
    await settled(page);
    await screenshot(page, 'funding-8-withdraw-form');
    await expectAccessible(page, 'funding-8-withdraw-form');
    const submitted = page.getByText('Withdrawal submitted.', { exact: false }).waitFor();
    await page.getByTestId('withdraw-submit').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="withdraw-frozen"]')?.textContent === '100.00 USD',
    );
    expect(await textOf(page, 'withdraw-available')).toBe('900.00 USD');
    await submitted;
    await settled(page);
    await screenshot(page, 'funding-9-withdraw-frozen');

    // The operator refuses it: the amount comes back to the free balance.
    await operator('/api/admin/withdrawals/reject', {
      id: await pendingId('withdrawals'),
      operator: 'ops-carla',
      reason: 'Please use an address in your own name.',
    });
    await page.getByTestId('to-withdraw-records').click();
    await page.getByTestId('page-withdraw-records').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-status"]')?.textContent === 'Rejected',
    );
    expect(await page.locator('[data-testid^="withdraw-record-"]').first().textContent()).toContain(
      'Please use an address in your own name.',
    );
    await settled(page);
    await screenshot(page, 'funding-10-withdraw-rejected');
    await page.goto(`${server.baseUrl}/#/mine/wallet`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="wallet-available"]')?.textContent === '1,000.00 USD',
    );
    expect(await textOf(page, 'wallet-frozen')).toBe('0.00 USD');
    await settled(page);
    await screenshot(page, 'funding-11-wallet');
    await expectAccessible(page, 'funding-11-wallet');

    // Each step is in the ledger, on the account detail screen and through the API.
    await page.goto(`${server.baseUrl}/#/mine/history`);
    await page.getByTestId('page-history').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ledger-memo"]').length === 3);
    expect(await page.getByTestId('ledger-memo').allTextContents()).toEqual([
      'Withdrawal rejected (USDT), amount returned',
      'Withdrawal requested (USDT), amount frozen',
      'Deposit credited (USD)',
    ]);
    await settled(page);
    await screenshot(page, 'funding-12-ledger');
    await expectAccessible(page, 'funding-12-ledger');
    const ledger = await fetch(
      `${server.baseUrl}/v1/api/main/accountLog/forexChange?page=1&t=${Date.now()}`,
      {
        headers: { authorization: token },
      },
    );
    const { data } = (await ledger.json()) as {
      data: { list: Array<{ kind: string; number: string; lock_number: string; balance: string }> };
    };
    expect(data.list.map((r) => [r.kind, r.number, r.lock_number, r.balance])).toEqual([
      ['withdraw_returned', '100.000000', '-100.000000', '1000.000000'],
      ['withdraw_freeze', '-100.000000', '100.000000', '900.000000'],
      ['deposit', '1000.000000', '0.000000', '1000.000000'],
    ]);
    await context.close();
  }, 120_000);
});
