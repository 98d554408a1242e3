import { ADMIN_TOKEN_HEADER } from '@meridian/contract';
import sharp from 'sharp';
import type { Feature } from '../../../app-context.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  fixedCaptcha,
  get,
  post,
  type Registered,
  type Reply,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../../identity/testing/client.js';
import { createKycFeature } from '../../kyc/index.js';
import { createUploadsFeature } from '../../uploads/index.js';
import { createFundingFeature } from '../index.js';

export const ADMIN_TOKEN = 'operator-secret-0123456789abcdef0123456789';

/** The standard features with a fixed captcha, plus uploads, kyc and funding if the list lacks them. */
function features(): Feature[] {
  const base = withIdentity({ captchaText: fixedCaptcha }).features ?? [];
  const wanted = [createUploadsFeature(), createKycFeature(), createFundingFeature()];
  return [...base, ...wanted.filter((w) => !base.some((f) => f.name === w.name))];
}

/**
 * A real server with the scoped automation token (ADMIN_TOKEN) configured, unless `adminToken` is
 * null (the staff routes exist either way; without it the automation header opens nothing), and
 * captcha registration. The
 * real-name gate of withdrawals (on by default in a deployment) is off unless `realNameGate`, so
 * tests of withdrawals need not pass a review first; the gate has tests of its own.
 */
export async function startFundingServer(
  adminToken: string | null = ADMIN_TOKEN,
  { realNameGate = false, log }: { realNameGate?: boolean; log?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const t = await startTestServer({
    // x-forwarded-for is believed, so a test can send parallel requests from several client addresses.
    env: {
      TRUST_PROXY: 'true',
      ...(adminToken ? { ADMIN_TOKEN: adminToken } : {}),
      // `log`: the JSON log at info level goes there (tests read what reached it).
      ...(log ? { LOG_LEVEL: 'info' } : {}),
    },
    overrides: { features: features(), ...(log ? { logStream: log } : {}) },
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
  await t.server.ctx.db.kysely
    .updateTable('settings')
    .set({ value: realNameGate ? '1' : '0' })
    .where('key', '=', 'withdraw_requires_real_name')
    .execute();
  return t;
}

/** The password registerTrader gives every trader: bind and draw take it as the owner's proof. */
export const TRADER_PASSWORD = 'secret123';

let nextEmail = 1;
export function registerTrader(baseUrl: string): Promise<Registered> {
  return registerUser(baseUrl, `trader${nextEmail++}-${Date.now()}@example.com`);
}

/** POST /api/common/image_upload as a browser does: multipart with the file under `file`. */
export async function upload(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  fileName = 'photo.jpg',
  type = 'image/jpeg',
): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const res = await fetch(`${baseUrl}/api/common/image_upload`, {
    method: 'POST',
    headers: { authorization: token, lang: 'en' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** Uploads a small valid JPEG and returns its key. */
export async function uploadPicture(baseUrl: string, token: string): Promise<string> {
  const res = await upload(baseUrl, token, await jpegWithExif());
  if (res.body.code !== 1) throw new Error(`upload failed: ${res.body.msg}`);
  return (res.body.data as { key: string }).key;
}

/**
 * A staff call with the automation token (x-admin-token): only the routes marked `automation` take
 * it, and a decision is recorded as `automation:<operator>` (`automation:token` without one).
 */
export function admin(
  baseUrl: string,
  path: string,
  form: Record<string, string | number>,
  token: string = ADMIN_TOKEN,
): Promise<Reply> {
  return post(baseUrl, path, form, { headers: { [ADMIN_TOKEN_HEADER]: token } });
}

export function adminGet(
  baseUrl: string,
  path: string,
  query: Record<string, string | number> = {},
  token: string = ADMIN_TOKEN,
): Promise<Reply> {
  return get(baseUrl, path, query, { headers: { [ADMIN_TOKEN_HEADER]: token } });
}

export const EXIF_MARKER = 'GPS-SECRET-48.8584N-2.2945E';

/** A JPEG carrying EXIF (camera and a tell-tale string), as a phone camera would write it. */
export function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Acme Phone', Copyright: EXIF_MARKER } })
    .toBuffer();
}

/** Random pixels compress badly, so the result is large and has a long entropy-coded body to cut. */
export function noiseImage(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.imul(i + 1, 2654435761) >>> 24;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'jpeg'
    ? image.jpeg({ quality: 100 }).toBuffer()
    : image.png({ compressionLevel: 0 }).toBuffer();
}

export { get, post, type Registered, type Reply };
