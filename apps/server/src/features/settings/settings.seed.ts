import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AREAS } from './areas.data.js';
import { SETTING_DEFAULTS } from './settings.defaults.js';
import { insertMissingAreas, insertMissingSettings } from './settings.repository.js';

/** Idempotent: safe on every start and on a database that already has the rows. */
export async function seedSettings(db: Kysely<Database>): Promise<void> {
  await insertMissingSettings(db, SETTING_DEFAULTS);
  await insertMissingAreas(
    db,
    AREAS.map(([id, code, globalCode]) => ({ id, code, globalCode })),
  );
}
