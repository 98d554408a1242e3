import { CompiledQuery, sql } from 'kysely';
import { type Db, inTransaction, type Tx } from '../db/database.js';

/** Records every statement `tx` sends from now on, as sent (text and parameters), into `queries`. */
export function recordQueries(tx: Tx, queries: CompiledQuery[]): void {
  const executor = tx.getExecutor() as { executeQuery: (query: CompiledQuery) => Promise<unknown> };
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = (query) => {
    queries.push(query);
    return original(query);
  };
}

/**
 * The plan of the first statement `read` sends, with its own parameters, as the database explains
 * it: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN. `indexesWhenUsable` tells PostgreSQL to take
 * an index whenever the query's condition implies it (a test's small table is otherwise read whole,
 * whatever indexes it has); without it, the plan is the one the table's statistics choose.
 */
export async function planOf(
  db: Db,
  read: (tx: Tx) => Promise<unknown>,
  options: { indexesWhenUsable?: boolean } = {},
): Promise<string> {
  return inTransaction(db, async (tx) => {
    const sent: CompiledQuery[] = [];
    recordQueries(tx, sent);
    await read(tx);
    const [query] = sent;
    if (!query) throw new Error('the read sent no statement');
    if (db.dialect === 'sqlite') {
      const { rows } = await tx.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      return rows.map((r) => r.detail).join(' | ');
    }
    if (options.indexesWhenUsable) await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  });
}
