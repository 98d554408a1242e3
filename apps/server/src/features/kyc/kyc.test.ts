import { AuthCenter, ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import {
  admin,
  adminGet,
  get,
  post,
  type Registered,
  registerTrader,
  startFundingServer,
  uploadPicture,
} from '../funding/testing/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startFundingServer();
});
afterAll(async () => {
  await t?.close();
});

async function center(token: string): Promise<AuthCenter> {
  const res = await get(t.baseUrl, '/api/user_real/center', {}, { token });
  expect(res.body.code, res.body.msg).toBe(1);
  return AuthCenter.parse(res.body.data);
}

async function withPictures(user: Registered) {
  return {
    name: 'Mei Ling Chan',
    card_id: 'K1234567',
    front_pic: await uploadPicture(t.baseUrl, user.token),
    reverse_pic: await uploadPicture(t.baseUrl, user.token),
  };
}

/** The id of the user's latest submission, as the operator sees it. */
async function latestId(): Promise<number> {
  const res = await adminGet(t.baseUrl, '/api/admin/kyc', { status: 1 });
  return (res.body.data as { list: Array<{ id: number }> }).list[0]?.id ?? 0;
}

describe('real-name verification', () => {
  it('starts at "not submitted", then waits for review after a complete submission', async () => {
    const user = await registerTrader(t.baseUrl);
    expect(await center(user.token)).toEqual({ review_status: 0, name: '', card_id: '', reject_reason: '' });
    const form = await withPictures(user);
    const res = await post(t.baseUrl, '/api/user_real/real_name', form, { token: user.token });
    expect(res.body.code, res.body.msg).toBe(1);
    expect(await center(user.token)).toEqual({
      review_status: 1,
      name: 'Mei Ling Chan',
      card_id: '****4567',
      reject_reason: '',
    });
    // One submission at a time.
    const again = await post(t.baseUrl, '/api/user_real/real_name', form, { token: user.token });
    expect(again.body.code).toBe(ERRORS.auth_pending.code);
  });

  it('refuses missing fields with their own messages', async () => {
    const user = await registerTrader(t.baseUrl);
    const form = await withPictures(user);
    for (const [change, key] of [
      [{ name: ' ' }, 'name_required'],
      [{ card_id: '' }, 'id_number_required'],
      [{ front_pic: '' }, 'picture_required'],
      [{ reverse_pic: '' }, 'picture_required'],
    ] as const) {
      const res = await post(
        t.baseUrl,
        '/api/user_real/real_name',
        { ...form, ...change },
        { token: user.token },
      );
      expect(res.body.code, key).toBe(ERRORS[key].code);
    }
    expect((await center(user.token)).review_status).toBe(0);
  });

  it("refuses another user's pictures and made-up ones with picture_not_owned", async () => {
    const user = await registerTrader(t.baseUrl);
    const other = await registerTrader(t.baseUrl);
    const own = await withPictures(user);
    const theirs = await uploadPicture(t.baseUrl, other.token);
    for (const pic of [
      theirs,
      `/api/common/image/${theirs}?exp=1&sig=x`,
      'A'.repeat(43),
      'https://evil.example/x.jpg',
    ]) {
      const res = await post(
        t.baseUrl,
        '/api/user_real/real_name',
        { ...own, reverse_pic: pic },
        { token: user.token },
      );
      expect(res.body.code, pic).toBe(ERRORS.picture_not_owned.code);
    }
    // The signed url the upload answered is accepted as well as the bare key.
    const upload = await uploadPicture(t.baseUrl, user.token);
    const url = `/api/common/image/${upload}?exp=99&sig=abc`;
    const res = await post(
      t.baseUrl,
      '/api/user_real/real_name',
      { ...own, front_pic: url },
      { token: user.token },
    );
    expect(res.body.code, res.body.msg).toBe(1);
  });

  it('lets a refused submission be sent again, and an approved one never', async () => {
    const user = await registerTrader(t.baseUrl);
    expect(
      (await post(t.baseUrl, '/api/user_real/real_name', await withPictures(user), { token: user.token }))
        .body.code,
    ).toBe(1);
    const first = await latestId();

    const noReason = await admin(t.baseUrl, '/api/admin/kyc/reject', { id: first, operator: 'ops-anna' });
    expect(noReason.body.code).toBe(ERRORS.validation_failed.code);
    const rejected = await admin(t.baseUrl, '/api/admin/kyc/reject', {
      id: first,
      operator: 'ops-anna',
      reason: 'The back picture is blurred.',
    });
    expect(rejected.body.code, rejected.body.msg).toBe(1);
    expect(rejected.body.data).toMatchObject({ status: 3, decided_by: 'automation:ops-anna' });
    expect((rejected.body.data as { decided_at: number }).decided_at).toBeGreaterThan(0);
    expect(await center(user.token)).toMatchObject({
      review_status: 0,
      reject_reason: 'The back picture is blurred.',
    });

    // Decided once, decided for good.
    const twice = await admin(t.baseUrl, '/api/admin/kyc/approve', { id: first, operator: 'ops-ben' });
    expect(twice.body.code).toBe(ERRORS.record_already_decided.code);

    expect(
      (await post(t.baseUrl, '/api/user_real/real_name', await withPictures(user), { token: user.token }))
        .body.code,
    ).toBe(1);
    const second = await latestId();
    expect(second).not.toBe(first);
    expect((await center(user.token)).review_status).toBe(1);
    const approved = await admin(t.baseUrl, '/api/admin/kyc/approve', { id: second, operator: 'ops-ben' });
    expect(approved.body.data).toMatchObject({ status: 2, decided_by: 'automation:ops-ben', reason: '' });
    expect(await center(user.token)).toMatchObject({ review_status: 2, reject_reason: '' });

    const after = await post(t.baseUrl, '/api/user_real/real_name', await withPictures(user), {
      token: user.token,
    });
    expect(after.body.code).toBe(ERRORS.auth_done.code);
    const unknown = await admin(t.baseUrl, '/api/admin/kyc/approve', { id: 999_999, operator: 'ops-ben' });
    expect(unknown.body.code).toBe(ERRORS.record_not_found.code);
  });

  it('keeps one submission when two race, and one decision when two operators race', async () => {
    const user = await registerTrader(t.baseUrl);
    const forms = [await withPictures(user), await withPictures(user)];
    const results = await Promise.all(
      forms.map((form) => post(t.baseUrl, '/api/user_real/real_name', form, { token: user.token })),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([1, ERRORS.auth_pending.code]);
    const id = await latestId();
    const decisions = await Promise.all([
      admin(t.baseUrl, '/api/admin/kyc/approve', { id, operator: 'a' }),
      admin(t.baseUrl, '/api/admin/kyc/reject', { id, operator: 'b', reason: 'no' }),
    ]);
    expect(decisions.map((r) => r.body.code).sort()).toEqual([1, ERRORS.record_already_decided.code]);
  });

  it('shows the operator the pictures through the admin API', async () => {
    const user = await registerTrader(t.baseUrl);
    const form = await withPictures(user);
    await post(t.baseUrl, '/api/user_real/real_name', form, { token: user.token });
    const res = await adminGet(t.baseUrl, '/api/admin/kyc', { status: 1 });
    const row = (res.body.data as { list: Array<{ card_id: string; front_pic: string }> }).list[0];
    expect(row?.card_id).toBe('K1234567');
    expect(row?.front_pic).toBe(`/api/admin/uploads/${form.front_pic}`);
  });
});
