import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: DialectName;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database (no password). */
  readonly location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

const PG_INT8 = 20;

/**
 * BIGINT (int8) parses to a JS number. Money is in micro-units, so Number.MAX_SAFE_INTEGER is
 * ~9 billion USD: far beyond any balance here, and numbers keep arithmetic and JSON simple. A
 * value past the safe range throws instead of silently losing digits. better-sqlite3 returns
 * numbers too, so both dialects hand repositories the same type. NUMERIC stays a string.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} exceeds the safe integer range`);
  return value;
}

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === PG_INT8 && format !== 'binary'
        ? parseInt8
        : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'meridian.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; synchronous=FULL fsyncs each commit so a booked trade
  // survives a power cut; busy_timeout waits out another process (a backup) instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    kysely,
    dialect: 'sqlite',
    location: file,
    close: () => kysely.destroy(),
  };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes() });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    kysely,
    dialect: 'postgres',
    location: `${parsed.host}${parsed.pathname}`,
    close: () => kysely.destroy(),
  };
}

export type Tx = Transaction<Database>;

/**
 * Runs `work` in one transaction on either dialect: committed when it resolves, rolled back when
 * it throws. Repositories take `Kysely<Database> | Tx` so services can compose them inside it.
 */
export function inTransaction<T>(db: Db | Kysely<Database>, work: (tx: Tx) => Promise<T>): Promise<T> {
  const kysely = db instanceof Kysely ? db : db.kysely;
  return kysely.transaction().execute(work);
}
