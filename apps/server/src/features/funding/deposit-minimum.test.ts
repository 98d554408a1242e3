import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { get, registerTrader, startFundingServer, uploadPicture } from './testing/harness.js';

/** Issue 11, item 6: a minimum deposit (setting `min_deposit_micros`, 10 USD by default). */

let t: TestServer;
beforeAll(async () => {
  t = await startFundingServer();
});
afterAll(async () => {
  await t?.close();
});

describe('the minimum deposit', () => {
  it('refuses a declared transfer below it, coin or wire, with the minimum in the message; records nothing', async () => {
    const u = await registerTrader(t.baseUrl);
    const proofImg = await uploadPicture(t.baseUrl, u.token);
    for (const [path, option] of [
      ['/api/quickCharge/wire_submit', { wire_id: 1 }],
      ['/api/quickCharge/submit', { charge_id: 1 }],
    ] as const) {
      const res = await get(t.baseUrl, path, { number: '9.999999', proofImg, ...option }, { token: u.token });
      expect([res.status, res.body.code], path).toEqual([400, ERRORS.deposit_below_minimum.code]);
      expect(res.body.msg).toBe('The minimum deposit is 10.00 USD.');
      const ok = await get(t.baseUrl, path, { number: '10', proofImg, ...option }, { token: u.token });
      expect(ok.body.code, ok.body.msg).toBe(1);
    }
    const list = await get(t.baseUrl, '/api/quickCharge/quick_ist', {}, { token: u.token });
    expect((list.body.data as { total: number }).total).toBe(2);
  });

  it('follows the operator setting', async () => {
    const db = t.server.ctx.db.kysely;
    await db
      .updateTable('settings')
      .set({ value: '250000000' })
      .where('key', '=', 'min_deposit_micros')
      .execute();
    try {
      const u = await registerTrader(t.baseUrl);
      const proofImg = await uploadPicture(t.baseUrl, u.token);
      const res = await get(
        t.baseUrl,
        '/api/quickCharge/wire_submit',
        { number: '100', proofImg, wire_id: 1 },
        { token: u.token },
      );
      expect(res.body.msg).toBe('The minimum deposit is 250.00 USD.');
    } finally {
      await db
        .updateTable('settings')
        .set({ value: '10000000' })
        .where('key', '=', 'min_deposit_micros')
        .execute();
    }
  });
});
