import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Compilable,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { type Checkpointer, type CheckpointLog, FALLBACK_PAGES, startCheckpointer } from './checkpointer.js';
import type { Database } from './schema.js';
import { WalSync } from './wal-sync.js';
import type { SharedWriteLock } from './write-lock.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  /**
   * For reads that need no transaction and should not wait for one: on SQLite a second, read-only
   * connection to the same file (WAL gives it the last committed state while the writer's
   * transaction is open); on PostgreSQL the same pool as `kysely`. Background work that reads a lot
   * (copy trading's fan-out) reads here, so its reads never queue on the writer's connection ahead
   * of a trader's order.
   */
  readonly reader: Kysely<Database>;
  readonly dialect: DialectName;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host/database (no password). */
  readonly location: string;
  /** SQLite: the thread that runs the WAL's checkpoints, when it has one. */
  readonly checkpointer?: Checkpointer;
  /** SQLite: how the writer's commits become durable (wal-sync.ts); PostgreSQL's are at COMMIT. */
  readonly durability?: Durability;
  /** SQLite: the write lock shared with the other thread's writer, when there is one (write-lock.ts). */
  readonly writeLock?: SharedWriteLock;
  close(): Promise<void>;
}

/**
 * The SQLite writer's commits are durable once the log is synced (wal-sync.ts). Every COMMIT, and
 * every write outside a transaction, on `kysely` resolves only then, holding the connection as the
 * fsync inside COMMIT did; the write queue instead defers its batch's sync, releases the connection
 * and waits for `sync()` while the next batch books.
 */
export interface Durability {
  /** The next COMMIT on the writer's connection (the caller's own, from inside its transaction) is not synced. */
  defer(): void;
  /**
   * Resolves once everything committed so far is on disk. `urgent`: someone waits (a trader's
   * request): a sync starts at once instead of after the one in flight (wal-sync.ts).
   */
  sync(urgent?: boolean): Promise<void>;
  /** Syncs in this thread, now (nothing else to do meanwhile); throws if it fails. */
  syncNow(): void;
  /** Syncs finished so far (tests). */
  readonly syncs: number;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections in this node's pool (PG_POOL_SIZE, default 10). */
  pgPoolSize?: number;
  /** SQLite: WAL checkpoints in a thread of their own (checkpointer.ts); false leaves them to SQLite. */
  checkpointThread?: boolean;
  /** Where the checkpoint thread's failures are told. */
  log?: CheckpointLog;
  /**
   * SQLite: a write lock shared with another thread's writer connection to the same file (the copy
   * thread, write-lock.ts), taken around every transaction and every write outside one.
   */
  writeLock?: SharedWriteLock;
}

/** The pool of one node: the write lanes (4) hold one each while they commit; reads share the rest. */
export const DEFAULT_PG_POOL_SIZE = 10;

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
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.pgPoolSize ?? DEFAULT_PG_POOL_SIZE);
  return openSqlite(options.dataDir, options.checkpointThread ?? true, options.log, options.writeLock);
}

function openSqlite(
  dataDir: string,
  checkpointThread: boolean,
  log: CheckpointLog | undefined,
  writeLock: SharedWriteLock | undefined,
): Db {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'meridian.sqlite');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; every commit is synced to disk before anyone is told
  // of it, so a booked trade survives a power cut (see below); busy_timeout waits out another
  // process (a backup) instead of failing.
  sqlite.pragma('journal_mode = WAL');
  // NORMAL: COMMIT writes the log without syncing it; the sync runs off the thread (wal-sync.ts)
  // and a commit is acknowledged only after it.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = checkpointThread ? startCheckpointer(file, log) : undefined;
  // The copy thread's writer leaves checkpoints to the server thread's checkpointer too.
  if (checkpointer || writeLock?.role === 'copies') sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const statements = new StatementCache(sqlite);
  const durability = new SqliteDurability(sqlite, statements, new WalSync(file), writeLock);
  const kysely = new Kysely<Database>({
    dialect: new DurableSqliteDialect({ database: statements }, durability),
  });
  directWriters.set(kysely.getExecutor().adapter, durability);
  // Opened at first use: the file and its WAL exist by then (the writer created them).
  let reader: Kysely<Database> | undefined;
  const openReader = () => {
    const connection = new SQLite(file, { readonly: true });
    connection.pragma('busy_timeout = 5000');
    const cache = new StatementCache(connection);
    const opened = new Kysely<Database>({ dialect: new SqliteDialect({ database: cache }) });
    arrayReaders.set(opened.getExecutor().adapter, cache);
    return opened;
  };
  return {
    kysely,
    get reader() {
      reader ??= openReader();
      return reader;
    },
    dialect: 'sqlite',
    location: file,
    checkpointer,
    durability,
    ...(writeLock ? { writeLock } : {}),
    close: async () => {
      await checkpointer?.stop();
      await reader?.destroy();
      await kysely.destroy();
      durability.close();
    },
  };
}

