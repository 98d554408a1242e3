/**
 * The built-in instrument catalogue: the rows a fresh install seeds, and the model parameters the
 * simulator and the history generator read. camelCase here; `payload.ts` maps to the spec's
 * capitalised API fields (ForexMinCont, ForexContNum, Pip, HasForexMultiple...).
 *
 * Leverage follows ESMA's retail caps (30:1 majors; 20:1 minors, gold and major indices; 10:1 other
 * commodities and minor indices; 2:1 crypto). `proLeverage` holds the higher options offered only
 * when an operator setting allows professional clients.
 *
 * Quantities that feed money maths (lots, fees, prices) are decimal strings; `volatility` is a model
 * parameter (annualised σ of log price), not money, so it is a plain number.
 *
 * Public API: `INSTRUMENTS`, `Instrument`, `instrumentByCode(code)`, `instrumentById(id)`,
 * `leverageOptions(instrument, allowPro)`.
 */
import type { ScheduleId } from './schedule.js';

export interface Instrument {
  id: number;
  code: string;
  showCode: string;
  /** Served by the web app from apps/web/public/logos/. */
  logo: string;
  categoryId: number;
  pricePrecision: number;
  /** ForexMinCont: the smallest order, in lots. */
  minLots: string;
  /** Pip in the spec: the lot step. */
  lotStep: string;
  maxLots: string;
  /** ForexContNum: units of the underlying per lot. */
  contractSize: number;
  /** ForexFeeRate when trade_fee_type ≠ 1: a fraction of the margin. */
  feeRate: string;
  /** ForexFeeRate when trade_fee_type = 1: USD per lot. */
  feePerLot: string;
  /** 1 fixed margin, 2 leverage-based. */
  marginMode: 1 | 2;
  retailLeverage: readonly number[];
  proLeverage: readonly number[];
  /** Where the model's price is anchored; a late-2026-ish level. */
  basePrice: string;
  /** Typical bid/ask spread in price units (the simulator's). */
  spread: string;
  /**
   * The dealing desk's minimum quoted spread in price units, '' for none: a feed quote narrower
   * than it is widened around its mid (market-ticks.ts).
   */
  dealerSpread: string;
  /** The dealing desk's switch: a disabled instrument is not listed and takes no new orders. */
  enabled: boolean;
  quoteCurrency: string;
  /** Annualised volatility of the log price (0.07 = 7 %). */
  volatility: number;
  scheduleId: ScheduleId;
}

interface Row {
  code: string;
  showCode?: string;
  base: string;
  spread: string;
  vol: number;
  quote?: string;
  precision?: number;
  maxLots?: string;
  contractSize?: number;
  /** Overrides the group's retail leverage (minor indices). */
  retail?: readonly number[];
  pro?: readonly number[];
}

interface Group {
  categoryId: number;
  scheduleId: ScheduleId;
  precision: number;
  contractSize: number;
  minLots: string;
  lotStep: string;
  maxLots: string;
  feeRate: string;
  feePerLot: string;
  retail: readonly number[];
  pro: readonly number[];
  rows: readonly Row[];
}

const fxShow = (code: string) => `${code.slice(0, 3)}/${code.slice(3)}`;

