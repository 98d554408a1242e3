// Purpose: a strategy's avatar.
import { type Kysely, sql } from 'kysely';

/**
 * The key of a strategy's avatar in the object storage (uploads feature, `storeAvatar`): a square
 * WebP the server drew from the provider's picture. Null: none (the app shows the initials).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE strategies ADD COLUMN avatar_key TEXT`.execute(db);
}
