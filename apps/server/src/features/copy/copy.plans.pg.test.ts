import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { useMigratedDatabase } from '../../test/database.js';
import { planOf } from '../../test/plans.js';
import { selectCopiesDueFees } from './copy.repository.js';

/**
 * Runs only with DATABASE_URL. The copy watcher's month-end check runs every second on the leader:
 * between month ends it finds nothing, and with 10,000 running copies it must find that out from
 * its partial index (migration 0020), not by reading every copy (1.3-8.2 ms a check in sampled
 * plans). (SQLite, which keeps no statistics here, still reads the copies by key: 0.6 ms a check
 * at 10,000 copies; see the migration.)
 */
let db: Db;
useMigratedDatabase((opened) => {
  db = opened;
});

describe('the month-end fee check on PostgreSQL', () => {
  it('reads the copies due through their partial index when none is due among 10,000', async () => {
    expect(db.dialect).toBe('postgres');
    await inTransaction(db, async (tx) => {
      // Rows of copies alone: their users and strategy are not what the plan reads.
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await sql`
        INSERT INTO copies (strategy_id, follower_id, account_id, status, is_demo, fee_rate_bp,
          invested_micros, hwm_micros, fee_month, started_at)
        SELECT 1, g, 100000 + g, 'active', 0, 1000, 1000000000, 1000000000, '2026-11', 0
        FROM generate_series(1, 10000) g`.execute(tx);
    });
    await sql`ANALYZE copies`.execute(db.kysely);
    // The plan the statistics of 10,000 running copies choose, none of them due.
    const plan = await planOf(db, async (tx) =>
      expect(await selectCopiesDueFees(tx, '2026-11', { afterId: 0, limit: 64 })).toEqual([]),
    );
    expect(plan).toContain('copies_fee_due_idx');
    expect(plan).not.toContain('Seq Scan on copies');
  });
});
