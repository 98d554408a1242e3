import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertMissingSettings } from '../settings/index.js';
import { INSTRUMENTS } from './catalogue.js';
import { CATEGORIES } from './categories.js';
import { insertMissingCategories, insertMissingInstruments } from './markets.repository.js';

/** Operator settings this feature reads; only inserted when absent. */
export const MARKET_SETTING_DEFAULTS = {
  /** 1 = the professional leverage options are offered beside the retail ones (ESMA caps). */
  allow_pro_leverage: '0',
} as const;

/** Inserts what is missing, never overwrites: an operator's edits of the catalogue survive restarts. */
export async function seedMarkets(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await insertMissingCategories(tx, CATEGORIES);
    await insertMissingInstruments(tx, INSTRUMENTS);
    await insertMissingSettings(tx, MARKET_SETTING_DEFAULTS);
  });
}
