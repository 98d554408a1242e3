/**
 * `npm run staff -- create-owner --email <e>`: adds an owner to the back office and prints a
 * one-time password (changed, and TOTP enrolled, at first sign-in at /admin). It runs on the
 * server's machine against the configured database (DATA_DIR or DATABASE_URL, as the server),
 * migrating it first, so it works before the first start too. Whoever can run it already holds the
 * database; it is also the way back in when every owner has lost access.
 */
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.js';
import { inTransaction, openDatabase } from './db/database.js';
import { isUniqueViolation } from './db/db-errors.js';
import { migrateToLatest } from './db/migrate.js';
import { hashPassword, systemClock } from './features/identity/index.js';
import { Audit, insertOwner, oneTimePassword } from './features/staff/index.js';

const USAGE = 'usage: npm run staff -- create-owner --email <address>';

async function main(argv: string[]): Promise<number> {
  const [command, flag, value] = argv;
  if (command !== 'create-owner' || flag !== '--email' || !value) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const email = z.string().trim().toLowerCase().pipe(z.email()).safeParse(value);
  if (!email.success) {
    process.stderr.write(`not an email address: ${value}\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const db = openDatabase({ ...config, checkpointThread: false });
  try {
    await migrateToLatest(db.kysely, db.dialect);
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    try {
      await inTransaction(db.kysely, (trx) =>
        insertOwner(trx, email.data, passwordHash, systemClock.now(), new Audit(systemClock), 'cli'),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        process.stderr.write(`a staff member with ${email.data} already exists\n`);
        return 1;
      }
      throw error;
    }
    process.stdout.write(
      `Owner ${email.data} created.\nOne-time password: ${password}\n` +
        'Sign in at /admin/ with it: you will choose your own password and enrol an authenticator app.\n',
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
