import type { Kysely } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './uploads.schema.js';

type Executor = Kysely<Database> | Tx;

export interface UploadRow {
  key: string;
  userId: number;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
  createdAt: number;
}

export async function insertUpload(db: Executor, row: UploadRow): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      key: row.key,
      user_id: row.userId,
      content_type: row.contentType,
      size_bytes: row.sizeBytes,
      width: row.width,
      height: row.height,
      created_at: row.createdAt,
    })
    .execute();
}

export async function selectUpload(db: Executor, key: string): Promise<UploadRow | undefined> {
  const r = await db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
  if (!r) return undefined;
  return {
    key: r.key,
    userId: r.user_id,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    width: r.width,
    height: r.height,
    createdAt: Number(r.created_at),
  };
}
