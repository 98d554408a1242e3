/**
 * A unique index or primary key refused the row: SQLite (better-sqlite3) and PostgreSQL (pg) say it
 * differently, and SQLite names a primary key apart from a unique index.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
