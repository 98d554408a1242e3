import { randomUUID } from 'node:crypto';
import { routes } from '@meridian/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

/** Crypto trades around the clock, so the test never meets a closed market. */
const CODE = 'BTCUSD';
const WAIT = { timeout: 60_000 } as const;

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

/** Sheets and toasts animate; let them settle so a screenshot shows a still screen. */
const settle = (page: Page) => page.waitForTimeout(400);

describe('copy trading in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;

  async function call(
    path: string,
    method: 'GET' | 'POST',
    payload: Record<string, string | number>,
    token = '',
  ) {
    const body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${server.baseUrl}${path}${method === 'GET' ? `?${body}` : ''}`, {
      method,
      headers: {
        lang: 'en',
        authorization: token,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { body } : {}),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(json.code, `${path}: ${json.msg}`).toBe(1);
    return json.data;
  }

  beforeAll(async () => {
    // The built-in sample strategies stay off: this test's provider is the only one.
    server = await startServer({ SAMPLE_STRATEGIES: 'off' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a provider publishes; a follower copies with an equity stop-loss, sees copies and skips live, stops and gets the funds back', async () => {
    // ---- the provider: a demo account that publishes and trades through the API -----------------
    const provider = (await call(routes.demoAccount.path, 'GET', { demo_id: randomUUID() })) as {
      token: string;
    };
    const strategy = (await call(
      routes.publish.path,
      'POST',
      { name: 'Crypto Momentum', desc: 'Bitcoin, both ways.', fee_rate: '0', min_invest: '100' },
      provider.token,
    )) as { id: number };
    const list = (await call(routes.tradeList.path, 'GET', {})) as Array<{ Id: number; Code: string }>;
    const btc = list.find((i) => i.Code === CODE);
    if (!btc) throw new Error('BTCUSD is not listed');

    // ---- the follower: a demo account on a phone ------------------------------------------------
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/login`);
    await page.getByTestId('try-demo').click();
    await page.waitForFunction(() => window.location.hash !== '#/login');
    await page.getByTestId('tab-documentary').click();
    await page.getByTestId(`strategy-card-${strategy.id}`).waitFor(WAIT);
    await settle(page);
    await screenshot(page, 'copy-1-documentary');
    await expectAccessible(page, 'copy-1-documentary');

    await page.getByTestId(`strategy-card-${strategy.id}-link`).click();
    await page.getByTestId('page-strategy').waitFor();
    expect(await text(page, 'strategy-name')).toBe('Crypto Momentum');
    await page.getByTestId('strategy-copy').click();
    await page.getByTestId('copy-amount').fill('5000');
    await page.getByTestId('copy-stop').fill('1000');
    // The fee is shown before confirming: a demo strategy is free.
    expect(await text(page, 'copy-fee')).toContain('no fee');
    await settle(page);
    await screenshot(page, 'copy-2-copy-sheet');
    await page.getByTestId('copy-confirm').click();
    await page.getByTestId('page-copy').waitFor(WAIT);
    await expect.poll(() => text(page, 'copy-stop-loss'), WAIT).toContain('1,000.00');

    // ---- the provider buys 1 lot (copied: 0.05 lot) and 0.1 lot (skipped: 0.005 < 0.01) --------
    const big = (await call(
      routes.submitOrder.path,
      'GET',
      { type: 1, cont: '1', forex_id: btc.Id, status: 1, multiple: 2 },
      provider.token,
    )) as { Id: number };
    await page.locator('li[data-testid^="copy-positions-"]').first().waitFor(WAIT);
    expect(await page.locator('li[data-testid^="copy-positions-"]').first().textContent()).toContain('0.05');
    await call(
      routes.submitOrder.path,
      'GET',
      { type: 2, cont: '0.1', forex_id: btc.Id, status: 1, multiple: 2 },
      provider.token,
    );
    await page.getByTestId('copy-tab-skipped').click();
    const reason = page.locator('[data-testid^="skipped-"][data-testid$="-reason"]').first();
    await reason.waitFor(WAIT);
    expect(await reason.textContent()).toContain('below the minimum lot');
    await settle(page);
    await screenshot(page, 'copy-3-skipped');
    await expectAccessible(page, 'copy-3-skipped');

    // ---- the provider sells (closes): the copy closes too, live ----------------------------------
    await call(routes.closeOrder.path, 'GET', { id: big.Id }, provider.token);
    await page.getByTestId('copy-tab-history').click();
    await page.locator('li[data-testid^="copy-history-"]').first().waitFor(WAIT);
    await page.getByTestId('copy-tab-positions').click();
    await expect.poll(() => page.locator('li[data-testid^="copy-positions-"]').count(), WAIT).toBe(0);

    // ---- the follower stops copying and gets the funds back --------------------------------------
    await page.getByTestId('copy-stop').click();
    await page.getByTestId('stop-confirm').click();
    await page.getByTestId('copy-stopped-result').waitFor(WAIT);
    // 5,000 back less the copy's trading cost (a 0.05-lot round trip): a few dollars either way.
    const returned = Number(
      (/([\d,]+\.\d{2}) USD/.exec(await text(page, 'copy-stopped-result'))?.[1] ?? '').replaceAll(',', ''),
    );
    expect(returned).toBeGreaterThan(4_500);
    expect(returned).toBeLessThan(5_500);
    await settle(page);
    await screenshot(page, 'copy-4-stopped');
    await expectAccessible(page, 'copy-4-stopped');
    await page.goto(`${server.baseUrl}/#/follow/copies`);
    await page.getByTestId('page-my-copies').waitFor(WAIT);
    await expect.poll(() => page.getByTestId('page-my-copies').textContent(), WAIT).toMatch(/Stopped/);
    await expectAccessible(page, 'copy-my-copies');

    // ---- the strategy's page with its equity curve drawn (the chart adds a link of its own) -----
    await page.goto(`${server.baseUrl}/#/follow/strategy?id=${strategy.id}`);
    await page.locator('.equity-chart__canvas canvas').first().waitFor(WAIT);
    // The curve ends at the return shown above it (the figures read again, the curve follows).
    await expect
      .poll(async () => (await text(page, 'equity-summary')).includes(await text(page, 'strategy-roi')), WAIT)
      .toBe(true);
    await settle(page);
    await screenshot(page, 'copy-5-strategy');
    await expectAccessible(page, 'copy-5-strategy');

    // ---- the follower publishes a strategy of their own from "My strategy" ----------------------
    await page.goto(`${server.baseUrl}/#/follow/mine`);
    await page.getByTestId('publish-form').waitFor(WAIT);
    await expectAccessible(page, 'copy-6-publish');
    await page.getByTestId('publish-form-name').fill('Follower Picks');
    await page.getByTestId('publish-form-submit').click();
    await page.getByTestId('mine-name').waitFor(WAIT);
    expect(await text(page, 'mine-name')).toBe('Follower Picks');
    // ... and gives it a picture: a wide photo, which the server makes square.
    const pixels = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < pixels.length; i += 3) {
      const x = (i / 3) % 300;
      const y = Math.floor(i / 3 / 300);
      pixels.set([x % 256, y, 160], i);
    }
    const photo = await sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    await page
      .getByTestId('picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    const avatar = page.locator('img.follow-avatar--lg[data-testid="strategy-avatar-img"]');
    await avatar.waitFor(WAIT);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), WAIT)
      .toBe(256);
    await settle(page);
    await screenshot(page, 'copy-7-my-strategy');
    await expectAccessible(page, 'copy-7-my-strategy');
    // Everyone sees it on the list: a visitor's browser loads it without a session.
    const visitor = await newPhone(browser);
    const board = visitor.page;
    await board.goto(`${server.baseUrl}/#/follow`);
    const listed = board.locator('[data-testid^="strategy-card-"] img.follow-avatar').first();
    await listed.waitFor(WAIT);
    await expect
      .poll(() => listed.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), WAIT)
      .toBe(256);
    await visitor.context.close();
    await context.close();
  }, 240_000);
});
