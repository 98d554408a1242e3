import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../apps/web/src/i18n/locales/ar.json' with { type: 'json' };
import en from '../apps/web/src/i18n/locales/en.json' with { type: 'json' };
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

/** Crypto trades around the clock: the test never meets a closed market. */
const CODE = 'BTCUSD';
/** Every wait is for a condition; the bound only turns a hang into a failure. */
const WAIT = { timeout: 60_000 } as const;

type Reason = 'live' | 'offline' | 'reconnecting' | 'stale';

/** Waits until the connection banner says `reason` ('live' = prices live, banner out of the way). */
async function bannerSays(page: Page, reason: Reason): Promise<void> {
  await page.waitForFunction(
    (want) =>
      document.querySelector('[data-testid="connection-banner"]')?.getAttribute('data-reason') === want,
    reason,
    WAIT,
  );
}

async function openTrade(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/trade`);
  await page.getByTestId('instrument-selector').click(WAIT);
  await page.getByTestId(`drawer-item-${CODE}`).click(WAIT);
  await page.waitForFunction(
    (code) => document.querySelector('[data-testid="instrument-selector"]')?.textContent?.includes(code),
    CODE,
    WAIT,
  );
}

const buyPrice = (page: Page) => page.getByTestId('buy-price').textContent();

/**
 * Waits for the trade screen's last lazy piece, the chart: cut off while its script is still
 * loading, the screen waits for the network instead (the last test here), which is not what the
 * other tests are about.
 */
const chartDrawn = (page: Page) =>
  page
    .locator('[data-testid="kline-chart"] canvas')
    .first()
    .waitFor({ state: 'visible', ...WAIT });

describe('the connection state on a phone', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says it is reconnecting when the server goes away, stops orders, and resyncs when it is back', async () => {
    const { context, page } = await newPhone(browser);
    await openTrade(page, server.baseUrl);
    await chartDrawn(page);
    const buy = page.getByTestId('order-buy');
    const sell = page.getByTestId('order-sell');
    await expect.poll(() => buy.isEnabled(), WAIT).toBe(true);
    await bannerSays(page, 'live');

    // The server stops (its data and its port kept for the restart).
    const { port, dataDir } = server;
    await server.stop({ keepData: true });
    await bannerSays(page, 'reconnecting');
    expect(await page.getByTestId('connection-reason').textContent()).toBe(en.connection.reconnecting);
    expect(await buy.isDisabled()).toBe(true);
    expect(await sell.isDisabled()).toBe(true);
    // The prices on screen are greyed, with their age beside the reason.
    expect(await page.locator('.app-shell').getAttribute('class')).toContain('app-shell--prices-down');
    await page.getByTestId('prices-age').waitFor({ state: 'visible', ...WAIT });
    expect(await page.getByTestId('prices-age').textContent()).toMatch(/^Last update: \d+ (sec|min)\. ago$/);
    await screenshot(page, 'offline-1-reconnecting');

    // Back on the same address and data: the socket reconnects by itself and everything refetches.
    const refetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/api/forex/trade_list')) refetched.push(request.url());
    });
    server = await startServer({}, { port, dataDir });
    await bannerSays(page, 'live');
    await expect.poll(() => buy.isEnabled(), WAIT).toBe(true);
    expect(await sell.isEnabled()).toBe(true);
    expect(await page.locator('.app-shell').getAttribute('class')).not.toContain('app-shell--prices-down');
    await expect.poll(() => refetched.length, WAIT).toBeGreaterThan(0);
    // Fresh prices: the quote moves again without a reload.
    const seen = await buyPrice(page);
    await expect.poll(() => buyPrice(page), WAIT).not.toBe(seen);
    await expectAccessible(page, '/trade after a reconnect');
    await context.close();
  });

  it('says the phone is offline at once, and goes back to live prices by itself', async () => {
    const { context, page } = await newPhone(browser);
    await openTrade(page, server.baseUrl);
    await chartDrawn(page);
    const buy = page.getByTestId('order-buy');
    await expect.poll(() => buy.isEnabled(), WAIT).toBe(true);

    await context.setOffline(true);
    await bannerSays(page, 'offline');
    expect(await page.getByTestId('connection-reason').textContent()).toBe(en.connection.offline);
    expect(await buy.isDisabled()).toBe(true);
    await expectAccessible(page, '/trade offline');
    await screenshot(page, 'offline-2-offline');

    await context.setOffline(false);
    await bannerSays(page, 'live');
    await expect.poll(() => buy.isEnabled(), WAIT).toBe(true);
    await context.close();
  });

  it("keeps the app's frame when a screen's code cannot load offline, and opens the screen once back online", async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/`);
    await page.getByTestId('tabbar').waitFor({ state: 'visible', ...WAIT });
    await bannerSays(page, 'live');

    // The trade screen's code has not been downloaded yet (and no service worker keeps it: newPhone
    // blocks them, as on a first visit before one controls the page).
    await context.setOffline(true);
    await bannerSays(page, 'offline');
    await page.getByTestId('tab-trade').click(WAIT);
    const error = page.locator('[data-testid="page-error"][data-waiting-for-network]');
    await error.waitFor({ state: 'visible', ...WAIT });
    expect(await error.locator('h2').textContent()).toBe(en.connection.screenOffline);
    // Inside the layout: the banner says why, and the tab bar is still there.
    expect(await page.getByTestId('connection-reason').textContent()).toBe(en.connection.offline);
    expect(await page.getByTestId('tabbar').isVisible()).toBe(true);
    await expectAccessible(page, '/trade whose code could not load offline');
    await screenshot(page, 'offline-4-screen-waits');

    // Back online, the page loads again by itself, on the trade screen.
    await context.setOffline(false);
    await page.getByTestId('order-buy').waitFor({ state: 'visible', ...WAIT });
    await bannerSays(page, 'live');
    expect(await page.locator('[data-testid="page-error"]').count()).toBe(0);
    await context.close();
  });

  it('shows the banner right to left in Arabic', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=ar#/trade`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, WAIT);
    await page.getByTestId('order-buy').waitFor({ state: 'visible', ...WAIT });
    await chartDrawn(page);
    await context.setOffline(true);
    await bannerSays(page, 'offline');
    expect(await page.getByTestId('connection-reason').textContent()).toBe(ar.connection.offline);
    await screenshot(page, 'offline-3-offline-ar');
    await context.setOffline(false);
    await context.close();
  });
});
