import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * PostgreSQL: keeps the planner's statistics in step with tables that have grown.
 *
 * The hot statements run as named prepared statements (database.ts, `keepPrepared`), and after five
 * executions PostgreSQL keeps one generic plan per connection, costed with the statistics of the
 * moment. A plan made while a table looked tiny reads it by a sequential scan, and keeps doing so
 * however large the table grows, until an ANALYZE of that table invalidates it. Autovacuum's
 * analyses normally do that; with autovacuum off (as on this project's machines) or lagging behind a
 * burst, nothing does. bench:copy on PostgreSQL with 10,000 followers, after one ANALYZE while
 * `orders` was nearly empty: each copied close read every order once per copy, and a provider's close
 * took 40-75 s to mirror (2 s with fresh statistics).
 *
 * So the leader looks every CHECK_INTERVAL_MS at the tables of its schema and analyses each whose
 * live rows have grown past twice what its last analysis counted (and past GROWTH_FLOOR rows): a
 * table is analysed about once per doubling, so a plan never runs on a table much more than twice
 * the size it was made for. Updates do not count (the account rows change with every order without
 * the table growing), so a busy, steady table is never analysed by this; autovacuum still is.
 */
export const CHECK_INTERVAL_MS = 2_000;
/** Below this many live rows a sequential scan costs little whatever the plan: nothing to refresh. */
export const GROWTH_FLOOR = 1_000;

export interface StatisticsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StatisticsKeeper {
  /** Analyses the tables that grew, now; resolves with their names (tests call it directly). */
  check(): Promise<string[]>;
  stop(): Promise<void>;
}

interface Grown {
  table: string;
  live: number;
  analysed: number;
}

/**
 * Starts the keeper on a PostgreSQL database (`undefined` on SQLite, whose planner keeps no plan
 * across a table's growth). `leading()` is asked before each periodic check: only the leader
 * analyses, so nodes never queue behind each other's ANALYZE of one table.
 */
export function startStatisticsKeeper(
  db: Db,
  log: StatisticsLog,
  leading: () => boolean,
  intervalMs = CHECK_INTERVAL_MS,
): StatisticsKeeper | undefined {
  if (db.dialect !== 'postgres') return undefined;
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const check = (): Promise<string[]> => {
    running ??= analyseGrown(db, log).finally(() => {
      running = undefined;
    });
    return running;
  };

  // Said once at start: the keeper keeps plans honest, but only autovacuum reclaims dead rows.
  const warned = warnIfAutovacuumOff(db, log);

  const timer = setInterval(() => {
    if (stopped || running || !leading()) return;
    check().catch((err: unknown) => log.warn({ err }, 'statistics keeper: the check failed'));
  }, intervalMs);
  timer.unref();

  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await warned;
      await running?.catch(() => undefined);
    },
  };
}

/** Logs a warning when the server's autovacuum is off (dead rows then pile up in every table). */
async function warnIfAutovacuumOff(db: Db, log: StatisticsLog): Promise<void> {
  try {
    const { rows } = await sql<{ autovacuum: string }>`SHOW autovacuum`.execute(db.kysely);
    if (rows[0]?.autovacuum === 'off')
      log.warn(
        { autovacuum: 'off' },
        "PostgreSQL's autovacuum is off: the statistics keeper analyses tables that grow, but nothing vacuums them; turn it on in production",
      );
  } catch (err) {
    log.warn({ err }, 'statistics keeper: reading the autovacuum setting failed');
  }
}

async function analyseGrown(db: Db, log: StatisticsLog): Promise<string[]> {
  // n_live_tup comes from the cumulative statistics (inserts less deletes, flushed by each backend
  // within a second or so); reltuples is what the last ANALYZE (or VACUUM) counted, -1 if none ran.
  const grown = await sql<Grown>`
    SELECT s.relname AS "table", s.n_live_tup::float8 AS live, c.reltuples::float8 AS analysed
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema()
      AND s.n_live_tup > ${GROWTH_FLOOR}
      AND s.n_live_tup > 2 * greatest(c.reltuples, 0)
    ORDER BY s.relname`.execute(db.kysely);
  const done: string[] = [];
  for (const row of grown.rows) {
    try {
      await sql`ANALYZE ${sql.table(row.table)}`.execute(db.kysely);
      done.push(row.table);
      log.info(
        { table: row.table, rows: Math.round(row.live), analysedRows: Math.max(0, Math.round(row.analysed)) },
        'statistics keeper: analysed a table that grew',
      );
    } catch (err) {
      log.warn({ err, table: row.table }, 'statistics keeper: ANALYZE failed');
    }
  }
  return done;
}
