import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { routes, type UploadResult } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { RateLimiter } from '../../http/rate-limit.js';
import { readSettings, SETTING_DEFAULTS } from '../settings/index.js';
import { avatarImage, drawnAvatar, sanitizeImage } from './image.js';
import type { ObjectStorage } from './storage.js';
import { insertUpload, selectUpload } from './uploads.repository.js';

/** How long a signed picture link works; the app asks again for a fresh one when it needs it. */
export const SIGNED_URL_TTL_MS = 60 * 60 * 1000;

/** A picture's path on the trader's route (`picture`) or the operator's (`adminPicture`). */
export function picturePath(route: 'picture' | 'adminPicture', key: string): string {
  return routes[route].path.replace(':key', key);
}

const KEY = /^[A-Za-z0-9_-]{43}$/;
/** The picture route's path up to the key, as a pattern: `/api/common/image/`. */
const PICTURE_PREFIX = picturePath('picture', '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A bare key, or a url of ours (relative or absolute, with or without its signature). */
const REF = new RegExp(`^(?:.*${PICTURE_PREFIX})?([A-Za-z0-9_-]{43})(?:[?#].*)?$`);

export interface StoredPicture {
  bytes: Buffer;
  contentType: string;
  userId: number;
}

/**
 * Pictures traders upload (ID cards, payment proofs). Only the owner and the operator ever see
 * them: the owner through a short-lived signed link (an <img> cannot send the authorization
 * header) or with their session, the operator through the admin API.
 */
export class UploadService {
  /** Uploads per account per hour (setting `upload_rate_per_hour`): each one costs a full decode. */
  private readonly rate = new RateLimiter(60 * 60 * 1000);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: ObjectStorage,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks, cleans and stores a picture; a refused file leaves nothing behind. */
  async store(userId: number, raw: Buffer): Promise<UploadResult> {
    // Before the decode, which is what a flood would cost.
    await this.takeRate(userId);
    const image = await sanitizeImage(raw);
    const key = randomBytes(32).toString('base64url');
    await this.storage.put(key, image.bytes);
    try {
      await insertUpload(this.db, {
        key,
        userId,
        contentType: image.contentType,
        sizeBytes: image.bytes.length,
        width: image.width,
        height: image.height,
        createdAt: this.now(),
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    return { key, ...this.signedUrl(key) };
  }

  /**
   * Makes a public avatar of a picture (image.ts, `avatarImage`) and keeps it under a new key of its
   * own, outside the uploads table: no call that takes an upload's key accepts it, and the owner's
   * original is not kept. Counts against the same hourly allowance as uploads. Returns the key.
   */
  async storeAvatar(userId: number, raw: Buffer): Promise<string> {
    await this.takeRate(userId);
    const image = await avatarImage(raw);
    const key = randomBytes(32).toString('base64url');
    await this.storage.put(key, image.bytes);
    return key;
  }

  /** Keeps an avatar the server drew from an SVG of its own (`drawnAvatar`); returns its key. */
  async storeDrawnAvatar(svg: string): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    await this.storage.put(key, await drawnAvatar(svg));
    return key;
  }

  /** An avatar's bytes (WebP), or undefined. */
  async readAvatar(key: string): Promise<Buffer | undefined> {
    if (!KEY.test(key)) return undefined;
    return this.storage.get(key);
  }

  /** Deletes an avatar no strategy shows any more. */
  async deleteAvatar(key: string): Promise<void> {
    if (KEY.test(key)) await this.storage.delete(key);
  }

  private async takeRate(userId: number): Promise<void> {
    const setting = (await readSettings(this.db, ['upload_rate_per_hour'])).get('upload_rate_per_hour');
    const parsed = Math.floor(Number(setting ?? SETTING_DEFAULTS.upload_rate_per_hour));
    const max = parsed > 0 ? parsed : Number(SETTING_DEFAULTS.upload_rate_per_hour);
    if (!this.rate.take(userId, max, this.now())) throw new AppError('upload_rate_limited', { max });
  }

  signedUrl(key: string): { url: string; expires_at: number } {
    const expiresAt = this.now() + SIGNED_URL_TTL_MS;
    return {
      url: `${picturePath('picture', key)}?exp=${expiresAt}&sig=${this.sign(key, expiresAt)}`,
      expires_at: expiresAt,
    };
  }

  /** True when `sig` was made by this server for `key` and `exp` has not passed. */
  verifySignature(key: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,15}$/.test(exp)) return false;
    const expiresAt = Number(exp);
    if (expiresAt < this.now()) return false;
    const expected = Buffer.from(this.sign(key, expiresAt));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The key of a picture `userId` uploaded, from a key or one of our urls; anything else (another
   * user's picture, a made-up key, a foreign url) is picture_not_owned.
   */
  async ownedKey(userId: number, ref: string): Promise<string> {
    const key = REF.exec(ref.trim())?.[1];
    const row = key ? await selectUpload(this.db, key) : undefined;
    if (!row || row.userId !== userId) throw new AppError('picture_not_owned');
    return row.key;
  }

  async read(key: string): Promise<StoredPicture | undefined> {
    if (!KEY.test(key)) return undefined;
    const row = await selectUpload(this.db, key);
    if (!row) return undefined;
    const bytes = await this.storage.get(key);
    if (!bytes) return undefined;
    return { bytes, contentType: row.contentType, userId: row.userId };
  }

  private sign(key: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${key}.${expiresAt}`).digest('base64url');
  }
}
