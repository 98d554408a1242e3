/**
 * A unique index or primary key refused the row: SQLite (better-sqlite3) and PostgreSQL (pg) say it
 * differently, and SQLite names a primary key apart from a unique index.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** PostgreSQL chose this transaction as a deadlock's victim, or failed it for serialisation: run it again. */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
