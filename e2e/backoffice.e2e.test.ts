import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TradingDecimal } from '@meridian/trading';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  launchBrowser,
  newDesk,
  newPhone,
  type RunningServer,
  requestCode,
  screenshot,
  startServer,
} from './harness.js';
import { codeFrom, startMailbox, waitFor } from './mailbox.js';

const OWNER = 'owner@meridian.test';
const BOOTSTRAP = 'bootstrap-pass-2048';
const STAFF_PASSWORD = 'Console-pass-4096';
/** Crypto trades around the clock, so the test never meets a closed market. */
const CODE = 'BTCUSD';
const WAIT = { timeout: 20_000 };
/**
 * The whole business scenario: six browser contexts, seven axe scans and about forty steps. It
 * takes 35 s on a quiet machine and passed 60 s once in a loaded CI run; every step keeps its own
 * wait (WAIT, or Playwright's 30 s), so a step that hangs still fails on its own line, well inside
 * this budget.
 */
const SCENARIO_BUDGET_MS = 240_000;

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it. */
function totp(secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();

describe('the back office in a desktop browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({
      STAFF_BOOTSTRAP_EMAIL: OWNER,
      STAFF_BOOTSTRAP_PASSWORD: BOOTSTRAP,
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

  /** First sign-in: the one-time password, then a new password and a code from the shown secret. */
  async function firstSignIn(page: Page, email: string, oneTimePassword: string): Promise<void> {
    await page.goto(`${server.baseUrl}/admin/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const secret = (await text(page.getByTestId('totp-secret'))).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('New password').fill(STAFF_PASSWORD);
    await page.getByLabel('Repeat password').fill(STAFF_PASSWORD);
    await page.getByLabel('Authenticator code').fill(totp(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT);
  }

  async function open(page: Page, menu: string, heading = menu): Promise<void> {
    await page.getByRole('menuitem', { name: menu }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor(WAIT);
  }

  /**
   * The page's dialog (or drawer) once it has finished opening. Clicked mid-animation, a button
   * moves under the pointer as the dialog grows: on a loaded machine a click on Approve landed
   * beside it and the dialog stayed open with nothing said.
   */
  async function openedDialog(page: Page) {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    await page.waitForFunction(
      () => document.getAnimations().filter((a) => a.playState === 'running').length === 0,
      undefined,
      WAIT,
    );
    return dialog;
  }

  /** The owner adds a member from the Staff page; the one-time password is read off its dialog. */
  async function addMember(page: Page, email: string, role: string): Promise<string> {
    await open(page, 'Staff');
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = await openedDialog(page);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').click();
    await page.locator(`.ant-select-item-option[title="${role}"]`).click();
    await dialog.getByRole('button', { name: 'Add member' }).click();
    const password = await text(page.getByTestId('one-time-password'));
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    return password;
  }

  /** A table row by its record id, and one of its buttons. */
  const row = (page: Page, id: number) => page.locator(`tr[data-row-key="${id}"]`);

  async function decide(
    page: Page,
    id: number,
    button: string,
    fields: Record<string, string> = {},
  ): Promise<void> {
    await row(page, id).getByRole('button', { name: button }).click();
    const dialog = await openedDialog(page);
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
    await dialog.getByRole('button', { name: button }).click();
    try {
      await dialog.waitFor({ state: 'hidden', ...WAIT });
    } catch (error) {
      // What the dialog says when it stays open (a refusal, a field's message) names the cause.
      await screenshot(page, `backoffice-failed-${button.replaceAll(' ', '-')}`);
      const said = await dialog.textContent().catch(() => '(gone)');
      throw new Error(`the ${button} dialog stayed open, showing:\n${said}`, { cause: error });
    }
  }

  it(
    'runs the business: staff, real-name, a deposit, a four-eyes withdrawal, a live spread, the audit log',
    async () => {
      // A failure leaves a picture of every open page (whose dialog or overlay was in the way).
      onTestFailed(async () => {
        const pages = browser.contexts().flatMap((c) => c.pages());
        for (const [i, p] of pages.entries())
          await screenshot(p, `backoffice-failed-page-${i}`).catch(() => undefined);
      });
      // ---- the owner's first sign-in, then the team --------------------------------------------
      const owner = await newDesk(browser);
      await firstSignIn(owner.page, OWNER, BOOTSTRAP);
      await screenshot(owner.page, 'backoffice-01-dashboard');
      await expectAccessible(owner.page, 'backoffice-01-dashboard');
      const team = {
        financeA: ['finance-a@meridian.test', 'Finance'],
        financeB: ['finance-b@meridian.test', 'Finance'],
        compliance: ['compliance@meridian.test', 'Compliance'],
        dealing: ['dealing@meridian.test', 'Dealing'],
      } as const;
      const desks: Record<keyof typeof team, Page> = {} as Record<keyof typeof team, Page>;
      for (const [key, [email, role]] of Object.entries(team) as [
        keyof typeof team,
        readonly [string, string],
      ][]) {
        const oneTime = await addMember(owner.page, email, role);
        const member = await newDesk(browser);
        await firstSignIn(member.page, email, oneTime);
        desks[key] = member.page;
      }
      await screenshot(owner.page, 'backoffice-02-staff');
      await expectAccessible(owner.page, 'backoffice-02-staff');
      // A role sees its own menu: finance has no Dealing, dealing no Withdrawals.
      expect(await desks.financeA.getByRole('menuitem', { name: 'Dealing' }).count()).toBe(0);
      expect(await desks.dealing.getByRole('menuitem', { name: 'Withdrawals' }).count()).toBe(0);

      // ---- a trader registers on the phone, sends a real-name submission and a wire deposit -------
      const phone = await newPhone(browser);
      const email = 'trader@meridian.test';
      const password = 'Harbour2048';
      await phone.page.goto(`${server.baseUrl}/#/register`);
      await requestCode(phone.page, 'register-email', email);
      const mail = await waitFor('the code e-mail', () => mailbox.mails.find((m) => m.to.includes(email)));
      await phone.page.getByTestId('register-password').fill(password);
      await phone.page.getByTestId('register-repeat').fill(password);
      await phone.page.getByTestId('register-code').fill(codeFrom(mail.raw) ?? '');
      await phone.page.getByTestId('register-submit').click();
      await phone.page.waitForFunction(() => window.location.hash === '#/');
      const token = await phone.page.evaluate(() => {
        const stored = localStorage.getItem('meridian.session');
        return stored ? ((JSON.parse(stored) as { state: { token: string | null } }).state.token ?? '') : '';
      });
      const api = async (
        path: string,
        init: { form?: Record<string, string | number>; query?: Record<string, string | number> } = {},
      ) => {
        const qs = init.query
          ? `?${new URLSearchParams(Object.entries(init.query).map(([k, v]) => [k, String(v)]))}`
          : '';
        const res = await fetch(`${server.baseUrl}${path}${qs}`, {
          method: init.form ? 'POST' : 'GET',
          headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
          body: init.form
            ? new URLSearchParams(Object.entries(init.form).map(([k, v]) => [k, String(v)]))
            : undefined,
        });
        const body = (await res.json()) as { code: number; msg: string; data: unknown };
        expect(body.code, `${path}: ${body.msg}`).toBe(1);
        return body.data;
      };
      const upload = async (color: string) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await photo(color))], { type: 'image/jpeg' }), 'id.jpg');
        const res = await fetch(`${server.baseUrl}/api/common/image_upload`, {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        });
        return ((await res.json()) as { data: { key: string } }).data.key;
      };
      await api('/api/user_real/real_name', {
        form: {
          name: 'Ada Lovelace',
          card_id: 'X1234567',
          front_pic: await upload('#336699'),
          reverse_pic: await upload('#996633'),
        },
      });
      const deposit = (await api('/api/quickCharge/wire_submit', {
        query: { number: '15000', proofImg: await upload('#669933'), wire_id: 1 },
      })) as { id: number };

      // ---- compliance approves the real-name submission -----------------------------------------
      const compliance = desks.compliance;
      await open(compliance, 'Real-name');
      const kycRow = compliance.locator('tbody tr[data-row-key]').first();
      const kycId = Number(await kycRow.getAttribute('data-row-key'));
      // The decision shows both pictures, fetched with the member's session.
      await row(compliance, kycId).getByRole('button', { name: 'Approve' }).click();
      const kycDialog = compliance.getByRole('dialog');
      await compliance.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')].filter(
            (img) => img.complete && img.naturalWidth > 0,
          ).length >= 2,
        undefined,
        WAIT,
      );
      await screenshot(compliance, 'backoffice-03-real-name');
      await expectAccessible(compliance, 'backoffice-03-real-name');
      await kycDialog.getByRole('button', { name: 'Approve' }).click();
      await kycDialog.waitFor({ state: 'hidden', ...WAIT });
      const center = (await api('/api/user_real/center')) as { review_status: number };
      expect(center.review_status).toBe(2);

      // ---- finance approves the deposit ---------------------------------------------------------
      const financeA = desks.financeA;
      await open(financeA, 'Deposits');
      await decide(financeA, deposit.id, 'Approve');

      // ---- a 12,000 USD withdrawal: above the 10,000 threshold, two approvers, then paid --------
      const symbols = (await api('/api/account/draw_symbol_list', { query: { type: 1 } })) as {
        id: number;
        code: string;
        protocol: string;
      }[];
      const usdt = symbols.find((c) => c.code === 'USDT' && c.protocol === 'TRC20');
      if (!usdt) throw new Error('no USDT TRC20');
      const method = (await api('/api/wallet/bind_draw_method', {
        form: { password, type: 1, draw_id: usdt.id, dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
      })) as { id: number };
      const withdrawal = (await api('/api/account/draw', {
        form: { draw_currency_id: usdt.id, draw_method_id: method.id, number: '12000', password },
      })) as { id: number };
      await open(financeA, 'Withdrawals');
      await decide(financeA, withdrawal.id, 'Approve');
      await expect.poll(() => text(row(financeA, withdrawal.id)), WAIT).toContain('Needs a second approver');
      // The first approver cannot pay it alone: no Mark paid yet.
      expect(await row(financeA, withdrawal.id).getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
      await screenshot(financeA, 'backoffice-04-withdrawal-needs-second');
      await expectAccessible(financeA, 'backoffice-04-withdrawal-needs-second');
      const financeB = desks.financeB;
      await open(financeB, 'Withdrawals');
      await decide(financeB, withdrawal.id, 'Approve');
      await decide(financeB, withdrawal.id, 'Mark paid', { 'Transaction reference': 'TRX-77f1c0' });
      const draws = (await api('/api/account/draw_list')) as { list: { id: number; status: number }[] };
      expect(draws.list.find((d) => d.id === withdrawal.id)?.status).toBe(1);

      // ---- dealing widens BTCUSD's spread; the trader's open app shows the new quote ------------
      await phone.page.goto(`${server.baseUrl}/#/trade`);
      await phone.page.getByTestId('instrument-selector').click();
      await phone.page.getByTestId(`drawer-item-${CODE}`).click();
      const form = phone.page.getByTestId('order-form');
      await expect.poll(() => text(form.getByTestId('spread-value')), WAIT).toMatch(/^\d+\.\d{2}$/);
      const before = new TradingDecimal(await text(form.getByTestId('spread-value')));
      expect(before.lt(500)).toBe(true);
      const dealing = desks.dealing;
      await open(dealing, 'Dealing');
      const instrumentRow = dealing.locator('tr', { hasText: CODE }).first();
      await instrumentRow.getByRole('button', { name: 'Edit' }).click();
      const drawer = await openedDialog(dealing);
      await drawer.getByLabel('Spread', { exact: true }).fill('500.00');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.waitFor({ state: 'hidden', ...WAIT });
      await expect
        .poll(async () => new TradingDecimal(await text(form.getByTestId('spread-value'))).gte(500), WAIT)
        .toBe(true);
      // Both prices in one read: a price push between two reads would pair a bid and an ask of
      // different quotes.
      const [bidText, askText] = await form.evaluate((el) =>
        ['sell-price', 'buy-price'].map(
          (id) => el.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '',
        ),
      );
      const bid = new TradingDecimal(bidText ?? '');
      const ask = new TradingDecimal(askText ?? '');
      expect(ask.minus(bid).gte(500)).toBe(true);
      await screenshot(phone.page, 'backoffice-05-trader-sees-new-spread');
      await screenshot(dealing, 'backoffice-06-dealing');
      await expectAccessible(dealing, 'backoffice-06-dealing');

      // ---- compliance takes down the picture of the trader's strategy ---------------------------
      await api('/api/follow/publish', {
        form: { name: 'Ada Picks', desc: '', fee_rate: '10', min_invest: '100' },
      });
      const picture = new FormData();
      picture.append(
        'file',
        new Blob([new Uint8Array(await photo('#aa3366'))], { type: 'image/jpeg' }),
        'me.jpg',
      );
      const sent = await fetch(`${server.baseUrl}/api/follow/avatar_upload`, {
        method: 'POST',
        headers: { authorization: token },
        body: picture,
      });
      expect(((await sent.json()) as { code: number }).code).toBe(1);
      const trader = (await api('/api/user/info')) as { id: number };
      await compliance.goto(`${server.baseUrl}/admin/#/users/${trader.id}`);
      const shown = compliance.getByRole('img', { name: 'The strategy’s picture' });
      await shown.waitFor(WAIT);
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), WAIT)
        .toBe(256);
      const takeDown = 'Take down the strategy picture';
      await compliance.getByRole('button', { name: takeDown }).click();
      const takeDownDialog = compliance.getByRole('dialog');
      await takeDownDialog.getByLabel('Reason').fill('offensive picture');
      // Scanned once the dialog has finished opening (mid-animation its text is faint).
      await compliance.waitForFunction(
        () => document.getAnimations().filter((a) => a.playState === 'running').length === 0,
        undefined,
        WAIT,
      );
      await screenshot(compliance, 'backoffice-06b-strategy-picture');
      await expectAccessible(compliance, 'backoffice-06b-strategy-picture');
      await takeDownDialog.getByRole('button', { name: takeDown }).click();
      await takeDownDialog.waitFor({ state: 'hidden', ...WAIT });
      await shown.waitFor({ state: 'detached', ...WAIT });
      const strategies = (await api('/api/follow/strategies', { query: { q: 'Ada Picks' } })) as {
        list: Array<{ avatar: string | null }>;
      };
      expect(strategies.list[0]?.avatar).toBeNull();

      // ---- every action is in the audit log -----------------------------------------------------
      await open(owner.page, 'Audit log');
      const log = owner.page.locator('tbody');
      for (const action of [
        'staff.create',
        'staff.setup',
        'kyc.approve',
        'deposit.approve',
        'withdrawal.approve',
        'withdrawal.paid',
        'instrument.update',
        'user.strategy_avatar_remove',
      ]) {
        await expect.poll(() => log.getByText(action, { exact: true }).count(), WAIT).toBeGreaterThan(0);
      }
      expect(await log.getByText('withdrawal.approve', { exact: true }).count()).toBe(2);
      await screenshot(owner.page, 'backoffice-07-audit');
      await expectAccessible(owner.page, 'backoffice-07-audit');
      for (const c of [owner.context, phone.context, ...Object.values(desks).map((p) => p.context())])
        await c.close();
    },
    SCENARIO_BUDGET_MS,
  );

  it('creates an owner from the command line, who must set up at first sign-in', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-staff-cli-'));
    try {
      const cli = join(process.cwd(), 'apps/server/dist/staff-cli.js');
      const run = spawnSync(process.execPath, [cli, 'create-owner', '--email', 'Boss@Meridian.test'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const oneTime = /One-time password: (\S+)/.exec(run.stdout)?.[1] ?? '';
      expect(oneTime).toMatch(/^[A-Za-z0-9]{16}$/);
      const again = spawnSync(process.execPath, [cli, 'create-owner', '--email', 'boss@meridian.test'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
        encoding: 'utf8',
      });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');
      const node = await startServer({}, { dataDir });
      try {
        const res = await fetch(`${node.baseUrl}/api/staff/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'boss@meridian.test', password: oneTime }),
        });
        const body = (await res.json()) as { code: number; data: { stage: string } };
        expect(body.data.stage).toBe('setup');
      } finally {
        await node.stop({ keepData: true });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
