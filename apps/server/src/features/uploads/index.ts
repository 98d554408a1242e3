/**
 * Uploads: pictures traders send (ID cards, payment proofs), cleaned of their metadata and kept in
 * an object storage; the owner sees them through signed links, the operator through the staff API.
 * Other features reach the service as `ctx.services.uploads` (see `requireUploads`).
 */
export type { ObjectStorage } from './storage.js';
export { DiskStorage } from './storage.js';
export {
  createUploadsFeature,
  requireUploads,
  UPLOAD_SECRET_SETTING,
  type UploadsOptions,
} from './uploads.feature.js';
export { readSingleFile } from './uploads.routes.js';
export { picturePath, SIGNED_URL_TTL_MS, type StoredPicture, UploadService } from './uploads.service.js';
