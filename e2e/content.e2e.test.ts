import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

/** Titles of seeded articles (apps/server/src/features/news/articles/). */
const CRYPTO_EN = 'Crypto CFDs trade through the weekend';
const CRYPTO_JP = '暗号資産 CFD は週末も取引可能';
const RESTRICTED_EN = 'Services are not available in five countries';
const RESTRICTED_AR = 'الخدمات غير متاحة في خمس دول';

const MALICIOUS_ID = 777;

describe('news, announcements and the service-provider search in a phone browser', () => {
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

  const rowText = (page: Page, id: number) => page.getByTestId(`news-row-${id}`).textContent();

  it('reads the news list in English, scrolls to the second page, and again in Japanese', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/news`);
    await page.getByTestId('news-row-12').waitFor({ state: 'visible' });
    expect(await rowText(page, 12)).toContain(CRYPTO_EN);
    // Only ten rows come with the first page; the oldest article is on page two.
    expect(await page.getByTestId('news-row-1').count()).toBe(0);
    await screenshot(page, 'content-1-news-en');
    await expectAccessible(page, 'content-1-news-en');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('news-row-1').waitFor({ state: 'visible' });
    expect(await rowText(page, 1)).toContain(RESTRICTED_EN);

    await page.goto(`${server.baseUrl}/?lang=jp#/news`);
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    await page.getByText(CRYPTO_JP).waitFor({ state: 'visible' });
    expect(await rowText(page, 12)).toContain(CRYPTO_JP);
    await screenshot(page, 'content-2-news-jp');
    await context.close();
  });

  it('narrows to announcements and opens the restricted-countries article in Arabic', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=ar#/news`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('news-tab-announcements').click();
    await page.getByTestId('news-row-1').waitFor({ state: 'visible' });
    expect(await page.getByTestId('news-row-12').count()).toBe(0);
    expect(await rowText(page, 1)).toContain(RESTRICTED_AR);
    await screenshot(page, 'content-3-announcements-ar');
    await expectAccessible(page, 'content-3-announcements-ar');
    await page.getByTestId('news-row-1').click();
    const detail = page.getByTestId('news-detail');
    await detail.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/news/detail?id=1');
    const text = await detail.textContent();
    expect(text).toContain(RESTRICTED_AR);
    for (const country of ['كوريا الشمالية', 'إسرائيل', 'الصين', 'فانواتو', 'كوبا'])
      expect(text).toContain(country);
    await screenshot(page, 'content-4-detail-ar');
    await context.close();
  });

  it('opens an article in English from the list and shows its body', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/news`);
    await page.getByTestId('news-row-8').click();
    const detail = page.getByTestId('news-detail');
    await detail.waitFor({ state: 'visible' });
    const text = await detail.textContent();
    expect(text).toContain('EUR/USD weekly outlook');
    expect(text).toContain('European Central Bank');
    await screenshot(page, 'content-5-detail-en');
    await expectAccessible(page, 'content-5-detail-en');
    await context.close();
  });

  it('shows the server message and a way back for an unknown article', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/news/detail?id=424242`);
    const failure = page.getByTestId('news-detail-error');
    await failure.waitFor({ state: 'visible' });
    expect(await failure.textContent()).toContain('This article does not exist.');
    await screenshot(page, 'content-unknown-article');
    // Opened directly, so there is no previous page in the app: back leads home.
    await failure.getByRole('button').click();
    await page.getByTestId('page-home').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/');
    await context.close();
  });

  it('lists announcements under /mine/announcement for a demo account', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/mine/announcement`);
    await page.getByTestId('try-demo').click();
    await page.getByTestId('page-announcements').waitFor({ state: 'visible' });
    await page.getByTestId('news-row-1').waitFor({ state: 'visible' });
    expect(await page.getByTestId('news-row-8').count()).toBe(0);
    await page.getByTestId('news-row-4').click();
    await page.getByTestId('news-detail').waitFor({ state: 'visible' });
    expect(await page.getByTestId('news-detail').textContent()).toContain('Christmas');
    await context.close();
  });

  it('searches a company and opens its details', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/product`);
    const search = page.getByTestId('product-search').locator('input');
    await search.waitFor({ state: 'visible' });
    await page.getByTestId('company-row-1').waitFor({ state: 'visible' });
    await screenshot(page, 'content-6-product-en');
    await expectAccessible(page, 'content-6-product-en');
    await search.fill('société');
    await page.getByTestId('company-row-1').waitFor({ state: 'detached' });
    const row = page.getByTestId('company-row-11');
    await row.waitFor({ state: 'visible' });
    expect(await page.locator('[data-testid^="company-row-"]').count()).toBe(1);
    await row.click();
    const detail = page.getByTestId('company-detail');
    await detail.waitFor({ state: 'visible' });
    const text = await detail.textContent();
    expect(text).toContain('Lumen Société de Bourse SA');
    expect(text).toContain('17 rue des Changeurs, 75002 Paris, France');
    expect(text).toContain('compliance@lumen-societe.example');
    const site = page.getByTestId('company-website');
    expect(await site.getAttribute('href')).toBe('https://www.lumen-societe.example/');
    expect(await site.getAttribute('target')).toBe('_blank');
    expect(await site.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'content-7-company-detail');
    await page.getByTestId('company-detail-close').click();
    await detail.waitFor({ state: 'hidden' });

    await search.fill('no such broker');
    await page.getByTestId('company-empty').waitFor({ state: 'visible' });
    await context.close();
  });

  it('shows the company search in Arabic, right to left', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/?lang=ar#/product`);
    await page.getByTestId('company-row-3').waitFor({ state: 'visible' });
    await page.getByTestId('company-row-3').click();
    await page.getByTestId('company-detail').waitFor({ state: 'visible' });
    expect(await page.getByTestId('company-detail').textContent()).toContain('العنوان المسجل');
    await screenshot(page, 'content-8-company-detail-ar');
    await context.close();
  });

  it('never runs a script stored in an article, even one written straight into the database', async () => {
    const db = new SQLite(join(server.dataDir, 'meridian.sqlite'));
    try {
      db.prepare(
        'insert into news (id, category_id, logo, created_at, published) values (?, 1, ?, ?, 1)',
      ).run(MALICIOUS_ID, '/content/news/account-security.svg', Math.floor(Date.now() / 1000));
      db.prepare(
        'insert into news_translations (news_id, lang, title, description, content_html) values (?, ?, ?, ?, ?)',
      ).run(
        MALICIOUS_ID,
        'en',
        'Injected article',
        'Harmless summary',
        '<p>Harmless text</p><script>window.__pwned = "script"; alert("script")</script>' +
          '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">' +
          '<svg><script>window.__pwned = "svg"</script></svg>' +
          '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>' +
          '<a id="trap" href="javascript:window.__pwned=\'link\'">Click me</a>',
      );
    } finally {
      db.close();
    }

    const { context, page } = await newPhone(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${server.baseUrl}/#/news`);
    await page.getByTestId(`news-row-${MALICIOUS_ID}`).click();
    const detail = page.getByTestId('news-detail');
    await detail.waitFor({ state: 'visible' });
    expect(await detail.textContent()).toContain('Harmless text');
    // Give an onerror handler the chance it would have had: the broken image has been tried by now.
    await page.waitForFunction(() => {
      const img = document.querySelector('.news-content img');
      return img === null || (img as HTMLImageElement).complete;
    });
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      scripts: document.querySelectorAll('.news-content script').length,
      handlers: [...document.querySelectorAll('.news-content *')].filter((el) =>
        [...el.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      frames: document.querySelectorAll('.news-content iframe, .news-content svg').length,
      hrefs: [...document.querySelectorAll('.news-content a')].map((a) => a.getAttribute('href')),
    }));
    expect(state.pwned).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(state.scripts).toBe(0);
    expect(state.handlers).toBe(0);
    expect(state.frames).toBe(0);
    expect(state.hrefs.filter((h) => h?.toLowerCase().includes('javascript'))).toEqual([]);
    await screenshot(page, 'content-9-injected-article');
    await context.close();
  });
});
