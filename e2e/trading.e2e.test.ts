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
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
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

/**
 * Every wait below is for a condition (a toast, an element, a text), bounded only so that a hang
 * reads as a failure: a loaded machine makes things slower, never wrong. Nothing waits a fixed time.
 */
const WAIT = { timeout: 60_000 } as const;

/**
 * Records every toast the app shows, from the first script of every document on: a toast lives two
 * seconds, and a test that polls the screen for it can miss it on a loaded machine.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('.toast-text')) {
        if (el.dataset.recorded) continue;
        el.dataset.recorded = '1';
        seen.push(el.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts shown so far on this page (since its last full load). */
function toasts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __toasts?: string[] }).__toasts ?? [])]);
}

/** Waits until a toast shown after the `from`-th one contains `expected`. */
async function toastSays(page: Page, expected: string, from = 0): Promise<void> {
  await expect.poll(async () => (await toasts(page)).slice(from).join(' | '), WAIT).toContain(expected);
}

/** The amount as the UI prints it: sign, then fixed decimals. */
function signed(micros: number, places: number): string {
  const t = formatMicros(micros, places);
  return /^-?0\.0+$/.test(t) ? t.replace('-', '') : t.startsWith('-') ? t : `+${t}`;
}

/**
 * Popups and toasts animate in and out: waits until every overlay has stood still for three
 * consecutive animation frames, so a screenshot shows a still screen. (Frames, not milliseconds: a
 * slow machine gives slower frames, and the animation is over when they stop changing anything.)
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const overlays = '.adm-popup-body, .adm-center-popup-wrap, .adm-mask, .adm-toast-main';
        const snapshot = () =>
          [...document.querySelectorAll<HTMLElement>(overlays)]
            .map((el) => {
              const r = el.getBoundingClientRect();
              const style = getComputedStyle(el);
              return `${r.x},${r.y},${r.width},${r.height},${style.opacity},${style.transform}`;
            })
            .join('|');
        let last = snapshot();
        let still = 0;
        const frame = () => {
          const now = snapshot();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Waits until no toast or dialog covers the page. */
