import { floatingPnlMicros, type InstrumentTerms, pnlMicrosAt, type Side } from '@meridian/trading';
import type { Instrument, MarketQuote, MarketService, TradingSettings } from '../markets/index.js';
import type { SettingsService } from '../settings/index.js';
import type { OrderRecord } from './model.js';

export interface RiskSettings extends TradingSettings {
  marginCallPct: number;
  stopOutPct: number;
  demoStartMicros: number;
  /** The band of typed prices around the current mid, percent (see validation.ts). */
  priceBandPct: number;
  maxOpenPositions: number;
  maxPendingOrders: number;
  orderRatePerMinute: number;
}

/** Settings are read on every order; a short cache keeps them off the hot path, edits apply within it. */
const SETTINGS_TTL_MS = 1000;
/** Realised P&Ls kept (Pricing.pnlAt): past it they are forgotten at once. */
const PNLS_KEPT = 1024;

/**
 * What booking needs from the market: instruments, quotes, USD conversion, the instrument terms
 * under the current operator settings. One place, so the service and the worker price alike.
 */
export class Pricing {
  private cached: { at: number; value: Promise<RiskSettings> } | undefined;
  private readonly termsCache = new Map<string, { settings: RiskSettings; terms: InstrumentTerms }>();
  private readonly pnls = new Map<string, number>();

  constructor(
    readonly markets: MarketService,
    private readonly settings: SettingsService,
  ) {}

  /** Forgets the cached settings (an operator edit, a test) so the next read sees the table. */
  refreshSettings(): void {
    this.cached = undefined;
  }

  settingsNow(): Promise<RiskSettings> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > SETTINGS_TTL_MS) {
      const value = this.load();
      this.cached = { at: now, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  private async load(): Promise<RiskSettings> {
    const [trading, s] = await Promise.all([
      this.markets.tradingSettings(),
      this.settings.get([
        'margin_call_level',
        'stop_out_level',
        'demo_start_balance_micros',
        'price_band_pct',
        'max_open_positions',
        'max_pending_orders',
        'order_rate_per_minute',
      ]),
    ]);
    return {
      ...trading,
      marginCallPct: Number(s.margin_call_level) || 100,
      stopOutPct: Number(s.stop_out_level) || 50,
      demoStartMicros: Number.parseInt(s.demo_start_balance_micros, 10) || 0,
      priceBandPct: positive(s.price_band_pct, 50),
      maxOpenPositions: positive(s.max_open_positions, 200),
      maxPendingOrders: positive(s.max_pending_orders, 100),
      orderRatePerMinute: positive(s.order_rate_per_minute, 60),
    };
  }

  async terms(inst: Instrument): Promise<{ settings: RiskSettings; terms: InstrumentTerms }> {
    const settings = await this.settingsNow();
    const hit = this.termsCache.get(inst.code);
    if (hit && hit.settings === settings) return hit;
    const entry = { settings, terms: await this.markets.terms(inst, settings) };
    this.termsCache.set(inst.code, entry);
    return entry;
  }

  instrument(id: number): Instrument {
    return this.markets.requireInstrument(id);
  }

  quote(inst: Instrument): MarketQuote {
    return this.markets.quote(inst);
  }

  /** Floating P&L of a holding order at the current quote, micros. */
  floating(order: OrderRecord, inst: Instrument, quote: MarketQuote = this.quote(inst)): number {
    if (order.openPrice === null) return 0;
    return floatingPnlMicros({
      side: order.side,
      terms: { contractSize: inst.contractSize },
      lots: order.lots,
      openPrice: order.openPrice,
      quote,
      quoteToUsd: this.markets.quoteToUsd(inst),
    });
  }

  /** Realised P&L of closing `order` at `closePrice`, micros. */
  pnlAt(order: OrderRecord, inst: Instrument, closePrice: string): number {
    if (order.openPrice === null) return 0;
    const quoteToUsd = this.markets.quoteToUsd(inst);
    // Remembered by everything that decides it: a provider's close closes thousands of copies of
    // a few volumes opened at a few prices, each P&L 2-3 µs of decimal work.
    const key = `${inst.contractSize} ${order.side} ${order.lots} ${order.openPrice} ${closePrice} ${quoteToUsd.toString()}`;
    const known = this.pnls.get(key);
    if (known !== undefined) return known;
    const pnl = pnlMicrosAt({
      side: order.side,
      terms: { contractSize: inst.contractSize },
      lots: order.lots,
      openPrice: order.openPrice,
      closePrice,
      quoteToUsd,
    });
    if (this.pnls.size >= PNLS_KEPT) this.pnls.clear();
    this.pnls.set(key, pnl);
    return pnl;
  }
}

/** Settings are edited by hand: a value that is not a positive number reads as its default. */
function positive(text: string, fallback: number): number {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function closingPriceOf(side: Side, quote: Pick<MarketQuote, 'bid' | 'ask'>): string {
  return side === 'buy' ? quote.bid : quote.ask;
}

export function openingPriceOf(side: Side, quote: Pick<MarketQuote, 'bid' | 'ask'>): string {
  return side === 'buy' ? quote.ask : quote.bid;
}