const GROUPS: readonly Group[] = [
  {
    categoryId: 1,
    scheduleId: 'forex',
    precision: 5,
    contractSize: 100_000,
    minLots: '0.01',
    lotStep: '0.01',
    maxLots: '50',
    feeRate: '0.001',
    feePerLot: '7',
    retail: [5, 10, 20, 30],
    pro: [50, 100, 200],
    rows: [
      { code: 'EURUSD', base: '1.16500', spread: '0.00008', vol: 0.07 },
      { code: 'GBPUSD', base: '1.33500', spread: '0.00012', vol: 0.08 },
      { code: 'USDJPY', base: '152.400', spread: '0.012', vol: 0.09, quote: 'JPY', precision: 3 },
      { code: 'USDCHF', base: '0.79500', spread: '0.00014', vol: 0.075, quote: 'CHF' },
      { code: 'AUDUSD', base: '0.65800', spread: '0.00012', vol: 0.095 },
      { code: 'USDCAD', base: '1.38500', spread: '0.00015', vol: 0.06, quote: 'CAD' },
      { code: 'NZDUSD', base: '0.57800', spread: '0.00016', vol: 0.1 },
    ],
  },
  {
    categoryId: 2,
    scheduleId: 'forex',
    precision: 5,
    contractSize: 100_000,
    minLots: '0.01',
    lotStep: '0.01',
    maxLots: '30',
    feeRate: '0.0012',
    feePerLot: '8',
    retail: [5, 10, 20],
    pro: [50, 100],
    rows: [
      { code: 'EURGBP', base: '0.87270', spread: '0.00015', vol: 0.055, quote: 'GBP' },
      { code: 'EURJPY', base: '177.550', spread: '0.020', vol: 0.09, quote: 'JPY', precision: 3 },
      { code: 'GBPJPY', base: '203.450', spread: '0.030', vol: 0.11, quote: 'JPY', precision: 3 },
      { code: 'EURCHF', base: '0.92620', spread: '0.00018', vol: 0.055, quote: 'CHF' },
      { code: 'AUDJPY', base: '100.280', spread: '0.020', vol: 0.12, quote: 'JPY', precision: 3 },
      { code: 'EURAUD', base: '1.77050', spread: '0.00025', vol: 0.085, quote: 'AUD' },
      { code: 'GBPCHF', base: '1.06130', spread: '0.00025', vol: 0.085, quote: 'CHF' },
      { code: 'CADJPY', base: '110.040', spread: '0.025', vol: 0.1, quote: 'JPY', precision: 3 },
      { code: 'AUDNZD', base: '1.13840', spread: '0.00025', vol: 0.06, quote: 'NZD' },
    ],
  },
  {
    categoryId: 3,
    scheduleId: 'metals',
    precision: 2,
    contractSize: 100,
    minLots: '0.01',
    lotStep: '0.01',
    maxLots: '20',
    feeRate: '0.001',
    feePerLot: '10',
    retail: [5, 10, 20],
    pro: [50, 100],
    rows: [
      { code: 'XAUUSD', showCode: 'Gold', base: '4150.00', spread: '0.25', vol: 0.16 },
      // Silver, platinum and palladium are "other commodities" for ESMA: 10:1.
      {
        code: 'XAGUSD',
        showCode: 'Silver',
        base: '51.500',
        spread: '0.025',
        vol: 0.28,
        precision: 3,
        contractSize: 5000,
        retail: [2, 5, 10],
        pro: [20, 50],
      },
      {
        code: 'XPTUSD',
        showCode: 'Platinum',
        base: '1580.00',
        spread: '2.00',
        vol: 0.25,
        contractSize: 50,
        retail: [2, 5, 10],
        pro: [20, 50],
      },
      {
        code: 'XPDUSD',
        showCode: 'Palladium',
        base: '1420.00',
        spread: '4.00',
        vol: 0.32,
        retail: [2, 5, 10],
        pro: [20, 50],
      },
    ],
  },
  {
    categoryId: 4,
    scheduleId: 'energy',
    precision: 2,
    contractSize: 1000,
    minLots: '0.01',
    lotStep: '0.01',
    maxLots: '50',
    feeRate: '0.001',
    feePerLot: '10',
    retail: [2, 5, 10],
    pro: [20, 50],
    rows: [
      { code: 'USOIL', showCode: 'WTI Crude', base: '61.50', spread: '0.03', vol: 0.35 },
      { code: 'UKOIL', showCode: 'Brent Crude', base: '65.20', spread: '0.03', vol: 0.32 },
      {
        code: 'NGAS',
        showCode: 'Natural Gas',
        base: '3.850',
        spread: '0.005',
        vol: 0.6,
        precision: 3,
        contractSize: 10_000,
      },
    ],
  },
  {
    categoryId: 5,
    scheduleId: 'indices',
    precision: 1,
    contractSize: 1,
    minLots: '0.1',
    lotStep: '0.1',
    maxLots: '100',
    feeRate: '0.001',
    feePerLot: '2',
    retail: [5, 10, 20],
    pro: [50, 100],
    rows: [
      { code: 'US30', showCode: 'Dow Jones 30', base: '47500.0', spread: '2.5', vol: 0.17 },
      { code: 'US500', showCode: 'S&P 500', base: '6850.0', spread: '0.5', vol: 0.18 },
      { code: 'NAS100', showCode: 'Nasdaq 100', base: '25400.0', spread: '1.5', vol: 0.22 },
      { code: 'GER40', showCode: 'DAX 40', base: '24300.0', spread: '1.2', vol: 0.18, quote: 'EUR' },
      { code: 'UK100', showCode: 'FTSE 100', base: '9750.0', spread: '1.0', vol: 0.14, quote: 'GBP' },
      {
        code: 'JPN225',
        showCode: 'Nikkei 225',
        base: '50500',
        spread: '10',
        vol: 0.2,
        quote: 'JPY',
        precision: 0,
        contractSize: 100,
      },
      { code: 'AUS200', showCode: 'ASX 200', base: '8900.0', spread: '1.5', vol: 0.15, quote: 'AUD' },
      // Hang Seng is not on ESMA's list of major indices: 10:1.
      {
        code: 'HK50',
        showCode: 'Hang Seng 50',
        base: '26000',
        spread: '8',
        vol: 0.24,
        quote: 'HKD',
        precision: 0,
        contractSize: 10,
        retail: [2, 5, 10],
        pro: [20, 50],
      },
    ],
  },
  {
    categoryId: 6,
    scheduleId: 'crypto',
    precision: 2,
    contractSize: 1,
    minLots: '0.01',
    lotStep: '0.01',
    maxLots: '100',
    feeRate: '0.002',
    feePerLot: '0.5',
    retail: [1, 2],
    pro: [5, 10],
    rows: [
      { code: 'BTCUSD', base: '98000.00', spread: '30.00', vol: 0.55, maxLots: '5' },
      { code: 'ETHUSD', base: '3600.00', spread: '2.00', vol: 0.7, maxLots: '100' },
      { code: 'SOLUSD', base: '185.00', spread: '0.15', vol: 0.85, maxLots: '2000' },
      { code: 'XRPUSD', base: '2.4500', spread: '0.0025', vol: 0.8, precision: 4, maxLots: '100000' },
      { code: 'LTCUSD', base: '95.00', spread: '0.15', vol: 0.75, maxLots: '5000' },
    ],
  },
];

