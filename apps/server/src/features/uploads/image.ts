import sharp from 'sharp';
import { AppError } from '../../http/app-error.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Enough for any phone camera; beyond it a "picture" is more likely a decompression bomb. */
export const MAX_PIXELS = 50_000_000;
/** Stored pictures are scaled down to fit this box: ID cards and receipts stay legible. */
const MAX_SIDE = 4096;

/** The format named by the first bytes, whatever the file name or the declared type say. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export interface CleanImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Reads the dimensions from the header alone (no decode) and refuses a picture past MAX_PIXELS with
 * its own message: decoding one would cost hundreds of megabytes, and "invalid" would not tell the
 * trader what to change. (Only the first frame of an animation is ever decoded.)
 */
async function checkPixels(bytes: Buffer): Promise<void> {
  let pixels: number;
  try {
    const meta = await sharp(bytes).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new AppError('image_invalid');
  }
  if (pixels > MAX_PIXELS) throw new AppError('image_too_many_pixels', { max: MAX_PIXELS / 1_000_000 });
}

/**
 * Decodes the whole picture and encodes it again in its own format. The full decode refuses
 * truncated or corrupt files; re-encoding drops every metadata block (EXIF with GPS position and
 * camera serial, XMP, comments) and anything smuggled after the image data. The EXIF orientation is
 * applied first, so the picture still stands the right way up without it.
 */
export async function sanitizeImage(bytes: Buffer): Promise<CleanImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new AppError('image_invalid');
  await checkPixels(bytes);
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format,
      contentType: CONTENT_TYPES[format],
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError('image_invalid');
  }
}

/** A strategy's avatar: a square this many pixels a side, small enough for a list on a phone. */
export const AVATAR_SIDE = 256;

/**
 * A picture made into a public avatar: checked and decoded as `sanitizeImage` does (metadata gone,
 * the orientation applied), cropped to its centred square, AVATAR_SIDE pixels a side, as WebP.
 * What the public then downloads is a small image the server drew itself, never the file sent.
 */
export async function avatarImage(bytes: Buffer): Promise<CleanImage> {
  if (!sniffFormat(bytes)) throw new AppError('image_invalid');
  await checkPixels(bytes);
  try {
    const { data, info } = await sharp(bytes, {
      failOn: 'truncated',
      limitInputPixels: MAX_PIXELS,
      animated: false,
    })
      .rotate()
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format: 'webp',
      contentType: CONTENT_TYPES.webp,
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError('image_invalid');
  }
}

/**
 * An avatar the server draws itself (the sample strategies' emblems): an SVG of ours, never a
 * trader's, rendered to the same square WebP as `avatarImage` makes.
 */
export async function drawnAvatar(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer();
}
