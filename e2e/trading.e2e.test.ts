import type { TradeInstrument } from '@meridian/contract';
import {
  feeMicros,
  formatMicros,
  type InstrumentTerms,
  marginMicros,
  pnlMicrosAt,
  TradingDecimal,
  toMicros,
} from '@meridian/trading';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

/** The app shows balances with thousands separators: "99,987.12". */
const groupThousands = (plain: string) =>
  plain.replace(/^-?\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/** Crypto trades around the clock, so the test never meets a closed market. */
const CODE = 'BTCUSD';
const LOTS = '0.01';
const LEVERAGE = 2;

async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

const hashOf = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash));

/** In-app navigation (the hash router), keeping the kept-alive screens and the socket. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.location.hash = `#${to}`;
  }, path);
  await page.waitForFunction((to) => window.location.hash === `#${to}`, path);
}

async function toastSays(page: Page, expected: string, timeout = 15_000): Promise<void> {
  await expect
    .poll(async () => (await page.locator('.toast-text').allTextContents()).join(' | '), { timeout })
    .toContain(expected);
}

/** The amount as the UI prints it: sign, then fixed decimals. */
function signed(micros: number, places: number): string {
  const t = formatMicros(micros, places);
  return /^-?0\.0+$/.test(t) ? t.replace('-', '') : t.startsWith('-') ? t : `+${t}`;
}

/** Popups and toasts animate in and out: let them settle so a screenshot shows a still screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(400);
}

/** Waits until no toast or dialog covers the page. */
async function quiet(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.toast-text, .dialog-confirm'), undefined, {
    timeout: 10_000,
  });
  await settle(page);
}

async function confirmDialog(page: Page): Promise<void> {
  const button = page.locator('.dialog-confirm').last();
  await button.waitFor({ state: 'visible' });
  await button.click();
}

interface Booked {
  id: number;
  openPrice: string;
  marginMicros: number;
  feeMicros: number;
  pnlMicros: number;
}

