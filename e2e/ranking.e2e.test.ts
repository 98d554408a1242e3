import { Order, RankingList, type TradeInstrument } from '@meridian/contract';
import { TradingDecimal, toMicros } from '@meridian/trading';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';
import { codeFrom, startMailbox } from './mailbox.js';

const ADMIN_TOKEN = 'e2e-operator-token-ranking-0123456789abcdef';
/** Crypto trades around the clock, so the test never meets a closed market. */
const CODE = 'BTCUSD';
const TRADES = 5;

async function poll<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Percent of a ratio, half away from zero at 2 decimals: the definition in docs/decisions.md. */
function percent(
  numerator: InstanceType<typeof TradingDecimal>,
  denominator: InstanceType<typeof TradingDecimal>,
) {
  const p = numerator.div(denominator).times(100).toDecimalPlaces(2, TradingDecimal.ROUND_HALF_UP);
  return (p.isZero() ? new TradingDecimal(0) : p).toFixed(2);
}
/** As the row prints a return: a sign unless it is zero. */
const shownRate = (p: string) => (p.startsWith('-') ? `${p}%` : /[1-9]/.test(p) ? `+${p}%` : `${p}%`);

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').trim();
}

/** Dialogs and toasts animate; let them settle so a screenshot shows a still screen. */
const settle = (page: Page) => page.waitForTimeout(400);

