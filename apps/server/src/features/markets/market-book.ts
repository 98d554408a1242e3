/**
 * The market's live state, one slot per instrument: its catalogue entry, its quote, its candle
 * aggregator, its market-hours window and its USD conversion. The other market modules (quotes,
 * hours, candles, the tick path, leadership) each read and change their part of a slot; this module
 * only builds the slots at start and finds them by id or code.
 *
 * Public API: `MarketQuote`, `Slot`, `MarketBook` (load, instruments, instrument, require, slot,
 * find), `loadMarketBook(db, { nowMs, seed })`.
 */
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { type Candle, CandleAggregator, PERIODS, type Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import { type Conversion, conversionFor } from './conversion.js';
import { prepareMarket } from './market-startup.js';
import { listInstruments } from './markets.repository.js';
import { type ModelState, modelParams, quoteFromMid } from './model.js';
import { formatPrice } from './price.js';

export interface MarketQuote {
  bid: string;
  ask: string;
  /** Epoch ms of the tick that set it. */
  time: number;
}

export interface Slot {
  inst: Instrument;
  agg: CandleAggregator;
  quote: MarketQuote;
  status: 0 | 1;
  /** Cached open/closed window around the last instant asked about: Intl is too slow per tick. */
  window: { from: number; until: number; open: boolean };
  /** The last closed candle per period, kept until it is surely stored (kline reads it from here). */
  lastClosed: Partial<Record<Period, Candle>>;
  /** Ticked since the last forming-candle write. */
  dirty: boolean;
  /** Ticked since this node started (else storage may know a newer price: another node's). */
  live: boolean;
  conversion: Conversion;
}

export class MarketBook {
  private list: Slot[] = [];
  private readonly byId = new Map<number, Slot>();
  private readonly byCode = new Map<string, Slot>();

  /** Every slot, ordered by category then id. */
  get slots(): readonly Slot[] {
    return this.list;
  }

  /** Fills the book once, at init; the USD conversions link slots, so they are resolved here. */
  load(slots: Slot[]): void {
    this.list = slots;
    for (const s of slots) {
      this.byId.set(s.inst.id, s);
      this.byCode.set(s.inst.code, s);
    }
    for (const s of slots) s.conversion = conversionFor(s.inst, (c) => this.byCode.get(c));
  }

  instruments(): readonly Instrument[] {
    return this.list.map((s) => s.inst);
  }

  instrument(idOrCode: number | string): Instrument | undefined {
    return (typeof idOrCode === 'number' ? this.byId.get(idOrCode) : this.byCode.get(idOrCode))?.inst;
  }

  /** Throws `unknown_instrument` (404). */
  require(idOrCode: number | string): Instrument {
    const inst = this.instrument(idOrCode);
    if (!inst) throw new AppError('unknown_instrument');
    return inst;
  }

  /** Throws `unknown_instrument` (404). */
  slot(instrument: Instrument | string): Slot {
    const s = this.find(typeof instrument === 'string' ? instrument : instrument.code);
    if (!s) throw new AppError('unknown_instrument');
    return s;
  }

  find(code: string): Slot | undefined {
    return this.byCode.get(code);
  }
}

export interface LoadedMarket {
  slots: Slot[];
  /** The model state each instrument's feed starts at, by code. */
  states: Map<string, ModelState>;
  /** Instruments whose chart history this start generated, and how many candles it stored. */
  generated: number;
  storedCandles: number;
}

/**
 * Loads the catalogue (from the database, so an operator's edits apply), continues or generates the
 * candles (market-startup.ts), and builds one slot per instrument whose quote is the stored close.
 * Slot status and conversion are left for the caller (market hours) and `MarketBook.load`.
 */
export async function loadMarketBook(
  db: Db,
  options: { nowMs: number; seed: number; count?: number },
): Promise<LoadedMarket> {
  const instruments = (await listInstruments(db.kysely)).sort(
    (a, b) => a.categoryId - b.categoryId || a.id - b.id,
  );
  const { nowMs } = options;
  const prepared = await prepareMarket(db, instruments, options);
  const states = new Map<string, ModelState>();
  const slots: Slot[] = [];
  for (const inst of instruments) {
    const start = prepared.starts.get(inst.id);
    if (!start) continue;
    states.set(inst.code, start.state);
    const agg = new CandleAggregator({
      code: inst.code,
      precision: inst.pricePrecision,
      scheduleId: inst.scheduleId,
    });
    for (const period of PERIODS) {
      const candle = start.latest[period];
      if (candle) agg.seed(period, candle);
    }
    const q = quoteFromMid(modelParams(inst), start.state.logMid);
    slots.push({
      inst,
      agg,
      quote: {
        bid: formatPrice(q.bid, inst.pricePrecision),
        ask: formatPrice(q.ask, inst.pricePrecision),
        time: Math.floor(start.latest['1min'] ? start.latest['1min'].time * 1000 : nowMs),
      },
      status: 0,
      window: { from: 0, until: 0, open: false },
      lastClosed: {},
      dirty: false,
      live: false,
      conversion: { route: { kind: 'usd' }, pair: undefined },
    });
  }
  return { slots, states, generated: prepared.generated, storedCandles: prepared.storedCandles };
}
