/**
 * A strategy's avatar: POST /api/follow/avatar_upload makes a square WebP of the provider's picture
 * (its metadata gone) and GET /api/follow/avatar serves it to anyone, cached for good under the
 * address the summary gives. Replacing or removing it deletes the old file; a refused picture, a
 * caller without a strategy or with a closed one change nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AVATAR_SIDE, CopySummary, ERRORS, MyCopies, routes, StrategySummary } from '@meridian/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif, noiseImage } from '../funding/testing/harness.js';
import { type CopyServer, startCopyServer } from './testing/harness.js';

let s: CopyServer;
beforeAll(async () => {
  s = await startCopyServer();
});
afterAll(async () => {
  await s?.close();
});

interface Answer {
  status: number;
  body: { code: number; msg: string; data: unknown };
}

async function sendAvatar(token: string, bytes: Buffer, type = 'image/jpeg'): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'me.jpg');
  const res = await fetch(`${s.t.baseUrl}${routes.avatarUpload.path}`, {
    method: 'POST',
    headers: { authorization: token, lang: 'en' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Every file in the object storage (uploads and avatars). */
function storedFiles(): string[] {
  const dir = join(s.t.config.dataDir, 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function publish(token: string, name: string): Promise<StrategySummary> {
  const r = await s.call(routes.publish, { name, desc: '', fee_rate: '0', min_invest: '100' }, token);
  expect(r.code, r.msg).toBe(1);
  return StrategySummary.parse(r.data);
}

async function strategyOf(id: number): Promise<StrategySummary> {
  const r = await s.call(routes.strategy, { id }, '');
  expect(r.code, r.msg).toBe(1);
  return StrategySummary.parse(r.data);
}

describe('strategy avatars', () => {
  it('makes a square WebP of the picture, public to visitors, and lists its address', async () => {
    const provider = await s.demo();
    const published = await publish(provider.token, 'Avatar Owner');
    expect(published.avatar).toBeNull();

    const sent = await sendAvatar(provider.token, await jpegWithExif());
    expect(sent.body.code, sent.body.msg).toBe(1);
    const summary = StrategySummary.parse(sent.body.data);
    expect(summary.id).toBe(published.id);
    expect(summary.avatar).toMatch(new RegExp(`^${routes.strategyAvatar.path}\\?id=${published.id}&v=`));
    expect((await strategyOf(published.id)).avatar).toBe(summary.avatar);
    const listed = await s.call(routes.strategies, { q: 'Avatar Owner' }, '');
    expect((listed.data as { list: StrategySummary[] }).list[0]?.avatar).toBe(summary.avatar);
    // A follower's copy shows it too.
    const follower = await s.demo();
    const copied = await s.call(routes.copy, { strategy_id: published.id, amount: '500' }, follower.token);
    expect(copied.code, copied.msg).toBe(1);
    expect(CopySummary.parse(copied.data).strategy_avatar).toBe(summary.avatar);
    const mine = MyCopies.parse((await s.call(routes.myCopies, {}, follower.token)).data);
    expect(mine.list[0]?.strategy_avatar).toBe(summary.avatar);

    // A visitor (no session) reads it, as an <img> does.
    const res = await fetch(`${s.t.baseUrl}${summary.avatar}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([AVATAR_SIDE, AVATAR_SIDE]);
    expect(meta.exif).toBeUndefined();

    // Without the current version, the answer is the picture but cached only briefly.
    const stale = await fetch(`${s.t.baseUrl}${routes.strategyAvatar.path}?id=${published.id}&v=old`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).not.toContain('immutable');
    await stale.arrayBuffer();
  });

  it('replaces the picture under a new address and deletes the old file; removing it deletes it too', async () => {
    const provider = await s.demo();
    const published = await publish(provider.token, 'Avatar Changer');
    const first = StrategySummary.parse(
      (await sendAvatar(provider.token, await noiseImage(300, 200, 'png'), 'image/png')).body.data,
    );
    const files = storedFiles().length;
    const second = StrategySummary.parse(
      (await sendAvatar(provider.token, await noiseImage(120, 400, 'jpeg'))).body.data,
    );
    expect(second.avatar).not.toBe(first.avatar);
    expect(storedFiles()).toHaveLength(files);

    const removed = await s.call(routes.strategyUpdate, { id: published.id, avatar: '' }, provider.token);
    expect(removed.code, removed.msg).toBe(1);
    expect(StrategySummary.parse(removed.data).avatar).toBeNull();
    expect(storedFiles()).toHaveLength(files - 1);
    const gone = await fetch(`${s.t.baseUrl}${second.avatar}`);
    expect(gone.status).toBe(ERRORS.not_found.status);
    expect(((await gone.json()) as { code: number }).code).toBe(ERRORS.not_found.code);
  });

  it('refuses a bad picture, a caller without a strategy or with a closed one, and a visitor: nothing stored', async () => {
    const provider = await s.demo();
    const published = await publish(provider.token, 'Avatar Refusals');
    const files = storedFiles().length;

    const garbage = await sendAvatar(
      provider.token,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'image/svg+xml',
    );
    expect(garbage.body.code).toBe(ERRORS.image_invalid.code);

    const nobody = await s.demo();
    const none = await sendAvatar(nobody.token, await noiseImage(64, 64, 'png'), 'image/png');
    expect(none.body.code).toBe(ERRORS.strategy_not_found.code);

    const visitor = await sendAvatar('', await noiseImage(64, 64, 'png'), 'image/png');
    expect(visitor.status).toBe(401);

    const closed = await s.call(
      routes.strategyUpdate,
      { id: published.id, status: 'closed' },
      provider.token,
    );
    expect(closed.code, closed.msg).toBe(1);
    const late = await sendAvatar(provider.token, await noiseImage(64, 64, 'png'), 'image/png');
    expect(late.body.code).toBe(ERRORS.strategy_closed.code);

    // Only '' is a value of strategy_update's avatar: a url or another upload's key is not taken.
    const other = await s.demo();
    const owned = await publish(other.token, 'Avatar Other');
    const smuggled = await s.call(
      routes.strategyUpdate,
      { id: owned.id, avatar: 'https://example.com/x.png' } as never,
      other.token,
    );
    expect(smuggled.code).not.toBe(1);
    expect((await strategyOf(owned.id)).avatar).toBeNull();

    expect(storedFiles()).toHaveLength(files);
    const missing = await fetch(`${s.t.baseUrl}${routes.strategyAvatar.path}?id=${published.id}`);
    expect(missing.status).toBe(ERRORS.not_found.status);
    await missing.arrayBuffer();
  });

  it('lets the provider of a closed strategy take its picture down, and nothing else', async () => {
    const provider = await s.demo();
    const published = await publish(provider.token, 'Avatar Closed');
    const set = StrategySummary.parse(
      (await sendAvatar(provider.token, await noiseImage(90, 90, 'png'), 'image/png')).body.data,
    );
    const files = storedFiles().length;
    const closed = await s.call(
      routes.strategyUpdate,
      { id: published.id, status: 'closed' },
      provider.token,
    );
    expect(closed.code, closed.msg).toBe(1);
    expect(StrategySummary.parse(closed.data).avatar).toBe(set.avatar);

    // The picture with another change: refused whole.
    const mixed = await s.call(
      routes.strategyUpdate,
      { id: published.id, avatar: '', desc: 'x' },
      provider.token,
    );
    expect(mixed.code).toBe(ERRORS.strategy_closed.code);
    expect((await strategyOf(published.id)).avatar).toBe(set.avatar);
    // Someone else: as if it did not exist.
    const other = await s.demo();
    const foreign = await s.call(routes.strategyUpdate, { id: published.id, avatar: '' }, other.token);
    expect(foreign.code).toBe(ERRORS.strategy_not_found.code);

    const removed = await s.call(routes.strategyUpdate, { id: published.id, avatar: '' }, provider.token);
    expect(removed.code, removed.msg).toBe(1);
    const after = StrategySummary.parse(removed.data);
    expect([after.avatar, after.status]).toEqual([null, 'closed']);
    expect(storedFiles()).toHaveLength(files - 1);
  });
});
