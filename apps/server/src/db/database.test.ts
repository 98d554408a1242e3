import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStorage, type TestStorage, testConfig } from '../test/harness.js';
import { FALLBACK_PAGES, startCheckpointer } from './checkpointer.js';
import {
  inTransaction,
  openDatabase,
  precompiledArrays,
  precompiledQuery,
  StatementCache,
} from './database.js';
import { migrateToLatest } from './migrate.js';

let storage: TestStorage | undefined;
let dir: string | undefined;
afterEach(async () => {
  await storage?.dispose();
  storage = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function scratchSqlite(): SQLite.Database {
  dir = mkdtempSync(join(tmpdir(), 'meridian-statements-'));
  const db = new SQLite(join(dir, 'scratch.sqlite'));
  db.exec('create table t (n integer)');
  db.exec('insert into t values (1), (2), (3)');
  return db;
}

describe('the SQLite statement cache', () => {
  it('prepares a statement once per SQL text and reuses it', () => {
    const cache = new StatementCache(scratchSqlite());
    const first = cache.prepare('select n from t where n = ?');
    expect(cache.prepare('select n from t where n = ?')).toBe(first);
    expect(first.all([2])).toEqual([{ n: 2 }]);
    expect(cache.prepare('select n from t where n > ?')).not.toBe(first);
    expect(cache.size).toBe(2);
    cache.close();
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const cache = new StatementCache(scratchSqlite());
    const text = 'select n from t order by n';
    const iterating = cache.prepare(text).iterate([]);
    expect(iterating.next().value).toEqual({ n: 1 });
    expect(cache.prepare(text).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...iterating]).toEqual([{ n: 2 }, { n: 3 }]);
    cache.close();
  });

  it('keeps at most its capacity, dropping the oldest', () => {
    const cache = new StatementCache(scratchSqlite(), 2);
    const a = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 3');
    expect(cache.size).toBe(2);
    expect(cache.prepare('select 1')).not.toBe(a);
    cache.close();
  });
});

describe('the reader', () => {
  it('reads the last committed state while a write transaction is open, without waiting for it', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      await migrateToLatest(db.kysely, db.dialect);
      await db.kysely.insertInto('settings').values({ key: 'reader_probe', value: 'before' }).execute();
      const read = () =>
        db.reader
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'reader_probe')
          .executeTakeFirstOrThrow();
      const during = await inTransaction(db, async (tx) => {
        await tx.updateTable('settings').set({ value: 'after' }).where('key', '=', 'reader_probe').execute();
        // On the writer's connection this read would wait for the transaction (a deadlock here).
        return read();
      });
      expect(during.value).toBe('before');
      expect((await read()).value).toBe('after');
    } finally {
      await db.close();
    }
  });
});

describe("the SQLite writer's durability", () => {
  it('answers a commit, or a write on its own, only after a sync of the log; a read or a rollback needs none', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      const { durability } = db;
      if (db.dialect !== 'sqlite') return expect(durability).toBeUndefined();
      if (!durability) throw new Error('no durability');
      await migrateToLatest(db.kysely, db.dialect);
      let before = durability.syncs;
      await inTransaction(db, (tx) =>
        tx.insertInto('settings').values({ key: 'sync_a', value: '1' }).execute(),
      );
      expect(durability.syncs).toBeGreaterThan(before);
      before = durability.syncs;
      await db.kysely.insertInto('settings').values({ key: 'sync_b', value: '1' }).execute();
      expect(durability.syncs).toBeGreaterThan(before);
      before = durability.syncs;
      await db.kysely.selectFrom('settings').selectAll().execute();
      await inTransaction(db, async (tx) => {
        await tx.insertInto('settings').values({ key: 'sync_c', value: '1' }).execute();
        throw new Error('refused');
      }).catch(() => undefined);
      expect(durability.syncs).toBe(before);
      // A deferred commit (the write queue's) leaves its sync to its caller.
      await inTransaction(db, async (tx) => {
        durability.defer();
        await tx.insertInto('settings').values({ key: 'sync_d', value: '1' }).execute();
      });
      expect(durability.syncs).toBe(before);
      await durability.sync();
      expect(durability.syncs).toBe(before + 1);
      // And the deferral ends with that commit: the next one is synced again.
      await inTransaction(db, (tx) =>
        tx.insertInto('settings').values({ key: 'sync_e', value: '1' }).execute(),
      );
      expect(durability.syncs).toBe(before + 2);
    } finally {
      await db.close();
    }
  });
});

