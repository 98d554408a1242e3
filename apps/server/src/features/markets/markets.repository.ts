/**
 * The only SQL of the markets feature: catalogue rows and candles. snake_case rows are mapped to the
 * core's camelCase types here and nowhere else.
 */
import type { Lang } from '@meridian/contract';
import { type Generated, type Kysely, type Selectable, sql } from 'kysely';
import type { DialectName, Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Candle, Period } from './candles.js';
import type { Instrument } from './catalogue.js';
import type { Category } from './categories.js';
import { isScheduleId } from './schedule.js';

declare module '../../db/schema.js' {
  interface Database {
    categories: CategoriesTable;
    category_names: CategoryNamesTable;
    instruments: InstrumentsTable;
    candles: CandlesTable;
  }
}

export interface CategoriesTable {
  id: number;
  key: string;
  sort_order: number;
}

export interface CategoryNamesTable {
  category_id: number;
  lang: string;
  name: string;
}

export interface InstrumentsTable {
  id: number;
  code: string;
  show_code: string;
  logo: string;
  category_id: number;
  price_precision: number;
  min_lots: string;
  lot_step: string;
  max_lots: string;
  contract_size: number;
  fee_rate: string;
  fee_per_lot: string;
  margin_mode: number;
  retail_leverage: string;
  pro_leverage: string;
  base_price: string;
  spread: string;
  quote_currency: string;
  volatility: string;
  schedule_id: string;
  /** Migration 0013: the dealing desk's switch and minimum spread. */
  enabled: Generated<number>;
  dealer_spread: Generated<string>;
}

