import { crc32, deflateSync } from 'node:zlib';
import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { jpegWithExif, registerTrader, startFundingServer, upload } from '../funding/testing/harness.js';

/** Issue 11, item 6: a pixel limit with its own message, and a rate of uploads per account. */

let t: TestServer;
beforeAll(async () => {
  t = await startFundingServer();
});
afterAll(async () => {
  await t?.close();
});

/** A PNG whose header claims width × height: tiny on the wire, huge once decoded. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function storedUploads(userId: number): Promise<number> {
  const row = await t.server.ctx.db.kysely
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the pixel limit', () => {
  it('refuses a picture past 50 megapixels by its header, before decoding it, with its own message', async () => {
    const u = await registerTrader(t.baseUrl);
    const res = await upload(t.baseUrl, u.token, pngClaiming(10_000, 5_001), 'bomb.png', 'image/png');
    expect([res.status, res.body.code]).toEqual([413, ERRORS.image_too_many_pixels.code]);
    expect(res.body.msg).toBe('The picture has too many pixels. The maximum is 50 megapixels.');
    // Exactly at the limit the header passes; this one then fails the full decode (it has no pixels).
    const at = await upload(t.baseUrl, u.token, pngClaiming(10_000, 5_000), 'edge.png', 'image/png');
    expect(at.body.code).toBe(ERRORS.image_invalid.code);
    expect(await storedUploads(u.user.id)).toBe(0);
  });
});

describe('the upload rate', () => {
  it('refuses uploads past the hourly rate of one account, storing nothing; others are unaffected', async () => {
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: '3' })
      .where('key', '=', 'upload_rate_per_hour')
      .execute();
    try {
      const u = await registerTrader(t.baseUrl);
      const jpeg = await jpegWithExif();
      for (let i = 0; i < 3; i++) expect((await upload(t.baseUrl, u.token, jpeg)).body.code).toBe(1);
      const res = await upload(t.baseUrl, u.token, jpeg);
      expect([res.status, res.body.code]).toEqual([429, ERRORS.upload_rate_limited.code]);
      expect(res.body.msg).toBe('Too many pictures uploaded (at most 3 an hour). Please try again later.');
      expect(await storedUploads(u.user.id)).toBe(3);

      const other = await registerTrader(t.baseUrl);
      expect((await upload(t.baseUrl, other.token, jpeg)).body.code).toBe(1);
    } finally {
      await t.server.ctx.db.kysely
        .updateTable('settings')
        .set({ value: '30' })
        .where('key', '=', 'upload_rate_per_hour')
        .execute();
    }
  });
});
