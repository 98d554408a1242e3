/**
 * The database as Kysely sees it: snake_case tables and columns, mapped to camelCase in the
 * repositories. Each migration's tables are added here; a feature may also extend the interface
 * from its own module (`declare module '../../db/schema.js' { interface Database { ... } }`).
 *
 * Integer columns (including BIGINT money in micro-units) come back as JS numbers on both
 * dialects; see db/database.ts for why that is safe.
 */
export interface Database {
  settings: SettingsTable;
  areas: AreasTable;
}

/** Operator-tunable key/value settings; values are text, typed by the service that reads them. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Country calling codes for phone registration. `code` is the country's English name. */
export interface AreasTable {
  id: number;
  code: string;
  global_code: string;
}
