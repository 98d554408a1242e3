import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Tx;

export interface AreaRow {
  id: number;
  code: string;
  globalCode: string;
}

export async function readSettings(db: Executor, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Adds the keys that are absent and leaves existing values alone: an operator's edits survive restarts. */
export async function insertMissingSettings(
  db: Executor,
  defaults: Readonly<Record<string, string>>,
): Promise<void> {
  const rows = Object.entries(defaults).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function listAreas(db: Executor): Promise<AreaRow[]> {
  const rows = await db.selectFrom('areas').select(['id', 'code', 'global_code']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, code: r.code, globalCode: r.global_code }));
}

export async function insertMissingAreas(db: Executor, areas: readonly AreaRow[]): Promise<void> {
  if (areas.length === 0) return;
  await db
    .insertInto('areas')
    .values(areas.map((a) => ({ id: a.id, code: a.code, global_code: a.globalCode })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Sets one setting (the back office's dealing desk), inserting it when the table lacks it. */
export async function writeSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
