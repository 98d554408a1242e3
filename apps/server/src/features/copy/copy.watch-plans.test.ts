import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { useMigratedDatabase } from '../../test/database.js';
import { recordStatements } from '../trading/testing/placement.js';
import { selectStoppingCopies } from './copy.repository.js';

/**
 * Every second the leader's copy watcher resumes the copies left stopping, which is nearly always
 * none: the read must come from their partial index (migration 0020), not from a scan of every copy.
 * On both databases (PostgreSQL in the CI pass with DATABASE_URL).
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

describe('the watcher’s read of the stopping copies', () => {
  it('goes through their partial index (the plan of the statement it runs)', async () => {
    const plan = await inTransaction(db, async (tx) => {
      const statements: string[] = [];
      recordStatements(tx, statements);
      expect(await selectStoppingCopies(tx)).toEqual([]);
      const [text] = statements;
      if (!text) throw new Error('selectStoppingCopies ran no statement');
      if (db.dialect === 'sqlite') {
        const { rows } = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`).execute(tx);
        return rows.map((r) => r.detail).join(' | ');
      }
      // A table this small is read whole unless the planner is told not to: then it takes the
      // index if the query's condition implies the index's.
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`).execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join(' | ');
    });
    expect(plan).toContain('copies_stopping_idx');
  });
});
