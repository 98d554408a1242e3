import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction, type Tx } from '../../db/database.js';
import { useMigratedDatabase } from '../../test/database.js';
import { anyCopyDueFees, selectStoppingCopies } from './copy.repository.js';

/**
 * Every second the leader's copy watcher resumes the copies left stopping and looks for copies due
 * their month-end fee, and nearly always there are none: both reads must come from their partial
 * indexes (migration 0020), not from a scan of every copy. On both databases (PostgreSQL in the CI
 * pass with DATABASE_URL).
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

/** The plan of the one statement `read` runs (with its parameters), as the database explains it. */
async function planOf(read: (tx: Tx) => Promise<unknown>): Promise<string> {
  return inTransaction(db, async (tx) => {
    const sent: CompiledQuery[] = [];
    const executor = tx.getExecutor() as { executeQuery: (query: CompiledQuery) => Promise<unknown> };
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = (query) => {
      sent.push(query);
      return original(query);
    };
    await read(tx);
    executor.executeQuery = original;
    const [query] = sent;
    if (!query) throw new Error('the read ran no statement');
    const params = [...query.parameters];
    if (db.dialect === 'sqlite') {
      const { rows } = await tx.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, params),
      );
      return rows.map((r) => r.detail).join(' | ');
    }
    // A table this small is read whole unless the planner is told not to: then it takes the
    // index if the query's condition implies the index's.
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, params),
    );
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  });
}

describe('the copy watcher’s reads every second', () => {
  it('finds the stopping copies through their partial index', async () => {
    expect(await planOf(async (tx) => expect(await selectStoppingCopies(tx)).toEqual([]))).toContain(
      'copies_stopping_idx',
    );
  });

  it('asks whether any copy is due its month-end fee through the running copies’ fee index', async () => {
    expect(await planOf(async (tx) => expect(await anyCopyDueFees(tx, '2026-11')).toBe(false))).toContain(
      'copies_fee_due_idx',
    );
  });
});