async function quiet(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.toast-text, .dialog-confirm'), undefined, WAIT);
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
  /** BTCUSD's spread: a fresh buy is under water by it (its bid is that far below the open ask). */
  let spread: InstanceType<typeof TradingDecimal>;

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
    spread = new TradingDecimal(btc.Spread);
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
    await recordToasts(context);
    const form = page.getByTestId('order-form');
    const sheet = page.getByTestId('order-sheet');

    // ---- a visitor on /trade: the form works, ordering asks for a login -------------------------
    await page.goto(`${server.baseUrl}/#/trade`);
    await page.getByTestId('instrument-selector').click();
    await page.getByTestId(`drawer-item-${CODE}`).click();
    await expect.poll(() => text(page.getByTestId('instrument-selector')), WAIT).toContain(CODE);
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
    await expect.poll(() => text(form.getByTestId('form-available')), WAIT).toBe('100,000.00');
    await form.getByTestId(`leverage-${LEVERAGE}`).click();
    await settle(page);
    await screenshot(page, 'trading-02-order-form');
    await expectAccessible(page, 'trading-02-order-form');

    // Sell shows the live bid and Buy the live ask, the spread between them, and the bar stays on
    // screen above the tab bar at 390×844 without scrolling.
    const sellPrice = form.getByTestId('sell-price');
    const buyPrice = form.getByTestId('buy-price');
    const quote = async () => ({
      bid: new TradingDecimal(await text(sellPrice)),
      ask: new TradingDecimal(await text(buyPrice)),
      spread: new TradingDecimal(await text(form.getByTestId('spread-value'))),
    });
    const firstQuote = await quote();
    expect(await text(sellPrice)).toMatch(/^\d+\.\d{2}$/);
    expect(firstQuote.ask.gt(firstQuote.bid)).toBe(true);
    const firstBid = await text(sellPrice);
    await expect.poll(() => text(sellPrice), WAIT).not.toBe(firstBid);
    await expect
      .poll(async () => {
        const q = await quote();
        return q.ask.minus(q.bid).eq(q.spread);
      }, WAIT)
      .toBe(true);
    const bar = await form.getByTestId('order-buy').boundingBox();
    const tabs = await page.getByTestId('tabbar').boundingBox();
    expect(bar && tabs && bar.y > 0 && bar.y + bar.height <= tabs.y).toBe(true);

    // ---- 1. buy at the market after the confirm sheet; the success popup leads to /order --------
    await form.getByTestId('order-buy').click();
    const confirmSheet = page.getByTestId('order-confirm');
    await confirmSheet.waitFor({ state: 'visible' });
    expect(await text(confirmSheet.getByTestId('confirm-summary'))).toBe(`${LOTS} lots · BTC/USD`);
    expect(await text(confirmSheet.getByTestId('confirm-price'))).toMatch(/^\d+\.\d{2}$/);
    await settle(page);
    await screenshot(page, 'trading-03a-confirm');
    await confirmSheet.getByTestId('order-confirm-place').click();
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
    await expect.poll(() => text(row1.getByTestId('row-price')), WAIT).not.toBe(firstPrice);
    await expect.poll(() => text(page.getByTestId('risk-rate')), WAIT).toMatch(/^\d+\.\d{2}%$/);
    // Money at 2 decimals everywhere but the order form's estimate lines.
    expect(await text(page.getByTestId('summary-margin'))).toMatch(/^[\d,]+\.\d{2}$/);
    expect(await text(page.getByTestId('summary-free-margin'))).toMatch(/^[\d,]+\.\d{2}$/);
    expect(await text(page.getByTestId('summary-equity'))).toMatch(/^[\d,]+\.\d{2}$/);
    await settle(page);
    await screenshot(page, 'trading-04-holding-live');
    await expectAccessible(page, 'trading-04-holding-live');

    // The detail sheet: margin and fee booked to the micro-unit as packages/trading computes them.
    await row1.click();
    await sheet.waitFor({ state: 'visible' });
    const open1 = await text(sheet.getByTestId('sheet-open-price'));
    const margin1 = expectedMargin(open1);
    const fee1 = expectedFee(margin1);
    expect(await text(sheet.getByTestId('sheet-margin'))).toBe(groupThousands(formatMicros(margin1, 2)));
    expect(await text(sheet.getByTestId('sheet-fee'))).toBe(groupThousands(formatMicros(fee1, 2)));
    await expect
      .poll(() => text(page.getByTestId('summary-margin')), WAIT)
      .toBe(groupThousands(formatMicros(margin1, 2)));
    const sheetPrice = await text(sheet.getByTestId('sheet-price'));
    await expect.poll(() => text(sheet.getByTestId('sheet-price')), WAIT).not.toBe(sheetPrice);

    // ---- 2. TP and SL: far levels first, then a TP just above the price, which fills by itself --
    const bidNow = async () => new TradingDecimal(await text(sheet.getByTestId('sheet-price')));
    await sheet.getByTestId('sl-enable').check();
    expect(await sheet.getByTestId('sl-input').inputValue()).toMatch(/^\d+\.\d{2}$/);
    const sl = (await bidNow()).times(0.8).toFixed(2);
    const farTp = (await bidNow()).times(1.2).toFixed(2);
    await sheet.getByTestId('sl-input').fill(sl);
    await sheet.getByTestId('tp-enable').check();
    await sheet.getByTestId('tp-input').fill(farTp);
    const beforeStops = (await toasts(page)).length;
    await sheet.getByTestId('order-set-stop').click();
    await toastSays(page, 'Take profit and stop loss updated', beforeStops);
    await expect.poll(() => text(sheet.getByTestId('sheet-tp')), WAIT).toBe(farTp);
    expect(await text(sheet.getByTestId('sheet-sl'))).toBe(sl);
    await settle(page);
    await screenshot(page, 'trading-05-tp-sl-set');

    // A take-profit one tick (0.01) above the bid: the next rise closes the position. Each attempt
    // waits for the server's answer (a toast, recorded even if it is gone by the time we look):
    // refused when the market had already passed it, then set again above the new price.
    const reached = async () => (await toasts(page)).some((t) => t.includes('take profit reached'));
    let tp = '';
    for (let attempt = 0; attempt < 20 && !(await reached()); attempt += 1) {
      const from = (await toasts(page)).length;
      try {
        tp = (await bidNow()).plus('0.01').toFixed(2);
        await sheet.getByTestId('tp-input').fill(tp);
        await sheet.getByTestId('order-set-stop').click();
      } catch (error) {
        // The level set before filled meanwhile (the market came back up to it): the position
        // closed and took the sheet with it. Anything else is a failure.
        await expect
          .poll(reached, WAIT)
          .toBe(true)
          .catch(() => {
            throw error;
          });
        break;
      }
      await expect.poll(async () => (await toasts(page)).length, WAIT).toBeGreaterThan(from);
      const answer = (await toasts(page)).slice(from).join(' | ');
      if (!/updated|take profit reached/.test(answer)) continue;
      // Accepted: a random walk rises by one tick soon. If it fell away instead (5 USD below the
      // level), set it again at the new price rather than wait for it to come back.
      const level = new TradingDecimal(tp);
      const fellAway = async () => {
        try {
          return (await bidNow()).lt(level.minus(5));
        } catch {
          return false; // the sheet closed as the position did
        }
      };
      await expect
        .poll(async () => (await reached()) || (await fellAway()), WAIT)
        .toBe(true)
        .catch(() => undefined);
    }
    // Closed by the server: the toast said why, the sheet closed and the row left Holding.
    await toastSays(page, 'take profit reached');
    await sheet.waitFor({ state: 'hidden' });
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
    await expect.poll(() => text(page.getByTestId('summary-profit')), WAIT).toBe(signed(pnl1, 2));
    await settle(page);
    await screenshot(page, 'trading-07-history');
    await expectAccessible(page, 'trading-07-history');
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
    await expect.poll(() => text(form.getByTestId('est-margin')), WAIT).toBe(formatMicros(margin2, 6));
    await form.getByTestId('order-buy').click();
    await confirmSheet.getByTestId('order-confirm-place').click();
    await success.waitFor({ state: 'visible' });
    expect(await text(success)).toContain('Pending order placed');
    expect(await text(success)).toContain(`Buy ${LOTS} lots of BTC/USD`);
    await page.getByTestId('order-success-view').click();
    await page.waitForFunction(() => window.location.hash === '#/order');
    await page.getByTestId('orders-tab-pending').click();
    const pendingRow = page.getByTestId('order-list-0').locator('[data-testid^="order-row-"]').first();
    await pendingRow.waitFor({ state: 'visible' });
    // Its current price is the live ask (DAY_MARKET): it moves while the tab is open.
    const pendingPrice = await text(pendingRow.getByTestId('row-price'));
    await expect.poll(() => text(pendingRow.getByTestId('row-price')), WAIT).not.toBe(pendingPrice);
    const id2 = Number((await pendingRow.getAttribute('data-testid'))?.replace('order-row-', ''));
    await pendingRow.click();
    await sheet.waitFor({ state: 'visible' });
    expect(await text(sheet.getByTestId('sheet-open-price'))).toBe(target);
    expect(await text(sheet.getByTestId('sheet-margin'))).toBe(groupThousands(formatMicros(margin2, 2)));
    await settle(page);
    await screenshot(page, 'trading-08-pending');
    const beforeCancel = (await toasts(page)).length;
    await sheet.getByTestId('order-cancel').click();
    await confirmDialog(page);
    await toastSays(page, 'Order cancelled', beforeCancel);
    await sheet.waitFor({ state: 'hidden' });
    await page.getByTestId(`order-row-${id2}`).waitFor({ state: 'detached' });
    await settle(page);
    await screenshot(page, 'trading-09-pending-cancelled');

    // ---- 4. a losing trade closed by hand (a fresh buy is under water by the spread) ------------
    // One-tap trading from here on: a tap on Buy places the order, with no confirm sheet.
    await go(page, '/trade');
    await form.getByTestId('one-tap').check();
    // The close is confirmed when the bid stands a whole spread below the open price (with the
    // confirmation already on screen, so only the request's own latency is left for the price to
    // climb back by that much). Should the market run away upwards, the position is closed anyway
    // (its P&L is checked all the same) and another one tried.
    let loss: Booked | null = null;
    for (let attempt = 0; attempt < 3 && !loss; attempt += 1) {
      await go(page, '/trade');
      await form.getByTestId('order-type-market').click();
      await form.getByTestId('order-buy').click();
      expect(await confirmSheet.isVisible()).toBe(false);
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
      const underWater = async () =>
        new TradingDecimal(await text(sheet.getByTestId('sheet-price'))).lte(
          new TradingDecimal(openPrice).minus(spread),
        );
      const beforeClose = (await toasts(page)).length;
      await sheet.getByTestId('order-close').click();
      const confirm = page.locator('.dialog-confirm').last();
      await confirm.waitFor({ state: 'visible' });
      await expect
        .poll(underWater, WAIT)
        .toBe(true)
        .catch(() => undefined);
      await confirm.click();
      await toastSays(page, 'Position closed', beforeClose);
      await sheet.waitFor({ state: 'hidden' });
      await page.getByTestId('orders-tab-history').click();
      await page.getByTestId(`order-row-${id}`).click();
      await sheet.waitFor({ state: 'visible' });
      const closePrice = await text(sheet.getByTestId('sheet-price'));
      const margin = expectedMargin(openPrice);
      const pnl = pnlMicrosAt({ side: 'buy', terms, lots: LOTS, openPrice, closePrice, quoteToUsd: 1 });
      await expect.poll(() => text(sheet.getByTestId('sheet-pnl')), WAIT).toBe(signed(pnl, 2));
      expect(await text(sheet.getByTestId('sheet-margin'))).toBe(groupThousands(formatMicros(margin, 2)));
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
      .poll(async () => (await lines()).length, WAIT)
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
      .poll(() => text(page.getByTestId('available-balance')), WAIT)
      .toBe(groupThousands(formatMicros(end, 2)));
    await expect.poll(() => text(page.getByTestId('frozen-balance')), WAIT).toBe('0.00');
    await quiet(page);
    await screenshot(page, 'trading-11-ledger');
    await expectAccessible(page, 'trading-11-ledger');

    // ---- 6. the demo account is reset from the user page ---------------------------------------
    await go(page, '/user');
    const beforeReset = (await toasts(page)).length;
    await page.getByTestId('reset-demo').click();
    await confirmDialog(page);
    await toastSays(page, 'Demo account reset', beforeReset);
    await expect.poll(() => text(page.getByTestId('account-balance')), WAIT).toBe('100,000.00');
    await go(page, '/mine/history');
    await expect
      .poll(async () => (await lines())[0]?.memo, WAIT)
      .toBe('Demo account reset to the starting balance');
    await expect.poll(async () => (await lines())[0]?.number, WAIT).toBe(signed(start - end, 6));
    await expect.poll(() => text(page.getByTestId('available-balance')), WAIT).toBe('100,000.00');

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
    await expectAccessible(page, 'trading-13-ar-orders');
    await go(page, '/mine/history');
    await page.getByTestId('ledger-list').waitFor({ state: 'visible' });
    await settle(page);
    await screenshot(page, 'trading-14-ar-ledger');
    await context.close();
  }, 300_000);
});