describe('the leaders ranking in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;

  async function call(
    path: string,
    init: {
      token?: string;
      form?: Record<string, string | number>;
      query?: Record<string, string | number>;
      admin?: boolean;
    } = {},
  ) {
    const qs = new URLSearchParams(Object.entries(init.query ?? {}).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${server.baseUrl}${path}${init.query ? `?${qs}` : ''}`, {
      method: init.form ? 'POST' : 'GET',
      headers: {
        lang: 'en',
        authorization: init.token ?? '',
        ...(init.admin ? { 'x-admin-token': ADMIN_TOKEN } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form
        ? new URLSearchParams(Object.entries(init.form).map(([k, v]) => [k, String(v)]))
        : undefined,
    });
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body.code, `${path}: ${body.msg}`).toBe(1);
    return body.data;
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startServer({
      ADMIN_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'noreply@meridian.test',
      // A short interval, so the scheduled refresh (not the test) builds the board quickly.
      RANKING_REFRESH_MS: '500',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  it('shows coming soon while nobody is ranked, then a real trader who opted in, with the figures of their trades', async () => {
    // ---- the empty board: coming soon, inline, with no dialog to dismiss -----------------------
    const visitor = await newPhone(browser);
    await visitor.page.goto(`${server.baseUrl}/#/rank`);
    await visitor.page.getByTestId('rank-empty').waitFor();
    await settle(visitor.page);
    expect(await visitor.page.locator('.adm-dialog, [role="dialog"]').count()).toBe(0);
    await screenshot(visitor.page, 'ranking-1-empty');
    await expectAccessible(visitor.page, 'ranking-1-empty');
    // The tab bar is usable at once, and the board is back after a round trip, still without a dialog.
    await visitor.page.getByTestId('tab-quotes').click();
    await visitor.page.getByTestId('market-list').waitFor();
    await visitor.page.goBack();
    await visitor.page.getByTestId('rank-empty').waitFor();
    expect(await visitor.page.locator('.adm-dialog, [role="dialog"]').count()).toBe(0);

    // ---- a real trader: registered with the mailed code, funded by an approved wire ----------
    const email = 'leader@meridian.test';
    const password = 'Harbour2048';
    await call('/api/notify/send_email', { form: { to: email, type: 1 } });
    const mail = await poll('the code e-mail', async () => mailbox.mails.find((m) => m.to.includes(email)));
    const registered = (await call('/api/user/register', {
      form: { type: 1, account: email, password, re_password: password, sms_code: codeFrom(mail.raw) ?? '' },
    })) as { token: string };
    const token = registered.token;
    const proof = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f855a' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/jpeg' }), 'receipt.jpg');
    const uploaded = (await (
      await fetch(`${server.baseUrl}/api/common/image_upload`, {
        method: 'POST',
        headers: { authorization: token, lang: 'en' },
        body: form,
      })
    ).json()) as { data: { key: string } };
    await call('/api/quickCharge/wire_submit', {
      token,
      query: { number: '20000', proofImg: uploaded.data.key, wire_id: 1 },
    });
    const pending = (await call('/api/admin/deposits', { admin: true, query: { status: 0 } })) as {
      list: Array<{ id: number }>;
    };
    await call('/api/admin/deposits/approve', {
      admin: true,
      form: { id: pending.list[0]?.id ?? 0, operator: 'ops-ben' },
    });

    // ---- opts in on the user page --------------------------------------------------------------
    const trader = await newPhone(browser);
    await trader.page.goto(`${server.baseUrl}/#/login`);
    await trader.page.getByTestId('login-account').fill(email);
    await trader.page.getByTestId('login-password').fill(password);
    await trader.page.getByTestId('login-submit').click();
    await trader.page.waitForFunction(() => window.location.hash === '#/');
    await trader.page.goto(`${server.baseUrl}/#/user`);
    const toggle = trader.page.getByTestId('rank-opt-in');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await trader.page.getByTestId('page-user').textContent()).toContain('l***@meridian.test');
    await toggle.click();
    await trader.page.waitForFunction(
      () => document.querySelector('[data-testid="rank-opt-in"]')?.getAttribute('aria-checked') === 'true',
    );
    await trader.page.waitForFunction(
      () => document.querySelectorAll('.adm-toast-mask').length === 0,
      undefined,
      {
        timeout: 10_000,
      },
    );
    await settle(trader.page);
    await screenshot(trader.page, 'ranking-2-opt-in');

    // ---- trades in the app (through the API with the trader's session) ------------------------
    const list = (await call('/v1/api/forex/trade_list')) as TradeInstrument[];
    const btc = list.find((i) => i.Code === CODE);
    if (!btc) throw new Error(`${CODE} is not listed`);
    const leverage = btc.HasForexMultiple[0]?.Value ?? 1;
    for (let i = 0; i < TRADES; i++) {
      const opened = Order.parse(
        await call('/v1/api/forex/submit', {
          token,
          query: {
            type: i % 2 === 0 ? 1 : 2,
            cont: btc.ForexMinCont,
            forex_id: btc.Id,
            status: 1,
            multiple: leverage,
          },
        }),
      );
      await call('/v1/api/forex/close', { token, query: { id: opened.Id } });
    }
    const history = (await call('/v1/api/forex/my_deal', { token, query: { status: 3, page: 1 } })) as {
      data: unknown[];
    };
    const closed = history.data.map((o) => Order.parse(o));
    expect(closed).toHaveLength(TRADES);

    // The figures, from what the engine booked: net = realised P&L − fee; base = margin.
    const D = (money: string) => new TradingDecimal(toMicros(money));
    const net = closed.map((o) => D(o.FactProfits).minus(D(o.TradeFee)));
    const netSum = net.reduce((a, b) => a.plus(b), new TradingDecimal(0));
    const marginSum = closed.reduce((a, o) => a.plus(D(o.CautionMoney)), new TradingDecimal(0));
    const rate = percent(netSum, marginSum);
    const win = percent(new TradingDecimal(net.filter((n) => n.gt(0)).length), new TradingDecimal(TRADES));
    const profit = netSum.div(1_000_000).toFixed(2, TradingDecimal.ROUND_HALF_UP);

    // ---- the scheduled refresh puts them on the board; the visitor sees them ------------------
    await poll('the trader on the board', async () => {
      const board = RankingList.parse(await call('/api/follow/list'));
      return board.list.length > 0 ? board : null;
    });
    await visitor.page.reload();
    const row = visitor.page.getByTestId('rank-row-1');
    await row.waitFor();
    expect(await text(visitor.page, 'rank-row-1-user')).toBe('l***@meridian.test');
    expect(await text(visitor.page, 'rank-row-1-code')).toBe(CODE);
    expect(await text(visitor.page, 'rank-row-1-multiple')).toBe(`${leverage}×`);
    expect(await text(visitor.page, 'rank-row-1-rate')).toBe(shownRate(rate));
    expect(await text(visitor.page, 'rank-row-1-win')).toBe(`${win}%`);
    expect(await text(visitor.page, 'rank-row-1-profit')).toBe(netSum.gt(0) ? `+${profit}` : profit);
    expect(await text(visitor.page, 'rank-row-1-total-rate')).toBe(shownRate(rate));
    expect(await text(visitor.page, 'rank-row-1-orders')).toBe(String(TRADES));
    expect(await visitor.page.getByTestId('rank-empty').count()).toBe(0);
    await settle(visitor.page);
    await screenshot(visitor.page, 'ranking-3-board');
    await expectAccessible(visitor.page, 'ranking-3-board');

    // A leader without a published strategy is a plain row: nothing to tap.
    expect(await row.evaluate((el) => el.tagName)).toBe('DIV');
    // Once they publish one, their entry opens its page.
    const published = (await call('/api/follow/publish', {
      token,
      form: { name: 'Leader Strategy', desc: '', fee_rate: '10', min_invest: '100' },
    })) as { id: number };
    const board = RankingList.parse(await call('/api/follow/list'));
    expect(board.list[0]?.strategy_id).toBe(published.id);
    await visitor.page.reload();
    await visitor.page.getByTestId('rank-row-1').click();
    await visitor.page.getByTestId('page-strategy').waitFor();
    expect(await text(visitor.page, 'strategy-name')).toBe('Leader Strategy');
    await settle(visitor.page);
    await screenshot(visitor.page, 'ranking-4-tap');
    await visitor.context.close();

    // ---- the same board in Arabic, right to left -----------------------------------------------
    const arabic = await newPhone(browser);
    await arabic.page.goto(`${server.baseUrl}/?lang=ar#/rank`);
    await arabic.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await arabic.page.getByTestId('rank-row-1').waitFor();
    expect(await text(arabic.page, 'rank-row-1-rate')).toBe(shownRate(rate));
    expect(await arabic.page.getByTestId('page-rank').textContent()).toContain('التصنيف');
    await settle(arabic.page);
    await screenshot(arabic.page, 'ranking-5-board-ar');
    await expectAccessible(arabic.page, 'ranking-5-board-ar');
    await arabic.context.close();

    // ---- leaving the board takes effect at once ------------------------------------------------
    await toggle.click();
    await trader.page.waitForFunction(
      () => document.querySelector('[data-testid="rank-opt-in"]')?.getAttribute('aria-checked') === 'false',
    );
    const after = RankingList.parse(await call('/api/follow/list'));
    expect(after.list).toEqual([]);
    await trader.context.close();
  });
});
