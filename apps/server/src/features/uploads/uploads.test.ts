import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, UPLOAD_MAX_BYTES, UploadResult } from '@meridian/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import {
  ADMIN_TOKEN,
  EXIF_MARKER,
  jpegWithExif,
  noiseImage,
  registerTrader,
  startFundingServer,
  upload,
} from '../funding/testing/harness.js';
import { demoLogin, type Registered } from '../identity/testing/client.js';

let t: TestServer;
let alice: Registered;
let bob: Registered;

beforeAll(async () => {
  t = await startFundingServer();
  alice = await registerTrader(t.baseUrl);
  bob = await registerTrader(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

const uploadsDir = () => join(t.config.dataDir, 'uploads');
/** Every stored file, so a refused upload can be shown to leave nothing behind. */
function storedFiles(): string[] {
  if (!existsSync(uploadsDir())) return [];
  return readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
async function uploadRows(): Promise<number> {
  const row = await t.server.ctx.db.kysely
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectRefused(bytes: Buffer, name: string, type: string, key: keyof typeof ERRORS) {
  const filesBefore = storedFiles().length;
  const rowsBefore = await uploadRows();
  const res = await upload(t.baseUrl, alice.token, bytes, name, type);
  expect(res.body.code, res.body.msg).toBe(ERRORS[key].code);
  expect(res.status).toBe(ERRORS[key].status);
  expect(storedFiles()).toHaveLength(filesBefore);
  expect(await uploadRows()).toBe(rowsBefore);
  return res;
}

describe('POST /api/common/image_upload', () => {
  it('stores a JPEG without its metadata and answers a key and a signed url', async () => {
    const original = await jpegWithExif(120, 80);
    expect(original.includes(EXIF_MARKER)).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(t.baseUrl, alice.token, original);
    expect(res.body.code, res.body.msg).toBe(1);
    const result = UploadResult.parse(res.body.data);
    expect(result.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.url).toMatch(new RegExp(`^/api/common/image/${result.key}\\?exp=\\d+&sig=`));

    const onDisk = readFileSync(join(uploadsDir(), result.key.slice(0, 2), result.key));
    expect(onDisk.includes(EXIF_MARKER)).toBe(false);
    expect(onDisk.includes('Acme Phone')).toBe(false);
    expect(onDisk.includes('Exif')).toBe(false);
    const meta = await sharp(onDisk).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(meta.exif).toBeUndefined();

    // The signed url works in an <img>: no authorization header, and the bytes are the clean ones.
    const img = await fetch(`${t.baseUrl}${result.url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await img.arrayBuffer()).equals(onDisk)).toBe(true);
  });

  it('accepts PNG and WebP, whatever the file is called', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 12, height: 9, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    for (const [bytes, name, format] of [
      [png, 'scan.jpg', 'png'],
      [webp, 'receipt', 'webp'],
    ] as const) {
      const res = await upload(t.baseUrl, alice.token, bytes, name, 'application/octet-stream');
      expect(res.body.code, res.body.msg).toBe(1);
      const { url } = UploadResult.parse(res.body.data);
      const img = await fetch(`${t.baseUrl}${url}`);
      expect(img.headers.get('content-type')).toBe(`image/${format}`);
      expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe(format);
    }
  });

  it('refuses a text file named .png, a truncated JPEG and bytes that only start like an image', async () => {
    await expectRefused(
      Buffer.from('just some text, not a picture\n'),
      'id-card.png',
      'image/png',
      'image_invalid',
    );
    const jpeg = await noiseImage(400, 300, 'jpeg');
    await expectRefused(
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'cut.jpg',
      'image/jpeg',
      'image_invalid',
    );
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    await expectRefused(fakePng, 'fake.png', 'image/png', 'image_invalid');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    await expectRefused(gif, 'anim.gif', 'image/gif', 'image_invalid');
  });

  it('refuses an image over the size limit with image_too_large', async () => {
    const big = await noiseImage(1800, 1200, 'png');
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const res = await expectRefused(big, 'huge.png', 'image/png', 'image_too_large');
    expect(res.body.msg).toBe('The image is too large. The maximum is 5 MB.');
  });

  it('refuses a request that is not multipart, or has no file', async () => {
    const res = await fetch(`${t.baseUrl}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: alice.token, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(ERRORS.unsupported_media_type.code);
    const form = new FormData();
    form.append('note', 'no file here');
    const empty = await fetch(`${t.baseUrl}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: alice.token },
      body: form,
    });
    expect(((await empty.json()) as { code: number }).code).toBe(ERRORS.image_invalid.code);
  });

  it('is for logged-in real accounts only', async () => {
    const jpeg = await jpegWithExif();
    const visitor = await upload(t.baseUrl, '', jpeg);
    expect(visitor.body.code).toBe(999);
    const demo = await demoLogin(t.baseUrl);
    const res = await upload(t.baseUrl, demo.token, jpeg);
    expect(res.body.code).toBe(ERRORS.only_real_account.code);
    expect(storedFiles().some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

describe('serving pictures back', () => {
  let key: string;
  let url: string;
  beforeAll(async () => {
    const res = await upload(t.baseUrl, alice.token, await jpegWithExif());
    ({ key, url } = UploadResult.parse(res.body.data));
  });

  it('serves the owner with their session instead of a signature', async () => {
    const res = await fetch(`${t.baseUrl}/api/common/image/${key}`, {
      headers: { authorization: alice.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('private');
  });

  it('answers not_found to anyone else: no signature, a forged or stretched one, another user', async () => {
    const tampered = url.replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const stretched = url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 1}`);
    const expired = url.replace(/exp=\d+/, 'exp=1000');
    for (const [path, token] of [
      [`/api/common/image/${key}`, ''],
      [tampered, ''],
      [stretched, ''],
      [expired, ''],
      [`/api/common/image/${key}`, bob.token],
      [`/api/common/image/${'A'.repeat(43)}`, alice.token],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: token } });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: number }).code).toBe(ERRORS.not_found.code);
    }
  });

  it('serves the operator through the admin API, and never a trader there', async () => {
    const ok = await fetch(`${t.baseUrl}/api/admin/uploads/${key}`, {
      headers: { 'x-admin-token': ADMIN_TOKEN },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    // A trader's token is no staff session, wherever it is put; without one the caller must sign in.
    for (const headers of [
      { authorization: alice.token },
      { 'x-staff-token': alice.token },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      {},
    ] as Array<Record<string, string>>) {
      const res = await fetch(`${t.baseUrl}/api/admin/uploads/${key}`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: number }).code).toBe(ERRORS.staff_session_expired.code);
    }
    // The automation header with anything but the token: forbidden.
    for (const token of [alice.token, `${ADMIN_TOKEN}x`, '']) {
      const res = await fetch(`${t.baseUrl}/api/admin/uploads/${key}`, {
        headers: { 'x-admin-token': token },
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: number }).code).toBe(ERRORS.forbidden.code);
    }
  });
});
