import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestStorage, eventually, type TestStorage, testConfig } from '../test/harness.js';
import { LeaseLostError } from './leader.js';
import { LeaseLeader } from './lease.js';
import { respell } from './testing/nodes.js';

// Runs in the PostgreSQL pass only (DATABASE_URL set); see vitest.config.ts. Each test uses its own
// lease name in one migrated schema, so they never compete with each other.

let storage: TestStorage;
let db: Db;
let url: string;
const leaders: LeaseLeader[] = [];
let names = 0;

beforeAll(async () => {
  storage = await createTestStorage();
  url = storage.databaseUrl ?? '';
  db = openDatabase(testConfig(storage));
  await migrateToLatest(db.kysely, db.dialect);
});

afterAll(async () => {
  for (const l of leaders) await l.stop();
  await db?.close();
  await storage?.dispose();
});

function leader(name: string, nodeId: string, options: { url?: string; leaseMs?: number } = {}): LeaseLeader {
  const l = new LeaseLeader({
    connectionString: options.url ?? url,
    nodeId,
    name,
    leaseMs: options.leaseMs ?? 1000,
    renewMs: 50,
  });
  leaders.push(l);
  return l;
}

const freshName = () => `lease-${++names}`;

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('LeaseLeader (scale-out leadership)', () => {
  it('lets exactly one node lead, and a successor take the next term when the leader stops', async () => {
    const name = freshName();
    const a = leader(name, 'node-a');
    const b = leader(name, 'node-b');
    await a.start();
    await b.start();
    expect(a.isLeader).toBe(true);
    expect(a.holdsLease()).toBe(true);
    expect(a.term).toBe(1);
    expect(b.isLeader).toBe(false);
    expect(b.holdsLease()).toBe(false);
    expect(b.term).toBe(1);
    await a.stop();
    await eventually(() => b.isLeader, 'the standby takes over');
    expect(b.term).toBe(2);
    expect(a.isLeader).toBe(false);
  });

  it('elects one leader for two spellings of one database URL', async () => {
    const name = freshName();
    const other = respell(url);
    expect(other).not.toBe(url);
    const a = leader(name, 'node-a');
    const b = leader(name, 'node-b', { url: other });
    await Promise.all([a.start(), b.start()]);
    // Never two leaders; the loser may have met the winner's row lock (lock_timeout) before the
    // row was visible, so it learns the term at its next look.
    expect([a.isLeader, b.isLeader].filter(Boolean).length).toBeLessThanOrEqual(1);
    await eventually(
      () => [a.isLeader, b.isLeader].filter(Boolean).length === 1 && a.term === b.term && a.term > 0,
      'both spellings agree on one leader and its term',
      2000,
    );
    expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
  });

  it('takes over a lease its holder stopped renewing, whatever the holder is doing', async () => {
    const name = freshName();
    // A holder that hangs: it took term 5 and never renews (its session stays open meanwhile).
    await withClient(async (hung) => {
      await hung.query(
        `INSERT INTO cluster_leases (name, term, holder, expires_at)
         VALUES ($1, 5, 'hung', clock_timestamp() + interval '1 hour')`,
        [name],
      );
      const b = leader(name, 'node-b');
      await b.start();
      expect(b.isLeader).toBe(false);
      // Its lease runs out now (not after a fixed 400 ms, which a slow start of B could outlast).
      await hung.query(`UPDATE cluster_leases SET expires_at = clock_timestamp() WHERE name = $1`, [name]);
      await eventually(() => b.isLeader, 'the follower takes the lapsed lease', 2000);
      expect(b.term).toBe(6);
    });
  });

  it('fences: a transaction of the current term holds off a takeover, a stale term is refused', async () => {
    const name = freshName();
    const a = leader(name, 'node-a', { leaseMs: 5000 });
    await a.start();
    const term = a.term;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let fenced: () => void = () => undefined;
    const inside = new Promise<void>((r) => {
      fenced = r;
    });
    const booking = db.kysely.transaction().execute(async (tx) => {
      await a.fence(tx, term);
      fenced();
      await held;
    });
    await inside;
    await withClient(async (other) => {
      // A renewal (or an expiry) moves expires_at only: it does not wait for the booking.
      await other.query(`UPDATE cluster_leases SET expires_at = clock_timestamp() WHERE name = $1`, [name]);
      // A takeover changes the term, a key column: it waits for the booking, here until its timeout
      // (set for this statement only: the others may queue a moment behind A's renewals).
      await other.query('SET lock_timeout = 200');
      await expect(
        other.query(`UPDATE cluster_leases SET term = term + 1, holder = 'node-b' WHERE name = $1`, [name]),
      ).rejects.toMatchObject({ code: '55P03' });
      await other.query('RESET lock_timeout');
      release();
      await booking;
      await other.query(`UPDATE cluster_leases SET term = term + 1, holder = 'node-b' WHERE name = $1`, [
        name,
      ]);
    });
    await expect(db.kysely.transaction().execute((tx) => a.fence(tx, term))).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    // The old holder learns it at its next renewal.
    await eventually(() => !a.isLeader, 'the old holder stands down');
    expect(a.holdsLease()).toBe(false);
  });

  it('refuses a term whose lease has expired even if nobody took over yet', async () => {
    const name = freshName();
    // Only its fence is used: a holder that is not running renews nothing.
    const a = new LeaseLeader({ connectionString: url, nodeId: 'node-a', name, leaseMs: 1000, renewMs: 50 });
    await withClient((c) =>
      c.query(
        `INSERT INTO cluster_leases (name, term, holder, expires_at)
         VALUES ($1, 3, 'node-a', clock_timestamp() + interval '1 hour')`,
        [name],
      ),
    );
    await expect(db.kysely.transaction().execute((tx) => a.fence(tx, 3))).resolves.toBeUndefined();
    await expect(db.kysely.transaction().execute((tx) => a.fence(tx, 2))).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await withClient((c) =>
      c.query(`UPDATE cluster_leases SET expires_at = clock_timestamp() WHERE name = $1`, [name]),
    );
    await expect(db.kysely.transaction().execute((tx) => a.fence(tx, 3))).rejects.toBeInstanceOf(
      LeaseLostError,
    );
  });

  it('stands down when told to, releases the lease and stays out for a while', async () => {
    const name = freshName();
    const a = leader(name, 'node-a');
    const b = leader(name, 'node-b');
    await a.start();
    await b.start();
    const seen: boolean[] = [];
    a.onChange((l) => seen.push(l));
    a.standDown('another leader publishes ticks');
    expect(a.isLeader).toBe(false);
    expect(seen).toEqual([false]);
    await eventually(() => b.isLeader, 'the other node takes the released lease');
    expect(b.term).toBe(2);
    expect(a.isLeader).toBe(false);
  });
});
