import { ChargeAddress, ChargeRecordPage, ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { sumLedger } from '../accounts/accounts.repository.js';
import { readBalance } from '../accounts/ledger.js';
import {
  admin,
  get,
  post,
  type Registered,
  registerTrader,
  startFundingServer,
  uploadPicture,
} from './testing/harness.js';

let t: TestServer;
let user: Registered;
beforeAll(async () => {
  t = await startFundingServer();
  user = await registerTrader(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

const balanceOf = (u: Registered) => readBalance(t.server.ctx.db.kysely, u.user.id);

async function expectConserved(u: Registered): Promise<void> {
  const balance = await balanceOf(u);
  const sums = await sumLedger(t.server.ctx.db.kysely, u.user.id);
  expect({ balanceMicros: sums.freeMicros, frozenMicros: sums.frozenMicros }).toEqual(balance);
}

async function records(u: Registered, query: Record<string, number> = {}) {
  const res = await get(t.baseUrl, '/api/quickCharge/quick_ist', query, { token: u.token });
  expect(res.body.code, res.body.msg).toBe(1);
  return ChargeRecordPage.parse(res.body.data);
}

async function wire(u: Registered, number: string): Promise<number> {
  const proofImg = await uploadPicture(t.baseUrl, u.token);
  const res = await get(
    t.baseUrl,
    '/api/quickCharge/wire_submit',
    { number, proofImg, wire_id: 1 },
    { token: u.token },
  );
  expect(res.body.code, res.body.msg).toBe(1);
  return (res.body.data as { id: number }).id;
}

describe('deposit options', () => {
  it('lists the seeded coin addresses by currency, and the banks', async () => {
    const symbols = await get(t.baseUrl, '/api/quickCharge/symbols', {}, { token: user.token });
    expect(symbols.body.data).toEqual([
      { currency_code: 'USDT', protocols: ['TRC20', 'ERC20'] },
      { currency_code: 'BTC', protocols: ['BTC'] },
      { currency_code: 'ETH', protocols: ['ERC20'] },
    ]);
    const usdt = await get(
      t.baseUrl,
      '/api/quickCharge/info',
      { currency_code: 'USDT' },
      { token: user.token },
    );
    const list = ChargeAddress.array().parse(usdt.body.data);
    expect(list.map((a) => a.protocol_code)).toEqual(['TRC20', 'ERC20']);
    expect(list[0]?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const banks = await get(t.baseUrl, '/api/quickCharge/wire_info', {}, { token: user.token });
    expect(banks.body.data).toHaveLength(2);
    expect((banks.body.data as Array<{ bank_swift: string }>).map((b) => b.bank_swift)).toEqual([
      'BARCGB22',
      'DBSSSGSG',
    ]);
  });

  it('follows the operator: a disabled option disappears and cannot be used', async () => {
    const db = t.server.ctx.db.kysely;
    await db.updateTable('deposit_banks').set({ enabled: 0 }).where('id', '=', 2).execute();
    try {
      const banks = await get(t.baseUrl, '/api/quickCharge/wire_info', {}, { token: user.token });
      expect(banks.body.data).toHaveLength(1);
      const proofImg = await uploadPicture(t.baseUrl, user.token);
      const res = await get(
        t.baseUrl,
        '/api/quickCharge/wire_submit',
        { number: '5', proofImg, wire_id: 2 },
        { token: user.token },
      );
      expect(res.body.code).toBe(ERRORS.deposit_option_not_found.code);
    } finally {
      await db.updateTable('deposit_banks').set({ enabled: 1 }).where('id', '=', 2).execute();
    }
  });
});

describe('submitting a deposit', () => {
  it('records a coin deposit (GET as in the spec, POST too) and credits nothing yet', async () => {
    const u = await registerTrader(t.baseUrl);
    const proofImg = await uploadPicture(t.baseUrl, u.token);
    const viaGet = await get(
      t.baseUrl,
      '/api/quickCharge/submit',
      { number: '250.5', proofImg, charge_id: 1, address: 'ignored' },
      { token: u.token },
    );
    expect(viaGet.body.code, viaGet.body.msg).toBe(1);
    expect(viaGet.body.data).toMatchObject({
      number: '250.500000',
      type: 0,
      currency_code: 'USDT',
      status: 0,
      remark: '',
    });
    const viaPost = await post(
      t.baseUrl,
      '/api/quickCharge/submit',
      { number: '10', proofImg, charge_id: 3 },
      { token: u.token },
    );
    expect(viaPost.body.data).toMatchObject({ currency_code: 'BTC', status: 0 });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 0, frozenMicros: 0 });
    const page = await records(u);
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.number)).toEqual(['10.000000', '250.500000']);
  });

  it('refuses bad amounts, unknown options and pictures that are missing or not the user’s', async () => {
    const u = await registerTrader(t.baseUrl);
    const other = await registerTrader(t.baseUrl);
    const own = await uploadPicture(t.baseUrl, u.token);
    const theirs = await uploadPicture(t.baseUrl, other.token);
    const cases: Array<[Record<string, string | number>, keyof typeof ERRORS]> = [
      [{ number: '', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: '0', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: '-5', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: '1e3', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: '1.0000001', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: 'abc', proofImg: own, wire_id: 1 }, 'amount_invalid'],
      [{ number: '100', proofImg: own, wire_id: 99 }, 'deposit_option_not_found'],
      [{ number: '100', proofImg: '', wire_id: 1 }, 'picture_required'],
      [{ number: '100', proofImg: theirs, wire_id: 1 }, 'picture_not_owned'],
    ];
    for (const [query, key] of cases) {
      const res = await get(t.baseUrl, '/api/quickCharge/wire_submit', query, { token: u.token });
      expect(res.body.code, `${JSON.stringify(query)} → ${key}`).toBe(ERRORS[key].code);
    }
    const coin = await get(
      t.baseUrl,
      '/api/quickCharge/submit',
      { number: '5', proofImg: own, charge_id: 77 },
      { token: u.token },
    );
    expect(coin.body.code).toBe(ERRORS.deposit_option_not_found.code);
    expect((await records(u)).total).toBe(0);
  });
});

describe('reviewing deposits', () => {
  it('credits an approved deposit once, through the ledger, and records who and when', async () => {
    const u = await registerTrader(t.baseUrl);
    const id = await wire(u, '1500.25');
    const approved = await admin(t.baseUrl, '/api/admin/deposits/approve', { id, operator: 'ops-carla' });
    expect(approved.body.code, approved.body.msg).toBe(1);
    // Decided with the automation token: recorded as the token's, with the operator it names.
    expect(approved.body.data).toMatchObject({
      status: 1,
      decided_by: 'automation:ops-carla',
      number: '1500.250000',
    });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 1_500_250_000, frozenMicros: 0 });

    const again = await admin(t.baseUrl, '/api/admin/deposits/approve', { id, operator: 'ops-carla' });
    expect(again.body.code).toBe(ERRORS.record_already_decided.code);
    const reject = await admin(t.baseUrl, '/api/admin/deposits/reject', {
      id,
      operator: 'x',
      reason: 'late',
    });
    expect(reject.body.code).toBe(ERRORS.record_already_decided.code);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 1_500_250_000, frozenMicros: 0 });

    const ledger = await get(
      t.baseUrl,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
      { token: u.token },
    );
    expect((ledger.body.data as { list: unknown[] }).list).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        number: '1500.250000',
        balance: '1500.250000',
        memo: 'Deposit credited (USD)',
      }),
    ]);
    expect((await records(u, { type: 1 })).list[0]).toMatchObject({ id, status: 1 });
    await expectConserved(u);
  });

  it('rejects with a remark the trader sees, or marks invalid, crediting nothing', async () => {
    const u = await registerTrader(t.baseUrl);
    const a = await wire(u, '100');
    const b = await wire(u, '200');
    expect((await admin(t.baseUrl, '/api/admin/deposits/reject', { id: a, operator: 'ops' })).body.code).toBe(
      ERRORS.validation_failed.code,
    );
    expect(
      (
        await admin(t.baseUrl, '/api/admin/deposits/reject', {
          id: a,
          operator: 'ops',
          reason: 'No transfer received.',
        })
      ).body.code,
    ).toBe(1);
    expect(
      (
        await admin(t.baseUrl, '/api/admin/deposits/invalid', {
          id: b,
          operator: 'ops',
          reason: 'Duplicate.',
        })
      ).body.code,
    ).toBe(1);
    const page = await records(u);
    expect(page.list.map((r) => [r.status, r.remark])).toEqual([
      [3, 'Duplicate.'],
      [2, 'No transfer received.'],
    ]);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 0, frozenMicros: 0 });
    const unknown = await admin(t.baseUrl, '/api/admin/deposits/approve', { id: 987_654, operator: 'ops' });
    expect(unknown.body.code).toBe(ERRORS.record_not_found.code);
  });

  it('credits exactly once when operators approve the same deposit at the same time', async () => {
    const u = await registerTrader(t.baseUrl);
    const id = await wire(u, '42');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin(t.baseUrl, '/api/admin/deposits/approve', { id, operator: `ops-${i}` }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === ERRORS.record_already_decided.code)).toHaveLength(5);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 42_000_000, frozenMicros: 0 });
    await expectConserved(u);
  });

  it('pages the records, newest first, per type', async () => {
    const u = await registerTrader(t.baseUrl);
    const proofImg = await uploadPicture(t.baseUrl, u.token);
    // From 11 USD up: the minimum deposit is 10.
    for (let i = 11; i <= 32; i++) {
      await get(
        t.baseUrl,
        '/api/quickCharge/wire_submit',
        { number: String(i), proofImg, wire_id: 1 },
        { token: u.token },
      );
    }
    await get(
      t.baseUrl,
      '/api/quickCharge/submit',
      { number: '17', proofImg, charge_id: 2 },
      { token: u.token },
    );
    const first = await records(u, { type: 1, page: 1 });
    const second = await records(u, { type: 1, page: 2 });
    expect(first.total).toBe(22);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]?.number).toBe('32.000000');
    expect(second.list.map((r) => r.number)).toEqual(['12.000000', '11.000000']);
    expect((await records(u, { type: 0 })).total).toBe(1);
    expect((await records(u)).total).toBe(23);
  });
});
