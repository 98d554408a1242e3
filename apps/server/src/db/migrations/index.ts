import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

/**
 * Every migration, by number, imported statically so the list is the same under tsx, vitest and
 * the compiled dist/ (no directory scanning). Forward-only: a shipped migration is never edited;
 * fix it with the next number. Numbers reserved for the features being built:
 *   0002 markets    (categories, instruments, quotes, candles)
 *   0003 identity   (users, sessions, verification codes, real-name auth)
 *   0004 trading    (orders, positions, ledger)
 *   0005 funding    (deposits, withdrawals, withdrawal methods, balances)
 *   0006 content    (news, companies, ranking)
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
};
