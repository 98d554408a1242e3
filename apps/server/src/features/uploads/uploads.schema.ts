import type { Generated } from 'kysely';

/** Uploaded pictures (migration 0006). The bytes live in the object storage under `key`. */
declare module '../../db/schema.js' {
  interface Database {
    uploads: UploadsTable;
  }
}

export interface UploadsTable {
  id: Generated<number>;
  /** Random, unguessable (256 bits, base64url): the storage key and the public name of the picture. */
  key: string;
  user_id: number;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  created_at: number;
}
