import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestStorage, startTestServer, type TestStorage, testConfig } from '../test/harness.js';
import { inTransaction, openDatabase, parseInt8 } from './database.js';
import { checkMigrationNames, migrateToLatest } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

let storage: TestStorage | undefined;
afterEach(async () => {
  await storage?.dispose();
  storage = undefined;
});

/**
 * Table → columns of this test's own database. On PostgreSQL only its own schema is read: Kysely's
 * introspection reads the whole catalog, where other test files drop their schemas meanwhile.
 */
async function tablesOf(db: ReturnType<typeof openDatabase>): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()`.execute(db.kysely);
    for (const row of rows)
      tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
    return tables;
  }
  for (const table of await db.kysely.introspection.getTables()) {
    tables.set(
      table.name,
      table.columns.map((c) => c.name),
    );
  }
  return tables;
}

describe('migrations', () => {
  it('brings an empty database to the latest schema, once', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      const applied = await migrateToLatest(db.kysely, db.dialect);
      expect(applied).toEqual(Object.keys(MIGRATIONS).sort());
      expect(await migrateToLatest(db.kysely, db.dialect)).toEqual([]);
      const tables = await tablesOf(db);
      expect([...tables.keys()]).toEqual(expect.arrayContaining(['settings', 'areas']));
      expect(tables.get('areas')?.sort()).toEqual(['code', 'global_code', 'id']);
    } finally {
      await db.close();
    }
  });

  it('refuses gaps, duplicates and bad names', () => {
    expect(() => checkMigrationNames(['0001_a', '0002_b'])).not.toThrow();
    expect(() => checkMigrationNames(['0001_a', '0003_c'])).toThrow(/expected 0002/);
    expect(() => checkMigrationNames(['0001_a', '0001_b'])).toThrow(/expected 0002/);
    expect(() => checkMigrationNames(['0002_b'])).toThrow(/expected 0001/);
    expect(() => checkMigrationNames(['1_a'])).toThrow(/NNNN_snake_case/);
  });

  it('seeds idempotently across restarts and keeps operator edits', async () => {
    storage = await createTestStorage();
    const first = await startTestServer({ storage });
    const db1 = first.server.ctx.db.kysely;
    const countAreas = async (k: typeof db1) =>
      Number(
        (
          await k
            .selectFrom('areas')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const areaCount = await countAreas(db1);
    const settingCount = (await db1.selectFrom('settings').selectAll().execute()).length;
    expect(areaCount).toBeGreaterThan(200);
    const demo = await db1
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'demo_start_balance_micros')
      .executeTakeFirstOrThrow();
    expect(demo.value).toBe('100000000000');
    await db1
      .updateTable('settings')
      .set({ value: 'https://chat.example.com' })
      .where('key', '=', 'service_link')
      .execute();
    await first.close();

    const second = await startTestServer({ storage });
    try {
      const db2 = second.server.ctx.db.kysely;
      expect(await countAreas(db2)).toBe(areaCount);
      expect((await db2.selectFrom('settings').selectAll().execute()).length).toBe(settingCount);
      const link = await db2
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'service_link')
        .executeTakeFirstOrThrow();
      expect(link.value).toBe('https://chat.example.com');
    } finally {
      await second.close();
    }
  });
});

describe('database helpers', () => {
  it('commits a transaction that resolves and rolls back one that throws', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      await migrateToLatest(db.kysely, db.dialect);
      await inTransaction(db, (tx) => tx.insertInto('settings').values({ key: 'a', value: '1' }).execute());
      await expect(
        inTransaction(db, async (tx) => {
          await tx.insertInto('settings').values({ key: 'b', value: '2' }).execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const keys = (await db.kysely.selectFrom('settings').select('key').execute()).map((r) => r.key);
      expect(keys).toEqual(['a']);
    } finally {
      await db.close();
    }
  });

  it('returns BIGINT as a JS number on this dialect', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    try {
      const result = await sql<{ n: number }>`select cast(100000000000 as bigint) as n`.execute(db.kysely);
      expect(result.rows[0]?.n).toBe(100_000_000_000);
    } finally {
      await db.close();
    }
  });

  it('refuses a BIGINT beyond the safe integer range instead of rounding it', () => {
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });

  it('uses durable commit settings on this dialect', async () => {
    storage = await createTestStorage();
    const db = openDatabase(testConfig(storage));
    const first = async (query: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(query).execute(db.kysely)).rows[0] ?? {})[0];
    try {
      if (db.dialect === 'postgres') {
        expect(await first('show synchronous_commit')).toBe('on');
        return;
      }
      expect(await first('pragma journal_mode')).toBe('wal');
      // NORMAL: COMMIT does not sync; every commit is answered after a sync of its own (wal-sync.ts).
      expect(await first('pragma synchronous')).toBe(1);
      expect(db.durability).toBeDefined();
      expect(await first('pragma foreign_keys')).toBe(1);
      expect(await first('pragma busy_timeout')).toBe(5000);
    } finally {
      await db.close();
    }
  });
});