describe('the checkpoint thread', () => {
  it('copies the committed log into the database file beside the writer, which keeps only a backstop', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      if (db.dialect !== 'sqlite') return expect(db.checkpointer).toBeUndefined();
      const checkpointer = db.checkpointer;
      if (!checkpointer) throw new Error('no checkpoint thread');
      await migrateToLatest(db.kysely, db.dialect);
      const auto = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db.kysely);
      expect(auto.rows[0]?.wal_autocheckpoint).toBe(FALLBACK_PAGES);
      // Its own runs go on by themselves.
      const before = checkpointer.runs;
      await vi.waitFor(() => expect(checkpointer.runs).toBeGreaterThan(before), { timeout: 10_000 });
      // A write transaction stays open while the checkpoint runs: PASSIVE takes no writer's lock.
      const outcome = await inTransaction(db, async (tx) => {
        await tx
          .insertInto('settings')
          .values({ key: 'checkpoint_probe', value: 'x'.repeat(20_000) })
          .execute();
        return checkpointer.now();
      });
      expect(outcome.log).toBeGreaterThan(0);
      // The probe commits after the checkpoint: its pages are in the log, not yet in the file.
      const after = await checkpointer.now();
      expect(after.log).toBeGreaterThan(0);
      expect(after.checkpointed).toBe(after.log);
      // What the file holds alone, read with the log set aside, has the probe.
      const copy = join(storage.dataDir, 'copy.sqlite');
      copyFileSync(db.location, copy);
      const alone = new SQLite(copy, { readonly: true });
      try {
        const row = alone
          .prepare("select length(value) as n from settings where key = 'checkpoint_probe'")
          .get();
        expect(row).toEqual({ n: 20_000 });
      } finally {
        alone.close();
      }
    } finally {
      await db.close();
    }
  });
});

describe('the checkpoint thread, failing', () => {
  it('tells the log when it cannot run, and the caller who asked gets the error', async () => {
    const errors: string[] = [];
    const checkpointer = startCheckpointer(join(tmpdir(), 'meridian-no-such-dir', 'none', 'x.sqlite'), {
      error: (_obj, msg) => void errors.push(msg),
    });
    try {
      await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 10_000 });
      expect(errors[0]).toMatch(/checkpoint thread stopped/);
      await expect(checkpointer.now()).rejects.toThrow();
    } finally {
      await checkpointer.stop();
    }
  });
});

describe('precompiled queries', () => {
  const upsert = precompiledQuery((db, key: string, value: string) =>
    db.insertInto('settings').values({ key, value }).returning(['key', 'value']),
  );

  it('run with new parameters on each call, inside and outside transactions', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      await migrateToLatest(db.kysely, db.dialect);
      expect((await upsert(db.kysely, 'bench_a', 'one')).rows).toEqual([{ key: 'bench_a', value: 'one' }]);
      expect((await upsert(db.kysely, 'bench_b', 'two')).rows).toEqual([{ key: 'bench_b', value: 'two' }]);
      await expect(
        inTransaction(db, async (tx) => {
          await upsert(tx, 'bench_c', 'three');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const rows = await db.kysely
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'like', 'bench_%')
        .orderBy('key')
        .execute();
      expect(rows).toEqual([
        { key: 'bench_a', value: 'one' },
        { key: 'bench_b', value: 'two' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('read arrays with new parameters on each call, on the reader and the writer', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      await migrateToLatest(db.kysely, db.dialect);
      await db.kysely
        .insertInto('settings')
        .values(['a', 'b', 'c', 'd'].map((k, i) => ({ key: `page_${k}`, value: String(i) })))
        .execute();
      const page = precompiledArrays((d, after: string, limit: number) =>
        d
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', '>', after)
          .where('key', 'like', sql.lit('page_%'))
          .orderBy('key')
          .limit(limit),
      );
      for (const source of [db.reader, db.kysely]) {
        expect(await page(source, 'page_a', 2)).toEqual([
          ['page_b', '1'],
          ['page_c', '2'],
        ]);
        // Compiled once: the second call only binds new values.
        expect(await page(source, 'page_c', 5)).toEqual([['page_d', '3']]);
      }
      const misbound = precompiledArrays((d, key: string) =>
        d.selectFrom('settings').select('value').where('key', '=', key).limit(1),
      );
      expect(() => misbound(db.reader, 'x')).toThrow(
        /precompiledArrays: the query must bind its 1 parameters/,
      );
    } finally {
      await db.close();
    }
  });

  it('refuse a query that binds anything but its parameters, in order', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      await migrateToLatest(db.kysely, db.dialect);
      const constant = precompiledQuery((d, key: string) =>
        d.selectFrom('settings').select('value').where('key', '=', key).limit(1),
      );
      expect(() => constant(db.kysely, 'x')).toThrow(/bind its 1 parameters/);
      const swapped = precompiledQuery((d, key: string, value: string) =>
        d.insertInto('settings').values({ value, key }),
      );
      expect(() => swapped(db.kysely, 'k', 'v')).toThrow(/in order/);
      const literal = precompiledQuery((d, key: string) =>
        d.selectFrom('settings').select('value').where('key', '=', key).limit(sql.lit(1)),
      );
      expect((await literal(db.kysely, 'no_such_key')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