export interface CandlesTable {
  instrument_id: number;
  period: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

type Executor = Kysely<Database> | Tx;

/** A category as stored: its names by language (an operator may have edited or removed some). */
export interface CategoryRow {
  id: number;
  sortOrder: number;
  names: Partial<Record<Lang, string>>;
}

export interface StoredCandle {
  instrumentId: number;
  period: Period;
  candle: Candle;
}

/** 8 columns × 4,000 rows stays below the 32,766 bound variables SQLite allows per statement (PostgreSQL: 65,535). */
const BATCH_ROWS = 4000;

export async function insertMissingCategories(db: Executor, categories: readonly Category[]): Promise<void> {
  if (categories.length === 0) return;
  await db
    .insertInto('categories')
    .values(categories.map((c, i) => ({ id: c.id, key: c.key, sort_order: i + 1 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const names = categories.flatMap((c) =>
    Object.entries(c.names).map(([lang, name]) => ({ category_id: c.id, lang, name })),
  );
  for (let i = 0; i < names.length; i += BATCH_ROWS) {
    await db
      .insertInto('category_names')
      .values(names.slice(i, i + BATCH_ROWS))
      .onConflict((oc) => oc.columns(['category_id', 'lang']).doNothing())
      .execute();
  }
}

export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  const [categories, names] = await Promise.all([
    db.selectFrom('categories').select(['id', 'sort_order']).execute(),
    db.selectFrom('category_names').select(['category_id', 'lang', 'name']).execute(),
  ]);
  const byId = new Map<number, CategoryRow>(
    categories.map((c) => [c.id, { id: c.id, sortOrder: c.sort_order, names: {} }]),
  );
  for (const n of names) {
    const row = byId.get(n.category_id);
    if (row) row.names[n.lang as Lang] = n.name;
  }
  // Sorted here, not in SQL, so both dialects agree.
  return [...byId.values()].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

export async function insertMissingInstruments(
  db: Executor,
  instruments: readonly Instrument[],
): Promise<void> {
  if (instruments.length === 0) return;
  await db
    .insertInto('instruments')
    .values(instruments.map(toInstrumentRow))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function listInstruments(db: Executor): Promise<Instrument[]> {
  const rows = await db.selectFrom('instruments').selectAll().orderBy('id').execute();
  return rows.map(fromInstrumentRow);
}

/** One instrument as stored now (a dealing change reloads it on every node). */
export async function selectInstrument(db: Executor, id: number): Promise<Instrument | undefined> {
  const row = await db.selectFrom('instruments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromInstrumentRow(row) : undefined;
}

/** The dealing desk's editable terms, as stored. */
export interface InstrumentTermsChange {
  enabled?: boolean;
  dealerSpread?: string;
  minLots?: string;
  lotStep?: string;
  maxLots?: string;
  feeRate?: string;
  feePerLot?: string;
  marginMode?: 1 | 2;
  retailLeverage?: readonly number[];
  proLeverage?: readonly number[];
  scheduleId?: string;
}

export async function updateInstrumentTerms(
  db: Executor,
  id: number,
  c: InstrumentTermsChange,
): Promise<void> {
  const values: Record<string, string | number> = {};
  if (c.enabled !== undefined) values.enabled = c.enabled ? 1 : 0;
  if (c.dealerSpread !== undefined) values.dealer_spread = c.dealerSpread;
  if (c.minLots !== undefined) values.min_lots = c.minLots;
  if (c.lotStep !== undefined) values.lot_step = c.lotStep;
  if (c.maxLots !== undefined) values.max_lots = c.maxLots;
  if (c.feeRate !== undefined) values.fee_rate = c.feeRate;
  if (c.feePerLot !== undefined) values.fee_per_lot = c.feePerLot;
  if (c.marginMode !== undefined) values.margin_mode = c.marginMode;
  if (c.retailLeverage !== undefined) values.retail_leverage = c.retailLeverage.join(',');
  if (c.proLeverage !== undefined) values.pro_leverage = c.proLeverage.join(',');
  if (c.scheduleId !== undefined) values.schedule_id = c.scheduleId;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('instruments').set(values).where('id', '=', id).execute();
}

function toInstrumentRow(i: Instrument): Omit<InstrumentsTable, 'enabled' | 'dealer_spread'> {
  return {
    id: i.id,
    code: i.code,
    show_code: i.showCode,
    logo: i.logo,
    category_id: i.categoryId,
    price_precision: i.pricePrecision,
    min_lots: i.minLots,
    lot_step: i.lotStep,
    max_lots: i.maxLots,
    contract_size: i.contractSize,
    fee_rate: i.feeRate,
    fee_per_lot: i.feePerLot,
    margin_mode: i.marginMode,
    retail_leverage: i.retailLeverage.join(','),
    pro_leverage: i.proLeverage.join(','),
    base_price: i.basePrice,
    spread: i.spread,
    quote_currency: i.quoteCurrency,
    volatility: String(i.volatility),
    schedule_id: i.scheduleId,
  };
}

/** Rows are edited by operators: a value the app cannot use stops the start with the row named. */
function fromInstrumentRow(r: Selectable<InstrumentsTable>): Instrument {
  const bad = (field: string) => new Error(`instruments row ${r.id} (${r.code}): invalid ${field}`);
  if (!isScheduleId(r.schedule_id)) throw bad('schedule_id');
  if (r.margin_mode !== 1 && r.margin_mode !== 2) throw bad('margin_mode');
  const volatility = Number(r.volatility);
  if (!(volatility > 0)) throw bad('volatility');
  return {
    id: r.id,
    code: r.code,
    showCode: r.show_code,
    logo: r.logo,
    categoryId: r.category_id,
    pricePrecision: r.price_precision,
    minLots: r.min_lots,
    lotStep: r.lot_step,
    maxLots: r.max_lots,
    contractSize: r.contract_size,
    feeRate: r.fee_rate,
    feePerLot: r.fee_per_lot,
    marginMode: r.margin_mode,
    retailLeverage: parseLeverage(r.retail_leverage, bad),
    proLeverage: parseLeverage(r.pro_leverage, bad),
    basePrice: r.base_price,
    spread: r.spread,
    dealerSpread: r.dealer_spread ?? '',
    enabled: Number(r.enabled ?? 1) === 1,
    quoteCurrency: r.quote_currency,
    volatility,
    scheduleId: r.schedule_id,
  };
}

function parseLeverage(text: string, bad: (field: string) => Error): number[] {
  if (text.trim() === '') return [];
  const values = text.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0)) throw bad('leverage');
  return values;
}

export async function hasCandles(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('candles').select('instrument_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes candles in batches. `upsert` rewrites a candle already stored (the forming candle, and its
 * final version when it closes); `ignore` keeps what is there (history inserted on first start).
 */
export async function writeCandles(
  db: Executor,
  candles: readonly StoredCandle[],
  mode: 'upsert' | 'ignore',
): Promise<void> {
  for (let i = 0; i < candles.length; i += BATCH_ROWS) {
    const rows = candles.slice(i, i + BATCH_ROWS).map(toCandleRow);
    await db
      .insertInto('candles')
      .values(rows)
      .onConflict((oc) => {
        const target = oc.columns(['instrument_id', 'period', 'time']);
        return mode === 'ignore'
          ? target.doNothing()
          : target.doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'),
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
            }));
      })
      .execute();
  }
}

/**
 * First-start history (~200,000 rows): on PostgreSQL one `unnest` insert per 20,000 rows, which is
 * several times faster than multi-row VALUES there; SQLite takes the batched VALUES path.
 */
export async function insertHistory(
  db: Executor,
  dialect: DialectName,
  candles: readonly StoredCandle[],
): Promise<void> {
  if (dialect !== 'postgres') {
    await writeCandles(db, candles, 'ignore');
    return;
  }
  const CHUNK = 20_000;
  for (let i = 0; i < candles.length; i += CHUNK) {
    const rows = candles.slice(i, i + CHUNK).map(toCandleRow);
    const col = <K extends keyof CandlesTable>(k: K) => rows.map((r) => r[k]);
    await sql`
      insert into candles (instrument_id, period, time, open, high, low, close, volume)
      select * from unnest(
        ${col('instrument_id')}::integer[], ${col('period')}::varchar[], ${col('time')}::bigint[],
        ${col('open')}::varchar[], ${col('high')}::varchar[], ${col('low')}::varchar[],
        ${col('close')}::varchar[], ${col('volume')}::integer[])
      on conflict (instrument_id, period, time) do nothing`.execute(db);
  }
}

function toCandleRow(s: StoredCandle): CandlesTable {
  const c = s.candle;
  return {
    instrument_id: s.instrumentId,
    period: s.period,
    time: c.time,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
  };
}

function fromCandleRow(r: CandlesTable): Candle {
  return {
    time: Number(r.time),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: Number(r.volume),
  };
}

/** The newest stored candle of every instrument and period: where a restart continues from. */
export async function latestCandles(db: Executor): Promise<StoredCandle[]> {
  const rows = await db
    .selectFrom('candles as c')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('candles')
          .select(['instrument_id', 'period', sql<number>`max(time)`.as('time')])
          .groupBy(['instrument_id', 'period'])
          .as('m'),
      (join) =>
        join
          .onRef('m.instrument_id', '=', 'c.instrument_id')
          .onRef('m.period', '=', 'c.period')
          .onRef('m.time', '=', 'c.time'),
    )
    .selectAll('c')
    .execute();
  return rows.map((r) => ({
    instrumentId: r.instrument_id,
    period: r.period as Period,
    candle: fromCandleRow(r),
  }));
}

/** Up to `limit` candles starting before `beforeTime` (epoch seconds, exclusive), oldest first. */
export async function candlesBefore(
  db: Executor,
  instrumentId: number,
  period: Period,
  beforeTime: number,
  limit: number,
): Promise<Candle[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('candles')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', period)
    .where('time', '<', beforeTime)
    .orderBy('time', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(fromCandleRow);
}
