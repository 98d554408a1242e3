import { type Kysely, type Migration, type MigrationResult, Migrator, sql } from 'kysely';
import type { DialectName } from './database.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

const NAME = /^(\d{4})_[a-z0-9_]+$/;

/** Numbers must run 0001, 0002, ... with no gap or duplicate, so a missing file cannot go unnoticed. */
export function checkMigrationNames(names: readonly string[]): void {
  const sorted = [...names].sort();
  sorted.forEach((name, index) => {
    const match = NAME.exec(name);
    if (!match) throw new Error(`Migration "${name}" must be named NNNN_snake_case`);
    const expected = index + 1;
    if (Number(match[1]) !== expected) {
      throw new Error(
        `Migrations must be numbered contiguously from 0001: expected ${String(expected).padStart(4, '0')}, found "${name}"`,
      );
    }
  });
}

/** Applies every pending migration; returns the names applied by this call. */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectName,
  migrations: Record<string, Migration> = MIGRATIONS,
): Promise<string[]> {
  checkMigrationNames(Object.keys(migrations));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema; pin them to ours, or a
    // kysely_migration table in another schema of the same database would be taken for ours.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely finds its bookkeeping table by reading the catalog of the whole database; a schema another
  // process drops meanwhile (a test run's, a benchmark's, another deployment's) fails that read
  // before any migration has run. Nothing was applied, so it is read again.
  const beforeAnyMigration = () => !results?.some((r: MigrationResult) => r.status === 'Error');
  for (
    let retry = 1;
    retry <= 5 && error !== undefined && beforeAnyMigration() && isConcurrentCatalogChange(error);
    retry++
  ) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${errorMessage(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A catalog read met an object dropped under it: schema, relation or column gone (a table dropped
 * while its columns were being listed), or a stale catalog entry.
 */
function isConcurrentCatalogChange(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '3F000' ||
    code === '42P01' ||
    code === '42703' ||
    (typeof message === 'string' && /could not open relation with OID|cache lookup failed/.test(message))
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}
