import { afterAll, beforeAll } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestStorage, type TestStorage } from './harness.js';

/**
 * A database of the test file's own (SQLite, or a PostgreSQL schema of its own with DATABASE_URL),
 * migrated to the latest schema before its tests, closed and removed after them. `opened` receives
 * it once migrated (and may prepare it further).
 */
export function useMigratedDatabase(opened: (db: Db) => void | Promise<void>): void {
  let storage: TestStorage | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    storage = await createTestStorage();
    db = openDatabase(storage);
    await migrateToLatest(db.kysely, db.dialect);
    await opened(db);
  });
  afterAll(async () => {
    await db?.close();
    await storage?.dispose();
  });
}