describe('trading in a phone browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let terms: InstrumentTerms;
  let tradeFeeType: number;

  const expectedMargin = (price: string) =>
    marginMicros({ terms, lots: LOTS, price, leverage: LEVERAGE, quoteToUsd: 1 });
  const expectedFee = (margin: number) =>
    feeMicros({ tradeFeeType, terms, lots: LOTS, marginMicros: margin });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const list = (await (await fetch(`${server.baseUrl}/v1/api/forex/trade_list`)).json()) as {
      data: TradeInstrument[];
    };
    const btc = list.data.find((i) => i.Code === CODE);
    if (!btc) throw new Error(`${CODE} is not listed`);
    terms = {
      contractSize: btc.ForexContNum,
      minLots: btc.ForexMinCont,
      lotStep: btc.Pip,
      maxLots: btc.ForexMaxCont,
      marginMode: btc.MarginMode,
      feeRate: btc.ForexFeeRate,
      pricePrecision: btc.PricePrecision,
      leverageOptions: btc.HasForexMultiple.map((m) => m.Value),
    };
    const info = (await (await fetch(`${server.baseUrl}/api/basicSet/getBasicInfo`)).json()) as {
      data: { trade_fee_type: number };
    };
    tradeFeeType = Number(info.data.trade_fee_type);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a demo trader buys, watches it live, takes profit, cancels a pending order, closes a loss and reads the ledger', async () => {
    const { context, page } = await newPhone(browser);
    const form = page.getByTestId('order-form');
    const sheet = page.getByTestId('order-sheet');

    // ---- a visitor on /trade: the form works, ordering asks for a login -------------------------
    await page.goto(`${server.baseUrl}/#/trade`);
    await page.getByTestId('instrument-selector').click();
    await page.getByTestId(`drawer-item-${CODE}`).click();
    await expect.poll(() => text(page.getByTestId('instrument-selector'))).toContain(CODE);
    await form.getByTestId(`leverage-${LEVERAGE}`).click();

    const lotsInput = form.getByTestId('lots-input');
    expect(await lotsInput.inputValue()).toBe(LOTS);
    expect(await form.getByTestId('lots-minus').isDisabled()).toBe(true);
    await form.getByTestId('lots-plus').click();
    expect(await lotsInput.inputValue()).toBe('0.02');
    expect(await form.getByTestId('lots-minus').isDisabled()).toBe(false);
    await form.getByTestId('lots-minus').click();
    expect(await lotsInput.inputValue()).toBe(LOTS);
    expect(await form.getByTestId('lots-minus').isDisabled()).toBe(true);

    // A market estimate is made at the live ask: 6 decimals, about lots × price / leverage.
    const estMargin = await text(form.getByTestId('est-margin'));
    expect(estMargin).toMatch(/^\d+\.\d{6}$/);
    const last = new TradingDecimal(await text(page.getByTestId('last-price')));
    const approx = last.times(LOTS).div(LEVERAGE);
    expect(new TradingDecimal(estMargin).minus(approx).abs().lt(approx.times(0.01))).toBe(true);
    expect(await text(form.getByTestId('est-fee'))).toBe(formatMicros(expectedFee(toMicros(estMargin)), 6));

    // TP starts at the current price when first ticked.
    await form.getByTestId('tp-enable').check();
    const tpDefault = new TradingDecimal(await form.getByTestId('tp-input').inputValue());
    expect(tpDefault.minus(last).abs().lt(last.times(0.005))).toBe(true);
    await form.getByTestId('tp-enable').uncheck();
    expect(await form.getByTestId('tp-input').isDisabled()).toBe(true);

    await form.getByTestId('order-buy').click();
    await page.getByTestId('page-login').waitFor({ state: 'visible' });
    expect(await hashOf(page)).toBe('#/login?from=/trade');
    await screenshot(page, 'trading-01-visitor-sent-to-login');

    // ---- a demo account, back on /trade ---------------------------------------------------------
    await page.getByTestId('try-demo').click();
    await page.waitForFunction(() => window.location.hash === '#/trade');
    await expect.poll(() => text(form.getByTestId('form-available'))).toBe('100,000.00');
    await form.getByTestId(`leverage-${LEVERAGE}`).click();
    await settle(page);
    await screenshot(page, 'trading-02-order-form');

    // ---- 1. buy at the market; the success popup leads to /order -------------------------------
    await form.getByTestId('order-buy').click();
    const success = page.getByTestId('order-success');
    await success.waitFor({ state: 'visible' });
    await settle(page);
    await screenshot(page, 'trading-03-order-placed');
    await page.getByTestId('order-success-view').click();
    await page.waitForFunction(() => window.location.hash === '#/order');

    const holding = page.getByTestId('order-list-1');
    const firstRow = holding.locator('[data-testid^="order-row-"]').first();
    await firstRow.waitFor({ state: 'visible' });
    const id1 = Number((await firstRow.getAttribute('data-testid'))?.replace('order-row-', ''));
    const row1 = page.getByTestId(`order-row-${id1}`);

    // The position is priced live: its current price moves without a reload.
    const firstPrice = await text(row1.getByTestId('row-price'));
    await expect.poll(() => text(row1.getByTestId('row-price')), { timeout: 30_000 }).not.toBe(firstPrice);
    await expect.poll(() => text(page.getByTestId('risk-rate'))).toMatch(/^\d+\.\d{2}%$/);
    expect(await text(page.getByTestId('summary-margin'))).toMatch(/^\d+\.\d{6}$/);
    await settle(page);
    await screenshot(page, 'trading-04-holding-live');

    // The detail sheet: margin and fee booked to the micro-unit as packages/trading computes them.
    await row1.click();
    await sheet.waitFor({ state: 'visible' });
    const open1 = await text(sheet.getByTestId('sheet-open-price'));
    const margin1 = expectedMargin(open1);
    const fee1 = expectedFee(margin1);
    expect(await text(sheet.getByTestId('sheet-margin'))).toBe(formatMicros(margin1, 6));
    expect(await text(sheet.getByTestId('sheet-fee'))).toBe(formatMicros(fee1, 6));
    expect(await text(page.getByTestId('summary-margin'))).toBe(formatMicros(margin1, 6));
    const sheetPrice = await text(sheet.getByTestId('sheet-price'));
    await expect.poll(() => text(sheet.getByTestId('sheet-price')), { timeout: 30_000 }).not.toBe(sheetPrice);

    // ---- 2. TP and SL: far levels first, then a TP just above the price, which fills by itself --
    const bidNow = async () => new TradingDecimal(await text(sheet.getByTestId('sheet-price')));
    await sheet.getByTestId('sl-enable').check();
    expect(await sheet.getByTestId('sl-input').inputValue()).toMatch(/^\d+\.\d{2}$/);
    const sl = (await bidNow()).times(0.8).toFixed(2);
    const farTp = (await bidNow()).times(1.2).toFixed(2);
    await sheet.getByTestId('sl-input').fill(sl);
    await sheet.getByTestId('tp-enable').check();
    await sheet.getByTestId('tp-input').fill(farTp);
    await sheet.getByTestId('order-set-stop').click();
    await toastSays(page, 'Take profit and stop loss updated');
    await expect.poll(() => text(sheet.getByTestId('sheet-tp'))).toBe(farTp);
    expect(await text(sheet.getByTestId('sheet-sl'))).toBe(sl);
    await settle(page);
    await screenshot(page, 'trading-05-tp-sl-set');

    let tp = '';
    for (let attempt = 0; attempt < 6 && (await sheet.isVisible()); attempt += 1) {
      tp = (await bidNow()).plus(2).toFixed(2);
      await sheet.getByTestId('tp-input').fill(tp);
      await sheet.getByTestId('order-set-stop').click();
      // Refused when the market already passed it: try again just above the new price.
      const accepted = await expect
        .poll(() => text(sheet.getByTestId('sheet-tp')), { timeout: 5_000 })
        .toBe(tp)
        .then(
          () => true,
          () => false,
        );
      if (!accepted) continue;
      await sheet.waitFor({ state: 'hidden', timeout: 40_000 }).catch(() => undefined);
    }
    // Closed by the server: the toast says why, the sheet closed and the row left Holding.
    await toastSays(page, 'take profit reached');
    expect(await sheet.isVisible()).toBe(false);
    await row1.waitFor({ state: 'detached' });
    await settle(page);
    await screenshot(page, 'trading-06-take-profit-filled');

    await page.getByTestId('orders-tab-history').click();
    await page.getByTestId(`order-row-${id1}`).click();
    await sheet.waitFor({ state: 'visible' });
    expect(await text(sheet.getByTestId('sheet-reason'))).toBe('take profit reached');
    const close1 = await text(sheet.getByTestId('sheet-price'));
    expect(new TradingDecimal(close1).gte(tp)).toBe(true);
    const pnl1 = pnlMicrosAt({
      side: 'buy',
      terms,
      lots: LOTS,
      openPrice: open1,
      closePrice: close1,
      quoteToUsd: 1,
    });
    expect(await text(sheet.getByTestId('sheet-pnl'))).toBe(signed(pnl1, 2));
    expect(await text(page.getByTestId('summary-profit'))).toBe(signed(pnl1, 2));
    await settle(page);
    await screenshot(page, 'trading-07-history');
    await sheet.getByTestId('order-sheet-dismiss').click();
    await sheet.waitFor({ state: 'hidden' });
    const booked: Booked[] = [
      { id: id1, openPrice: open1, marginMicros: margin1, feeMicros: fee1, pnlMicros: pnl1 },
    ];

    // ---- 3. a pending buy far below the market, then cancelled ----------------------------------
    await go(page, '/trade');
    await form.getByTestId('order-type-pending').click();
    const target = new TradingDecimal(await text(page.getByTestId('last-price'))).times(0.7).toFixed(2);
    await form.getByTestId('order-price').fill(target);
    const margin2 = expectedMargin(target);
    // A pending estimate is made at its own target, so it is exact.
    expect(await text(form.getByTestId('est-margin'))).toBe(formatMicros(margin2, 6));
    await form.getByTestId('order-buy').click();
    await success.waitFor({ state: 'visible' });
    expect(await text(success)).toContain('Pending order placed');
    await page.getByTestId('order-success-view').click();
    await page.waitForFunction(() => window.location.hash === '#/order');
    await page.getByTestId('orders-tab-pending').click();
    const pendingRow = page.getByTestId('order-list-0').locator('[data-testid^="order-row-"]').first();
    await pendingRow.waitFor({ state: 'visible' });
    const id2 = Number((await pendingRow.getAttribute('data-testid'))?.replace('order-row-', ''));
    await pendingRow.click();
    await sheet.waitFor({ state: 'visible' });
    expect(await text(sheet.getByTestId('sheet-open-price'))).toBe(target);
    expect(await text(sheet.getByTestId('sheet-margin'))).toBe(formatMicros(margin2, 6));
    await settle(page);
    await screenshot(page, 'trading-08-pending');
    await sheet.getByTestId('order-cancel').click();
    await confirmDialog(page);
    await toastSays(page, 'Order cancelled');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByTestId(`order-row-${id2}`).waitFor({ state: 'detached' });
    await settle(page);
    await screenshot(page, 'trading-09-pending-cancelled');

    // ---- 4. a losing trade closed by hand (a fresh buy is under water by the spread) ------------
    let loss: Booked | null = null;
    for (let attempt = 0; attempt < 3 && !loss; attempt += 1) {
      await go(page, '/trade');
      await form.getByTestId('order-type-market').click();
      await form.getByTestId('order-buy').click();
      await success.waitFor({ state: 'visible' });
      await page.getByTestId('order-success-view').click();
      await page.waitForFunction(() => window.location.hash === '#/order');
      await page.getByTestId('orders-tab-holding').click();
      const row = page.getByTestId('order-list-1').locator('[data-testid^="order-row-"]').first();
      await row.waitFor({ state: 'visible' });
      const id = Number((await row.getAttribute('data-testid'))?.replace('order-row-', ''));
      await row.click();
      await sheet.waitFor({ state: 'visible' });
      const openPrice = await text(sheet.getByTestId('sheet-open-price'));
      await expect.poll(() => text(sheet.getByTestId('sheet-pnl'))).toMatch(/^-/);
      await sheet.getByTestId('order-close').click();
      await confirmDialog(page);
      await toastSays(page, 'Position closed');
      await sheet.waitFor({ state: 'hidden' });
      await page.getByTestId('orders-tab-history').click();
      await page.getByTestId(`order-row-${id}`).click();
      await sheet.waitFor({ state: 'visible' });
      const closePrice = await text(sheet.getByTestId('sheet-price'));
      const margin = expectedMargin(openPrice);
      const pnl = pnlMicrosAt({ side: 'buy', terms, lots: LOTS, openPrice, closePrice, quoteToUsd: 1 });
      expect(await text(sheet.getByTestId('sheet-pnl'))).toBe(signed(pnl, 2));
      expect(await text(sheet.getByTestId('sheet-margin'))).toBe(formatMicros(margin, 6));
      const entry = { id, openPrice, marginMicros: margin, feeMicros: expectedFee(margin), pnlMicros: pnl };
      booked.push(entry);
      if (pnl < 0) {
        loss = entry;
        await settle(page);
        await screenshot(page, 'trading-10-loss-closed');
      }
      await sheet.getByTestId('order-sheet-dismiss').click();
      await sheet.waitFor({ state: 'hidden' });
    }
    expect(loss).not.toBeNull();

    // ---- 5. the ledger tells every step, to the micro-unit --------------------------------------
    await go(page, '/mine/history');
    const ledger = page.getByTestId('ledger-list');
    await ledger.waitFor({ state: 'visible' });
    const lines = async () =>
      ledger.locator('[data-testid^="ledger-row-"]').evaluateAll((rows) =>
        rows.map((r) => ({
          memo: r.querySelector('[data-testid="ledger-memo"]')?.textContent ?? '',
          number: r.querySelector('[data-testid="ledger-number"]')?.textContent ?? '',
        })),
      );
    const numberOf = async (memoStart: string, id: number) => {
      const found = (await lines()).filter((l) => l.memo.startsWith(memoStart) && l.memo.includes(`#${id})`));
      expect(found, `${memoStart} #${id}`).toHaveLength(1);
      return found[0]?.number;
    };
    await expect
      .poll(async () => (await lines()).length)
      .toBeGreaterThanOrEqual(1 + 4 + 2 + 4 * (booked.length - 1));
    for (const order of booked) {
      expect(await numberOf('Margin frozen', order.id)).toBe(signed(-order.marginMicros, 6));
      expect(await numberOf('Trading fee', order.id)).toBe(signed(-order.feeMicros, 6));
      expect(await numberOf('Margin released', order.id)).toBe(signed(order.marginMicros, 6));
      expect(await numberOf('Realised profit/loss', order.id)).toBe(signed(order.pnlMicros, 6));
    }
    expect(await numberOf('Margin frozen', id2)).toBe(signed(-margin2, 6));
    expect(await numberOf('Margin released', id2)).toBe(signed(margin2, 6));

    const start = toMicros('100000');
    const end = booked.reduce((sum, o) => sum - o.feeMicros + o.pnlMicros, start);
    await expect
      .poll(() => text(page.getByTestId('available-balance')))
      .toBe(groupThousands(formatMicros(end, 2)));
    expect(await text(page.getByTestId('frozen-balance'))).toBe('0.00');
    await quiet(page);
    await screenshot(page, 'trading-11-ledger');

    // ---- 6. the demo account is reset from the user page ---------------------------------------
    await go(page, '/user');
    await page.getByTestId('reset-demo').click();
    await confirmDialog(page);
    await toastSays(page, 'Demo account reset');
    await expect.poll(() => text(page.getByTestId('account-balance'))).toBe('100,000.00');
    await go(page, '/mine/history');
    await expect
      .poll(async () => (await lines())[0]?.memo)
      .toBe('Demo account reset to the starting balance');
    await expect.poll(async () => (await lines())[0]?.number).toBe(signed(start - end, 6));
    await expect.poll(() => text(page.getByTestId('available-balance'))).toBe('100,000.00');

    // ---- the same screens in Arabic, right to left ----------------------------------------------
    await page.goto(`${server.baseUrl}/?lang=ar#/trade`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await form.getByTestId('order-buy').waitFor({ state: 'visible' });
    await settle(page);
    await screenshot(page, 'trading-12-ar-order-form');
    await go(page, '/order');
    await page.getByTestId('orders-tab-history').click();
    await page.getByTestId(`order-row-${id1}`).waitFor({ state: 'visible' });
    await settle(page);
    await screenshot(page, 'trading-13-ar-orders');
    await go(page, '/mine/history');
    await page.getByTestId('ledger-list').waitFor({ state: 'visible' });
    await settle(page);
    await screenshot(page, 'trading-14-ar-ledger');
    await context.close();
  }, 300_000);
});
