import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { useMigratedDatabase } from '../../test/database.js';
import { planOf } from '../../test/plans.js';
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

describe('the copy watcher’s reads every second', () => {
  it('finds the stopping copies through their partial index', async () => {
    const plan = await planOf(db, async (tx) => expect(await selectStoppingCopies(tx)).toEqual([]), {
      indexesWhenUsable: true,
    });
    expect(plan).toContain('copies_stopping_idx');
  });

  it('asks whether any copy is due its month-end fee through the running copies’ fee index', async () => {
    const plan = await planOf(db, async (tx) => expect(await anyCopyDueFees(tx, '2026-11')).toBe(false), {
      indexesWhenUsable: true,
    });
    expect(plan).toContain('copies_fee_due_idx');
  });
});