/** The writer's connection, with commits and lone writes resolved after their sync. */
class SqliteDurability implements Durability {
  private deferred = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statements: StatementCache,
    private readonly wal: WalSync,
    private readonly lock: SharedWriteLock | undefined,
  ) {}

  defer(): void {
    this.deferred = true;
  }

  sync(urgent = false): Promise<void> {
    return this.wal.sync(urgent);
  }

  syncNow(): void {
    this.wal.syncNow();
  }

  get syncs(): number {
    return this.wal.syncs;
  }

  close(): void {
    this.wal.close();
  }

  connection(inner: DatabaseConnection): DatabaseConnection {
    const lock = this.lock;
    return {
      executeQuery: <R>(query: CompiledQuery) => {
        // With a write lock shared with another thread's writer (write-lock.ts): taken before BEGIN
        // or a write on its own, let go once no transaction is open (after COMMIT, ROLLBACK or that
        // write), before the sync: the other thread may write while this commit becomes durable.
        const held =
          lock !== undefined &&
          (this.sqlite.inTransaction || query.sql === 'begin' || this.statements.writes(query.sql));
        if (held && !this.sqlite.inTransaction) lock.acquire();
        let result: Promise<QueryResult<R>>;
        try {
          // Kysely's SQLite driver runs the statement before it returns (better-sqlite3 is synchronous).
          result = inner.executeQuery<R>(query);
        } finally {
          // A failed COMMIT leaves the transaction open (SQLITE_BUSY): its ROLLBACK lets go.
          if (held && !this.sqlite.inTransaction) lock.release();
        }
        // Inside a transaction nothing is committed yet; outside, this statement ended one or wrote alone.
        if (this.sqlite.inTransaction) return result;
        const synced = this.committed(query.sql);
        return synced ? result.then((rows) => synced.then(() => rows)) : result;
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
  }

  /**
   * Runs a compiled statement on the writer's connection, inside the transaction open on it, as
   * Kysely's SQLite driver would (undefined when no transaction is open: then Kysely runs it).
   */
  direct<R>(text: string, parameters: readonly unknown[]): QueryResult<R> | undefined {
    if (!this.sqlite.inTransaction) return undefined;
    const statement = this.statements.prepare(text);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  private committed(text: string): Promise<void> | undefined {
    if (text === 'commit') {
      // Urgent: the commit holds the writer's connection until it is durable.
      if (!this.deferred) return this.wal.sync(true);
      this.deferred = false;
      return undefined;
    }
    if (text === 'rollback') {
      this.deferred = false;
      return undefined;
    }
    // A statement on its own (autocommit): synced if it could have written.
    return this.statements.writes(text) ? this.wal.sync(true) : undefined;
  }
}

class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly durability: SqliteDurability,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.settings, this.durability);
  }
}

class DurableSqliteDriver extends SqliteDriver {
  private wrapped: DatabaseConnection | undefined;

  constructor(
    settings: SqliteDialectConfig,
    private readonly durability: SqliteDurability,
  ) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.wrapped ??= this.durability.connection(connection);
    return this.wrapped;
  }
}

/** Enough for every distinct statement the app issues; `in (…)` lists of new lengths rotate out. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * Kysely's SQLite driver calls prepare() for every query, and compiling SQL was a quarter of the
 * server's CPU under order load. Kysely always emits the same text for the same query shape (values
 * are bound parameters), so statements are kept by their SQL, the oldest out first when the cache is full. A
 * statement still being iterated (a stream) is `busy` and cannot be reused: that caller gets a fresh
 * one. SQLite re-prepares a cached statement by itself after a schema change (migrations).
 */
