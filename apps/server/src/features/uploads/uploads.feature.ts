import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Feature } from '../../app-context.js';
import type { Database } from '../../db/schema.js';
import { insertMissingSettings, readSettings } from '../settings/index.js';
import { DiskStorage, type ObjectStorage } from './storage.js';
import { registerUploadRoutes } from './uploads.routes.js';
import { UploadService } from './uploads.service.js';

declare module '../../app-context.js' {
  interface Services {
    /**
     * Pictures traders upload, for the features that take one (kyc, funding). Set by the uploads
     * feature's register, which runs before theirs (absent in apps built without it).
     */
    uploads?: UploadService;
  }
}

/** The key of the HMAC secret that signs picture links; every node of a deployment reads the same one. */
export const UPLOAD_SECRET_SETTING = 'upload_signing_secret';

export interface UploadsOptions {
  /** Where pictures go; DATA_DIR/uploads on disk unless an object store is given. */
  storage?: (dataDir: string) => ObjectStorage;
}

/** Picture uploads (ID cards, payment proofs) and the routes that show them to their owner and the operator. */
export function createUploadsFeature(options: UploadsOptions = {}): Feature {
  return {
    name: 'uploads',
    // Made once per database, so every node signs and checks links with the same secret.
    seed: (db) =>
      insertMissingSettings(db.kysely, { [UPLOAD_SECRET_SETTING]: randomBytes(32).toString('base64url') }),
    async register(ctx) {
      const storage =
        options.storage?.(ctx.config.dataDir) ?? new DiskStorage(join(ctx.config.dataDir, 'uploads'));
      const uploads = new UploadService(ctx.db.kysely, storage, await readUploadSecret(ctx.db.kysely));
      ctx.services.uploads = uploads;
      await registerUploadRoutes(ctx, uploads);
    },
  };
}

async function readUploadSecret(db: Kysely<Database>): Promise<string> {
  const secret = (await readSettings(db, [UPLOAD_SECRET_SETTING])).get(UPLOAD_SECRET_SETTING);
  if (!secret)
    throw new Error(`The ${UPLOAD_SECRET_SETTING} setting is missing: the uploads seed did not run`);
  return secret;
}

/** The upload service for a feature that takes pictures; uploads must be registered before it. */
export function requireUploads(services: { uploads?: UploadService }, feature: string): UploadService {
  if (!services.uploads)
    throw new Error(`The ${feature} feature needs the uploads feature, listed before it`);
  return services.uploads;
}
