// Purpose: the market catalogue (categories with their names, instruments with their trading terms) and chart candles.
import type { Kysely } from 'kysely';

// Prices, lots and rates are decimal strings in TEXT columns (never REAL), exactly as the API
// carries them; times are epoch seconds in BIGINT. The same DDL means the same on SQLite and
// PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category_names')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_names_pk', ['category_id', 'lang'])
    .execute();

  await db.schema
    .createTable('instruments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(24)', (c) => c.notNull().unique())
    .addColumn('show_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('min_lots', 'varchar(32)', (c) => c.notNull())
    .addColumn('lot_step', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_lots', 'varchar(32)', (c) => c.notNull())
    .addColumn('contract_size', 'integer', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(32)', (c) => c.notNull())
    .addColumn('fee_per_lot', 'varchar(32)', (c) => c.notNull())
    .addColumn('margin_mode', 'integer', (c) => c.notNull())
    // Comma-separated whole numbers, ascending ("5,10,20,30").
    .addColumn('retail_leverage', 'varchar(100)', (c) => c.notNull())
    .addColumn('pro_leverage', 'varchar(100)', (c) => c.notNull())
    .addColumn('base_price', 'varchar(32)', (c) => c.notNull())
    .addColumn('spread', 'varchar(32)', (c) => c.notNull())
    .addColumn('quote_currency', 'varchar(3)', (c) => c.notNull())
    // A model parameter (annualised σ of the log price), kept as text like every other number here.
    .addColumn('volatility', 'varchar(16)', (c) => c.notNull())
    .addColumn('schedule_id', 'varchar(16)', (c) => c.notNull())
    .execute();

  // One row per candle; the forming candle of each period is stored too (and rewritten until it
  // closes), so a restart continues the same candle and the same trading day.
  await db.schema
    .createTable('candles')
    .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'varchar(32)', (c) => c.notNull())
    .addColumn('high', 'varchar(32)', (c) => c.notNull())
    .addColumn('low', 'varchar(32)', (c) => c.notNull())
    .addColumn('close', 'varchar(32)', (c) => c.notNull())
    .addColumn('volume', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['instrument_id', 'period', 'time'])
    .execute();
}
