import type { Kysely } from 'kysely';
import { type Db, inTransaction } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { openAccount } from '../features/accounts/index.js';
import { insertUser } from '../features/identity/users.repository.js';

/**
 * A bare demo user row and its money account opened with `micros` (through the ledger, at `at`):
 * all a repository test of the ledger or the order path needs, without a server.
 */
export async function insertFundedUser(
  db: Db | Kysely<Database>,
  uid: string,
  micros: number,
  at?: number,
): Promise<number> {
  const kysely = 'kysely' in db ? db.kysely : db;
  const userId = await insertUser(kysely, {
    uid,
    email: null,
    mobile: null,
    areaId: null,
    passwordHash: null,
    isDemo: true,
    demoDeviceId: null,
    inviteCode: null,
    invitedBy: null,
    createdAt: 0,
  });
  await inTransaction(kysely, (tx) =>
    openAccount(tx, userId, { amountMicros: micros, ...(at === undefined ? {} : { at }) }),
  );
  return userId;
}
