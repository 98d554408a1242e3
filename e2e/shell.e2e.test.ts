import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

describe('app shell in a phone browser', () => {
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

  it('opens / and shows the tab bar with its five tabs', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/`);
    const tabbar = page.getByTestId('tabbar');
    await tabbar.waitFor({ state: 'visible' });
    for (const tab of ['quotes', 'trade', 'orders', 'documentary', 'ranking']) {
      await expect(page.getByTestId(`tab-${tab}`).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByTestId('footer').isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-home');
    await expectAccessible(page, 'shell-home');
    await context.close();
  });

  it('switches to Arabic from the language picker and lays the page out right-to-left', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/language`);
    await page.getByTestId('lang-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.goto(`${server.baseUrl}/#/`);
    await page.getByTestId('tabbar').waitFor({ state: 'visible' });
    // The choice persists across a reload.
    await page.reload();
    await page.getByTestId('tabbar').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'shell-home-ar');
    await expectAccessible(page, 'shell-home-ar');
    await context.close();
  });

  it('applies the lang query parameter at start, treating tw as hk', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=tw#/`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
    await context.close();
  });

  it('sends a logged-out visitor from /order to /login?from=/order', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/order`);
    await page.getByTestId('page-login').waitFor({ state: 'visible' });
    const hash = await page.evaluate(() => window.location.hash);
    expect(decodeURIComponent(hash)).toBe('#/login?from=/order');
    await screenshot(page, 'shell-login-guard');
    await expectAccessible(page, 'shell-login-guard');
    await context.close();
  });
});