function build(): Instrument[] {
  const out: Instrument[] = [];
  for (const g of GROUPS) {
    for (const r of g.rows) {
      const isForex = g.categoryId <= 2;
      const isCrypto = g.scheduleId === 'crypto';
      out.push({
        // Ids are positions in this list: append new instruments at the end of a group's rows only
        // before the first release; after that, ids must never change.
        id: out.length + 1,
        code: r.code,
        showCode: r.showCode ?? (isForex || isCrypto ? fxShow(r.code) : r.code),
        logo: `/logos/${r.code}.svg`,
        categoryId: g.categoryId,
        pricePrecision: r.precision ?? g.precision,
        minLots: g.minLots,
        lotStep: g.lotStep,
        maxLots: r.maxLots ?? g.maxLots,
        contractSize: r.contractSize ?? g.contractSize,
        feeRate: g.feeRate,
        feePerLot: g.feePerLot,
        marginMode: 2,
        retailLeverage: r.retail ?? g.retail,
        proLeverage: r.pro ?? g.pro,
        basePrice: r.base,
        spread: r.spread,
        dealerSpread: '',
        enabled: true,
        quoteCurrency: r.quote ?? 'USD',
        volatility: r.vol,
        scheduleId: g.scheduleId,
      });
    }
  }
  return out;
}

export const INSTRUMENTS: readonly Instrument[] = build();

const byCode = new Map(INSTRUMENTS.map((i) => [i.code, i]));
const byId = new Map(INSTRUMENTS.map((i) => [i.id, i]));

export function instrumentByCode(code: string): Instrument | undefined {
  return byCode.get(code);
}

export function instrumentById(id: number): Instrument | undefined {
  return byId.get(id);
}

/** The leverage list a client may choose from (HasForexMultiple), ascending. */
export function leverageOptions(instrument: Instrument, allowPro: boolean): number[] {
  return allowPro
    ? [...instrument.retailLeverage, ...instrument.proLeverage]
    : [...instrument.retailLeverage];
}
