import { describe, expect, it } from 'vitest';
import { eventually } from '../test/harness.js';
import { AdvisoryLockLeader } from './leader.js';

// Runs in the PostgreSQL pass only (DATABASE_URL set); see vitest.config.ts.
const url = process.env.DATABASE_URL ?? '';
describe('AdvisoryLockLeader (scale-out mode)', () => {
  it('lets exactly one node lead, and hands over when the leader stops', async () => {
    const lockKey = 0x4d4552 + Math.floor(Math.random() * 1_000_000);
    const a = new AdvisoryLockLeader({ connectionString: url, lockKey, intervalMs: 50 });
    const b = new AdvisoryLockLeader({ connectionString: url, lockKey, intervalMs: 50 });
    try {
      await a.start();
      await b.start();
      expect(a.isLeader).toBe(true);
      expect(b.isLeader).toBe(false);
      await a.stop();
      await eventually(() => b.isLeader, 'the standby takes over');
      expect(a.isLeader).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
