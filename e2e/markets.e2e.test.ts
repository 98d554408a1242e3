import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

interface Listed {
  Id: number;
  Code: string;
  CategoryId: number;
}

const ROWS = '[data-testid^="market-row-"]';
const CRYPTO = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD', 'LTCUSD'];

async function text(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

/** The prices of the always-open crypto rows, to see them move. */
async function cryptoPrices(page: Page): Promise<string[]> {
  return Promise.all(
    CRYPTO.map((code) => text(page.getByTestId(`market-row-${code}`).getByTestId('row-price'))),
  );
}

async function hash(page: Page): Promise<string> {
  return page.evaluate(() => window.location.hash);
}

/** Resolves once the chart's pixels differ from `before`: a live candle was drawn. */
async function chartChanges(page: Page, before: Buffer): Promise<void> {
  const chart = page.getByTestId('kline-chart');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(500);
    const now = await chart.screenshot();
    if (!now.equals(before)) return;
  }
  throw new Error('the chart did not change within 20 s');
}

describe('markets in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let list: Listed[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const res = await fetch(`${server.baseUrl}/v1/api/forex/trade_list`);
    list = ((await res.json()) as { data: Listed[] }).data;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists 30+ moving markets, filters by category, opens one, switches periods and keeps it on reload', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/`);
    await page.getByTestId('market-row-BTCUSD').waitFor({ state: 'visible' });
    expect(await page.locator(ROWS).count()).toBeGreaterThanOrEqual(30);

    // Live DAY_MARKET quotes: a crypto price (its market never closes) changes within seconds.
    const before = await cryptoPrices(page);
    await expect
      .poll(async () => (await cryptoPrices(page)).some((p, i) => p !== before[i]), { timeout: 20_000 })
      .toBe(true);
    await screenshot(page, 'markets-home');
    await expectAccessible(page, 'markets-home');

    // A category chip filters the list; tapping it again clears the filter.
    const crypto = list.find((i) => i.Code === 'BTCUSD')?.CategoryId;
    const inCrypto = list.filter((i) => i.CategoryId === crypto).map((i) => `market-row-${i.Code}`);
    await page.getByTestId(`category-chip-${crypto}`).click();
    await expect
      .poll(async () =>
        page.locator(ROWS).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
      )
      .toEqual(inCrypto);
    await screenshot(page, 'markets-home-crypto');
    await page.getByTestId(`category-chip-${crypto}`).click();
    await expect.poll(() => page.locator(ROWS).count()).toBe(list.length);

    // The search field finds instruments by code or name, whatever the case and separators.
    const rowIds = () =>
      page.locator(ROWS).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    const search = page.getByRole('searchbox', { name: 'Search instruments' });
    await search.fill('gold');
    await expect.poll(rowIds).toEqual(['market-row-XAUUSD']);
    await search.fill('eth usd');
    await expect.poll(rowIds).toEqual(['market-row-ETHUSD']);
    await search.fill('no such market');
    await page.getByTestId('market-empty').waitFor({ state: 'visible' });
    await search.fill('');
    await expect.poll(() => page.locator(ROWS).count()).toBe(list.length);

    // A starred instrument moves to the top and stays there after a reload (kept on the device).
    await page.getByRole('button', { name: 'Add XAUUSD to favourites' }).click();
    await expect.poll(async () => (await rowIds())[0]).toBe('market-row-XAUUSD');
    await screenshot(page, 'markets-home-favourite');
    await page.reload();
    await page.getByTestId('market-row-BTCUSD').waitFor({ state: 'visible' });
    expect((await rowIds())[0]).toBe('market-row-XAUUSD');

    // Tapping a row selects it and opens /trade with its header, live price and chart.
    await page.getByTestId('market-row-ETHUSD').click();
    await page.getByTestId('trade-header').waitFor({ state: 'visible' });
    expect(await hash(page)).toBe('#/trade');
    expect(await text(page.getByTestId('instrument-selector'))).toContain('ETHUSD');
    expect(await text(page.getByTestId('last-price'))).toMatch(/^\d+\.\d{2}$/);
    await page.locator('[data-testid="kline-chart"] canvas').first().waitFor({ state: 'visible' });
    expect(await page.getByTestId('order-form-slot').count()).toBe(1);

    // Switching the period loads that period's candles; the forming candle then moves with KLINE pushes.
    const fiveMin = page.waitForResponse(
      (r) => r.url().includes('/v1/api/forex/kline?') && r.url().includes('period=5min'),
    );
    await page.getByTestId('period-5min').click();
    await fiveMin;
    expect(await page.getByTestId('period-5min').getAttribute('aria-selected')).toBe('true');
    await page.waitForTimeout(500);
    await chartChanges(page, await page.getByTestId('kline-chart').screenshot());
    await screenshot(page, 'markets-trade');
    await expectAccessible(page, 'markets-trade');

    // Dragging the chart back in time loads older candles (a request with `to`).
    let olderRequested = false;
    page.on('request', (r) => {
      if (r.url().includes('/v1/api/forex/kline?') && r.url().includes('to=')) olderRequested = true;
    });
    const box = await page.getByTestId('kline-chart').boundingBox();
    if (!box) throw new Error('chart has no box');
    for (let i = 0; i < 25 && !olderRequested; i++) {
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 80, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(100);
    }
    expect(olderRequested).toBe(true);

    // The instrument drawer lists every instrument; choosing one switches the screen to it.
    await page.getByTestId('instrument-selector').click();
    await page.getByTestId('drawer-item-BTCUSD').click();
    await expect.poll(() => text(page.getByTestId('instrument-selector'))).toContain('BTCUSD');

    // The selected instrument and period survive a reload.
    await page.reload();
    await page.getByTestId('trade-header').waitFor({ state: 'visible' });
    await expect.poll(() => text(page.getByTestId('instrument-selector'))).toContain('BTCUSD');
    expect(await page.getByTestId('period-5min').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-testid="kline-chart"] canvas').first().waitFor({ state: 'visible' });
    await context.close();
  });

  it('does the same right-to-left in Arabic', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=ar#/`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('market-row-BTCUSD').waitFor({ state: 'visible' });
    expect(await page.locator(ROWS).count()).toBeGreaterThanOrEqual(30);
    // The category names come translated, and the change keeps its sign in front of the number.
    const chip = await text(page.getByTestId(`category-chip-${list[0]?.CategoryId}`));
    expect(chip).toMatch(/\p{Script=Arabic}/u);
    const before = await cryptoPrices(page);
    await expect
      .poll(async () => (await cryptoPrices(page)).some((p, i) => p !== before[i]), { timeout: 20_000 })
      .toBe(true);
    expect(await text(page.getByTestId('market-row-BTCUSD'))).toMatch(/[+-]\d+\.\d{2}%/);
    await screenshot(page, 'markets-home-ar');
    await expectAccessible(page, 'markets-home-ar');

    await page.getByTestId('market-row-SOLUSD').click();
    await page.getByTestId('trade-header').waitFor({ state: 'visible' });
    expect(await text(page.getByTestId('instrument-selector'))).toContain('SOLUSD');
    const hour = page.waitForResponse(
      (r) => r.url().includes('/v1/api/forex/kline?') && r.url().includes('period=60min'),
    );
    await page.getByTestId('period-60min').click();
    await hour;
    await page.locator('[data-testid="kline-chart"] canvas').first().waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    await chartChanges(page, await page.getByTestId('kline-chart').screenshot());
    await screenshot(page, 'markets-trade-ar');
    await expectAccessible(page, 'markets-trade-ar');

    await page.reload();
    await page.getByTestId('trade-header').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => text(page.getByTestId('instrument-selector'))).toContain('SOLUSD');
    expect(await page.getByTestId('period-60min').getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
});