export class StatementCache implements SqliteDatabase {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: SQLite.Database,
    private readonly capacity: number = STATEMENT_CACHE_SIZE,
  ) {}

  get size(): number {
    return this.statements.size;
  }

  prepare(sql: string): SQLite.Statement {
    const hit = this.statements.get(sql);
    if (hit) return hit.busy ? this.db.prepare(sql) : hit;
    const statement = this.db.prepare(sql);
    this.statements.set(sql, statement);
    // First in, first out: keeping recency order costs a Map delete and set per query, more than
    // re-preparing a hot statement the rare times a burst of one-off statements pushes it out.
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next();
      if (!oldest.done) this.statements.delete(oldest.value);
    }
    return statement;
  }

  /** Whether the statement of this text may write (better-sqlite3's `readonly` is false). */
  writes(sql: string): boolean {
    const statement = this.statements.get(sql) ?? this.db.prepare(sql);
    return !statement.readonly;
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

function openPostgres(url: string, poolSize: number): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes() });
  // An idle connection the server ends (pg_terminate_backend, a restart, a failover) is dropped by
  // the pool and replaced at the next query; without a listener, pg-pool rethrows its error as an
  // unhandled 'error' event and the whole node exits. Errors of queries still reach their callers.
  pool.on('error', () => undefined);
  const preparing = {
    connect: async () => preparedHot(await pool.connect()),
    end: () => pool.end(),
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparing }) });
  const parsed = new URL(url);
  return {
    kysely,
    reader: kysely,
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

/**
 * A hot query whose SQL is compiled once per database and then only re-bound: building and
 * compiling a Kysely query costs more CPU than SQLite takes to run a small insert. `build` must
 * bind exactly its parameters, each once and in order (no constants: use sql.lit), which the first
 * call checks. Dialects differ in placeholders, so the text is kept per dialect adapter (a
 * database and its transactions share one).
 */
/** Statement texts worth keeping prepared on each PostgreSQL connection, with their names. */
const hotTexts = new Map<string, string>();
const MAX_HOT_TEXTS = 256;

/**
 * Marks a statement as hot: on PostgreSQL it is prepared once per connection (a named statement)
 * and then only bound and executed, so the server neither parses nor plans it again. Only fixed
 * texts belong here (a text with a varying IN list would prepare without end), hence the cap.
 */
export function keepPrepared(text: string): void {
  if (!hotTexts.has(text) && hotTexts.size < MAX_HOT_TEXTS) hotTexts.set(text, `hot_${hotTexts.size}`);
}

const patchedClients = new WeakSet<object>();

/** The SQLite writers, by their Kysely adapter (shared with their transactions): precompiledQuery. */
const directWriters = new WeakMap<object, SqliteDurability>();
/** The SQLite readers' statements, by their Kysely adapter: readArrays. */
const arrayReaders = new WeakMap<object, StatementCache>();

/**
 * Runs a compiled SELECT and gives each row as the array of its columns, in the select list's
 * order (so name every column: no `*`). On a SQLite reader (Db.reader) the statement runs in
 * better-sqlite3's raw mode: an array per row instead of an object with a property per column,
 * which for a wide row was half of the read (a page of 64 copied orders: 220 against 480 µs).
 * Elsewhere the rows' values, in the same order.
 */
export async function readArrays(db: Kysely<Database>, query: CompiledQuery): Promise<unknown[][]> {
  const cache = arrayReaders.get(db.getExecutor().adapter);
  if (cache) {
    const statement = cache.prepare(query.sql);
    // The cache's statement is shared with Kysely's object reads of the same text: raw only for this run.
    statement.raw(true);
    try {
      return statement.all(...query.parameters) as unknown[][];
    } finally {
      statement.raw(false);
    }
  }
  const { rows } = await db.executeQuery(query);
  return rows.map((row) => Object.values(row as Record<string, unknown>));
}

/** Makes a pooled client run the hot texts as named (prepared) statements; node-postgres keeps them. */
function preparedHot(client: pg.PoolClient): pg.PoolClient {
  if (patchedClients.has(client)) return client;
  patchedClients.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? hotTexts.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
  return client;
}

/**
 * Runs a statement already in the dialect's own text. In a transaction on the SQLite writer (the
 * order path's), the connection is this transaction's alone: the statement runs on it directly,
 * without Kysely's executor and connection hand-over around it (1.5-2 µs a statement, as much as
 * SQLite's own work on a small insert; eight statements book and close a copied order).
 */
export function runCompiled<R>(
  db: Kysely<Database>,
  text: string,
  params: unknown[],
): Promise<QueryResult<R>> {
  const writer = db.isTransaction ? directWriters.get(db.getExecutor().adapter) : undefined;
  if (writer) {
    try {
      const result = writer.direct<R>(text, params);
      if (result) return Promise.resolve(result);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return db.executeQuery(CompiledQuery.raw(text, params) as CompiledQuery<R>);
}

export function precompiledQuery<P extends unknown[], R>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
): (db: Kysely<Database>, ...params: P) => Promise<QueryResult<R>> {
  const texts = new WeakMap<object, string>();
  return (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    const text = texts.get(adapter);
    if (text !== undefined) {
      return runCompiled<R>(db, text, params);
    }
    const compiled = compileOnce('precompiledQuery', build(db, ...params), params);
    texts.set(adapter, compiled.sql);
    return db.executeQuery(compiled as CompiledQuery<R>);
  };
}

/**
 * precompiledQuery for a SELECT read as arrays (readArrays): a page the copy mirror reads many
 * times per provider order. Building and compiling the page's query (a subquery, a join, two dozen
 * columns) took longer than SQLite's read of its 64 rows: 9.5 against 6.2 µs a row.
 */
export function precompiledArrays<P extends unknown[]>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<unknown>,
): (db: Kysely<Database>, ...params: P) => Promise<unknown[][]> {
  const texts = new WeakMap<object, string>();
  return (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let text = texts.get(adapter);
    if (text === undefined) {
      text = compileOnce('precompiledArrays', build(db, ...params), params).sql;
      texts.set(adapter, text);
    }
    return readArrays(db, CompiledQuery.raw(text, params));
  };
}

/** Compiles a query kept for reuse, checking that it binds exactly `params`, in order; marks it hot. */
function compileOnce(name: string, query: Compilable<unknown>, params: readonly unknown[]): CompiledQuery {
  const compiled = query.compile();
  const bound = compiled.parameters;
  if (bound.length !== params.length || bound.some((value, i) => value !== params[i])) {
    throw new Error(`${name}: the query must bind its ${params.length} parameters in order`);
  }
  keepPrepared(compiled.sql);
  return compiled;
}
