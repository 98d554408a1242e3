/**
 * The catalogue and its live quotes as trading and the payloads read them: the quote and day figures
 * of an instrument, its USD conversion, and its trading terms under the operator's settings.
 *
 * Public API: `TradingSettings`, `MarketQuotes` (quote, dayQuote, state, quoteToUsd,
 * tradingSettings, terms).
 */
import type { InstrumentTerms } from '@meridian/trading';
import type { Decimal } from 'decimal.js';
import type { Db } from '../../db/database.js';
import { readSettings } from '../settings/index.js';
import type { DayQuote } from './candles.js';
import { type Instrument, leverageOptions } from './catalogue.js';
import { rateToUsd } from './conversion.js';
import type { MarketBook, MarketQuote } from './market-book.js';
import type { InstrumentState } from './payload.js';

export interface TradingSettings {
  /** Operator setting allow_pro_leverage = 1: the professional leverage options are offered too. */
  allowProLeverage: boolean;
  /** trade_fee_type: 1 = USD per lot, otherwise a fraction of the margin. */
  tradeFeeType: number;
}

export class MarketQuotes {
  constructor(
    private readonly book: MarketBook,
    private readonly db: Db,
  ) {}

  quote(instrument: Instrument | string): MarketQuote {
    return { ...this.book.slot(instrument).quote };
  }

  dayQuote(instrument: Instrument | string): DayQuote | undefined {
    return this.book.slot(instrument).agg.dayQuote();
  }

  /** Everything a payload needs about one instrument right now. */
  state(instrument: Instrument | string): InstrumentState {
    const s = this.book.slot(instrument);
    return {
      instrument: s.inst,
      quote: { code: s.inst.code, ...s.quote },
      day: s.agg.dayQuote(),
      marketStatus: s.status,
    };
  }

  /**
   * USD per unit of the instrument's quote currency, from the live price of the catalogue pair
   * linking that currency to USD (EURGBP → GBPUSD; USDJPY → 1 / USDJPY), at its mid price.
   */
  quoteToUsd(instrument: Instrument | string): Decimal {
    return rateToUsd(this.book.slot(instrument).conversion);
  }

  async tradingSettings(): Promise<TradingSettings> {
    const s = await readSettings(this.db.kysely, ['allow_pro_leverage', 'trade_fee_type']);
    const feeType = Number.parseInt(s.get('trade_fee_type') ?? '1', 10);
    return {
      allowProLeverage: s.get('allow_pro_leverage') === '1',
      tradeFeeType: Number.isFinite(feeType) ? feeType : 1,
    };
  }

  /** The instrument's terms for packages/trading, with the given (or current) operator settings. */
  async terms(instrument: Instrument | string, settings?: TradingSettings): Promise<InstrumentTerms> {
    const inst = this.book.slot(instrument).inst;
    const s = settings ?? (await this.tradingSettings());
    return {
      contractSize: inst.contractSize,
      minLots: inst.minLots,
      lotStep: inst.lotStep,
      maxLots: inst.maxLots,
      marginMode: inst.marginMode,
      feeRate: s.tradeFeeType === 1 ? inst.feePerLot : inst.feeRate,
      pricePrecision: inst.pricePrecision,
      leverageOptions: leverageOptions(inst, s.allowProLeverage),
    };
  }
}
