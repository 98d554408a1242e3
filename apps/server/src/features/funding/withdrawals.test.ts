import { DrawCurrency, DrawMethod, DrawRecord, DrawRecordPage, ERRORS } from '@meridian/contract';
import { formatMicros, toMicros, withdrawQuote } from '@meridian/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { sumLedger } from '../accounts/accounts.repository.js';
import { readBalance } from '../accounts/ledger.js';
import { createRng } from '../markets/index.js';
import {
  admin,
  adminGet,
  get,
  post,
  type Registered,
  registerTrader,
  startFundingServer,
  TRADER_PASSWORD,
  uploadPicture,
} from './testing/harness.js';

const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BANK = {
  bank_name: 'HSBC UK Bank plc',
  bank_address: '1 Centenary Square, Birmingham B1 1HQ',
  bank_swift: 'hbuk gb4b',
  payee_name: 'Mei Ling Chan',
  payee_account: 'GB29 NWBK 6016 1331 9268 19',
};

let t: TestServer;
let currencies: { coin: DrawCurrency[]; bank: DrawCurrency[] };

beforeAll(async () => {
  t = await startFundingServer();
  const probe = await registerTrader(t.baseUrl);
  const coin = await get(t.baseUrl, '/api/account/draw_symbol_list', { type: 1 }, { token: probe.token });
  const bank = await get(t.baseUrl, '/api/account/draw_symbol_list', { type: 2 }, { token: probe.token });
  currencies = {
    coin: DrawCurrency.array().parse(coin.body.data),
    bank: DrawCurrency.array().parse(bank.body.data),
  };
});
afterAll(async () => {
  await t?.close();
});

function currency(code: string, protocol: string): DrawCurrency {
  const found = [...currencies.coin, ...currencies.bank].find(
    (c) => c.code === code && c.protocol === protocol,
  );
  if (!found) throw new Error(`no draw currency ${code} ${protocol}`);
  return found;
}
const usdtTrc = () => currency('USDT', 'TRC20');

const balanceOf = (u: Registered) => readBalance(t.server.ctx.db.kysely, u.user.id);
async function expectConserved(u: Registered): Promise<void> {
  const sums = await sumLedger(t.server.ctx.db.kysely, u.user.id);
  expect({ balanceMicros: sums.freeMicros, frozenMicros: sums.frozenMicros }).toEqual(await balanceOf(u));
}

/** A trader with `usd` credited the real way: a wire deposit the operator approves. */
async function fundedTrader(usd: string): Promise<Registered> {
  const u = await registerTrader(t.baseUrl);
  const proofImg = await uploadPicture(t.baseUrl, u.token);
  const dep = await get(
    t.baseUrl,
    '/api/quickCharge/wire_submit',
    { number: usd, proofImg, wire_id: 1 },
    { token: u.token },
  );
  const id = (dep.body.data as { id: number }).id;
  expect((await admin(t.baseUrl, '/api/admin/deposits/approve', { id, operator: 'ops' })).body.code).toBe(1);
  return u;
}

async function bind(u: Registered, form: Record<string, string | number>) {
  return post(
    t.baseUrl,
    '/api/wallet/bind_draw_method',
    { password: TRADER_PASSWORD, ...form },
    { token: u.token },
  );
}
async function bindCoin(u: Registered, c: DrawCurrency, address: string): Promise<DrawMethod> {
  const res = await bind(u, { type: 1, draw_id: c.id, dc_address: address });
  expect(res.body.code, res.body.msg).toBe(1);
  return DrawMethod.parse(res.body.data);
}
/** `from`: the client address (the harness trusts x-forwarded-for), so parallel requests are not throttled as guesses. */
async function draw(
  u: Registered,
  c: DrawCurrency,
  method: number,
  number: string,
  memo = '',
  from?: string,
) {
  return post(
    t.baseUrl,
    '/api/account/draw',
    { draw_currency_id: c.id, draw_method_id: method, number, memo, password: TRADER_PASSWORD },
    { token: u.token, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) },
  );
}

describe('withdrawal currencies and methods', () => {
  it('lists coin and bank currencies with their fee terms', () => {
    expect(currencies.coin.map((c) => `${c.code}/${c.protocol}`)).toEqual([
      'USDT/TRC20',
      'USDT/ERC20',
      'BTC/BTC',
      'ETH/ERC20',
    ]);
    expect(currencies.bank.map((c) => c.code)).toEqual(['USD', 'EUR']);
    expect(usdtTrc()).toMatchObject({ type: 1, fee_type: 1, draw_rate: '1', usd_price: '1' });
  });

  it('validates coin addresses by network', async () => {
    const u = await registerTrader(t.baseUrl);
    const good: Array<[DrawCurrency, string]> = [
      [usdtTrc(), TRC20],
      [currency('USDT', 'ERC20'), ERC20],
      [currency('ETH', 'ERC20'), ERC20.toLowerCase()],
      [currency('BTC', 'BTC'), BECH32],
      [currency('BTC', 'BTC'), LEGACY],
      [currency('BTC', 'BTC'), '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ];
    for (const [c, address] of good) await bindCoin(u, c, address);
    const bad: Array<[DrawCurrency, string]> = [
      [usdtTrc(), ERC20],
      [usdtTrc(), `${TRC20}x`],
      [usdtTrc(), TRC20.replace('b', '0')],
      [usdtTrc(), ''],
      [currency('USDT', 'ERC20'), TRC20],
      [currency('USDT', 'ERC20'), '0x12345'],
      [currency('USDT', 'ERC20'), `${ERC20.slice(0, -1)}G`],
      [currency('BTC', 'BTC'), ERC20],
      [currency('BTC', 'BTC'), 'bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      [currency('BTC', 'BTC'), '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ];
    for (const [c, address] of bad) {
      const res = await bind(u, { type: 1, draw_id: c.id, dc_address: address });
      expect(res.body.code, `${c.protocol} ${address}`).toBe(ERRORS.address_invalid.code);
    }
    const methods = await get(t.baseUrl, '/api/wallet/get_draw_method', { draw_type: 1 }, { token: u.token });
    expect(methods.body.data).toHaveLength(good.length);
  });

  it('requires the bank fields and a SWIFT code', async () => {
    const u = await registerTrader(t.baseUrl);
    const usd = currency('USD', '');
    const ok = await bind(u, { type: 2, draw_id: usd.id, ...BANK });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect(ok.body.data).toMatchObject({
      type: 2,
      bank_swift: 'HBUKGB4B',
      dc_address: '',
      draw_currency: { code: 'USD' },
    });
    for (const change of [
      { bank_name: '' },
      { payee_name: '' },
      { payee_account: '' },
      { bank_swift: '' },
      { bank_swift: 'HBUK' },
      { payee_account: '12' },
    ]) {
      const res = await bind(u, { type: 2, draw_id: usd.id, ...BANK, ...change });
      expect(res.body.code, JSON.stringify(change)).toBe(ERRORS.draw_method_invalid.code);
    }
    // A coin currency is not a bank one, and an unknown currency is not anything.
    expect((await bind(u, { type: 2, draw_id: usdtTrc().id, ...BANK })).body.code).toBe(
      ERRORS.draw_currency_not_found.code,
    );
    expect((await bind(u, { type: 1, draw_id: 999, dc_address: TRC20 })).body.code).toBe(
      ERRORS.draw_currency_not_found.code,
    );
  });

  it("never shows, uses or deletes another user's method", async () => {
    const alice = await fundedTrader('500');
    const bob = await registerTrader(t.baseUrl);
    const mine = await bindCoin(alice, usdtTrc(), TRC20);
    const bobs = await get(t.baseUrl, '/api/wallet/get_draw_method', {}, { token: bob.token });
    expect(bobs.body.data).toEqual([]);
    const del = await post(t.baseUrl, '/api/wallet/del_draw_method', { id: mine.id }, { token: bob.token });
    expect(del.body.code).toBe(ERRORS.draw_method_not_found.code);

    // Bob, funded, tries to withdraw to Alice's address through her method id.
    const rich = await fundedTrader('500');
    const steal = await draw(rich, usdtTrc(), mine.id, '100');
    expect(steal.body.code).toBe(ERRORS.draw_method_not_found.code);
    expect(await balanceOf(rich)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 0 });

    // Alice deletes it; it is gone for withdrawals too.
    expect(
      (await post(t.baseUrl, '/api/wallet/del_draw_method', { id: mine.id }, { token: alice.token })).body
        .code,
    ).toBe(1);
    expect(
      (await post(t.baseUrl, '/api/wallet/del_draw_method', { id: mine.id }, { token: alice.token })).body
        .code,
    ).toBe(ERRORS.draw_method_not_found.code);
    expect((await draw(alice, usdtTrc(), mine.id, '100')).body.code).toBe(ERRORS.draw_method_not_found.code);
    expect(await balanceOf(alice)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 0 });
  });

  it('filters methods by type and currency', async () => {
    const u = await registerTrader(t.baseUrl);
    await bindCoin(u, usdtTrc(), TRC20);
    await bindCoin(u, currency('BTC', 'BTC'), BECH32);
    await bind(u, { type: 2, draw_id: currency('EUR', '').id, ...BANK });
    const byCurrency = await get(
      t.baseUrl,
      '/api/wallet/get_draw_method',
      { draw_id: usdtTrc().id },
      { token: u.token },
    );
    expect((byCurrency.body.data as DrawMethod[]).map((m) => m.dc_address)).toEqual([TRC20]);
    const banks = await get(t.baseUrl, '/api/wallet/get_draw_method', { draw_type: 2 }, { token: u.token });
    expect((banks.body.data as DrawMethod[]).map((m) => m.draw_currency.code)).toEqual(['EUR']);
  });
});

describe('POST /api/account/draw', () => {
  it('freezes the amount at once, with the fee and receive amount of spec section 9', async () => {
    const u = await fundedTrader('1000');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const res = await draw(u, usdtTrc(), method.id, '100', 'first payout');
    expect(res.body.code, res.body.msg).toBe(1);
    expect(DrawRecord.parse(res.body.data)).toMatchObject({
      number: '100.000000',
      fee: '1.000000',
      real_number: '99.000000',
      status: 0,
      status_name: 'Processing',
      type: 1,
      address: TRC20,
      notes: 'first payout',
      draw_currency: { code: 'USDT', protocol: 'TRC20' },
    });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 900_000_000, frozenMicros: 100_000_000 });
    const ledger = await get(
      t.baseUrl,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
      { token: u.token },
    );
    expect((ledger.body.data as { list: unknown[] }).list[0]).toMatchObject({
      kind: 'withdraw_freeze',
      number: '-100.000000',
      lock_number: '100.000000',
      balance: '900.000000',
      lock_balance: '100.000000',
      memo: 'Withdrawal requested (USDT), amount frozen',
    });
    await expectConserved(u);
  });

  it('computes percentage fees and foreign receive amounts exactly as packages/trading does', async () => {
    const u = await fundedTrader('5000');
    const btc = currency('BTC', 'BTC');
    const eur = currency('EUR', '');
    const usd = currency('USD', '');
    const btcMethod = await bindCoin(u, btc, BECH32);
    const eurMethod = DrawMethod.parse((await bind(u, { type: 2, draw_id: eur.id, ...BANK })).body.data);
    const usdMethod = DrawMethod.parse((await bind(u, { type: 2, draw_id: usd.id, ...BANK })).body.data);
    for (const [c, m, amount] of [
      [btc, btcMethod, '1234.567891'],
      [eur, eurMethod, '333.33'],
      [usd, usdMethod, '0.5'],
    ] as const) {
      const res = await draw(u, c, m.id, amount);
      expect(res.body.code, res.body.msg).toBe(1);
      const quote = withdrawQuote({
        amountMicros: toMicros(amount),
        feeType: c.fee_type,
        drawRate: c.draw_rate,
        usdPrice: c.usd_price,
        receiveDecimals: c.receive_decimals,
      });
      const record = DrawRecord.parse(res.body.data);
      expect(record.real_number).toBe(quote.receiveStr);
      expect(record.fee).toBe(formatMicros(quote.feeMicros, 6));
    }
    // Spot checks against hand arithmetic: 1 % of 0.50 is 0.005; 0.495 × 1 = 0.49 (down: the house
    // never pays out more than the net).
    const list = DrawRecordPage.parse(
      (await get(t.baseUrl, '/api/account/draw_list', {}, { token: u.token })).body.data,
    );
    expect(list.list[0]).toMatchObject({ fee: '0.005000', real_number: '0.49' });
    // 333.33 − 15 = 318.33 USD × 0.92 = 292.8636 → 292.86 EUR.
    expect(list.list[1]).toMatchObject({ fee: '15.000000', real_number: '292.86' });
    // 0.5 % of 1234.567891 = 6.172839455 → 6.172839; 1228.395052 × 0.0000105 = 0.012898148046 → 8 decimals.
    expect(list.list[2]).toMatchObject({ fee: '6.172839', real_number: '0.01289814' });
  });

  it('refuses more than the free balance, a receive amount of 0, bad amounts and mismatched methods', async () => {
    const u = await fundedTrader('50');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const other = await bindCoin(u, currency('USDT', 'ERC20'), ERC20);
    const btc = await bindCoin(u, currency('BTC', 'BTC'), BECH32);
    const cases: Array<[string, number, number, keyof typeof ERRORS]> = [
      ['50.000001', usdtTrc().id, method.id, 'balance_too_low'],
      ['1', usdtTrc().id, method.id, 'amount_below_fee'],
      ['0.5', usdtTrc().id, method.id, 'amount_below_fee'],
      // Less than one satoshi left after the fee.
      ['0.000001', currency('BTC', 'BTC').id, btc.id, 'amount_below_fee'],
      ['0', usdtTrc().id, method.id, 'amount_invalid'],
      ['-10', usdtTrc().id, method.id, 'amount_invalid'],
      ['ten', usdtTrc().id, method.id, 'amount_invalid'],
      ['10', usdtTrc().id, other.id, 'draw_method_invalid'],
      ['10', 999, method.id, 'draw_currency_not_found'],
    ];
    for (const [number, currencyId, methodId, key] of cases) {
      const res = await post(
        t.baseUrl,
        '/api/account/draw',
        { draw_currency_id: currencyId, draw_method_id: methodId, number, password: TRADER_PASSWORD },
        { token: u.token },
      );
      expect(res.body.code, `${number} → ${key}`).toBe(ERRORS[key].code);
    }
    expect(await balanceOf(u)).toEqual({ balanceMicros: 50_000_000, frozenMicros: 0 });
    expect(
      DrawRecordPage.parse((await get(t.baseUrl, '/api/account/draw_list', {}, { token: u.token })).body.data)
        .total,
    ).toBe(0);
    // The whole free balance may go.
    expect((await draw(u, usdtTrc(), method.id, '50')).body.code).toBe(1);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 0, frozenMicros: 50_000_000 });
  });

  it('never over-freezes when many requests race for the same balance', async () => {
    const u = await fundedTrader('100');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    // From 12 addresses: the password each carries is checked through the login throttle, which
    // slows down parallel checks of one account from one address.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => draw(u, usdtTrc(), method.id, '30', '', `10.0.0.${i + 1}`)),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === ERRORS.balance_too_low.code)).toHaveLength(9);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 10_000_000, frozenMicros: 90_000_000 });
    await expectConserved(u);
  });
});

describe('reviewing withdrawals', () => {
  it('pays out (frozen released) or returns the amount (frozen back to free), once', async () => {
    const u = await fundedTrader('1000');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const paid = DrawRecord.parse((await draw(u, usdtTrc(), method.id, '300')).body.data);
    const returned = DrawRecord.parse((await draw(u, usdtTrc(), method.id, '200')).body.data);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 500_000_000 });

    // Approving records the approval and moves nothing: under the four-eyes threshold one is enough.
    const ok = await admin(t.baseUrl, '/api/admin/withdrawals/approve', { id: paid.id, operator: 'ops-dan' });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect(ok.body.data).toMatchObject({
      status: 0,
      decided_by: null,
      approved_by: ['automation:ops-dan'],
      approvals_needed: 1,
    });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 500_000_000 });

    // Paying needs the approval first, and a reference.
    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/paid', { id: returned.id, reference: 'TX-0' })).body
        .code,
    ).toBe(ERRORS.withdrawal_not_approved.code);
    expect((await admin(t.baseUrl, '/api/admin/withdrawals/paid', { id: paid.id })).body.code).toBe(
      ERRORS.validation_failed.code,
    );
    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/paid', { id: paid.id, reference: 'TX' })).body.code,
    ).toBe(ERRORS.validation_failed.code);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 500_000_000 });

    const out = await admin(t.baseUrl, '/api/admin/withdrawals/paid', {
      id: paid.id,
      operator: 'ops-dan',
      reference: 'TX-1',
    });
    expect(out.body.code, out.body.msg).toBe(1);
    expect(out.body.data).toMatchObject({
      status: 1,
      decided_by: 'automation:ops-dan',
      approved_by: ['automation:ops-dan'],
      paid_reference: 'TX-1',
    });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 500_000_000, frozenMicros: 200_000_000 });

    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/reject', { id: returned.id, operator: 'ops-dan' })).body
        .code,
    ).toBe(ERRORS.validation_failed.code);
    const no = await admin(t.baseUrl, '/api/admin/withdrawals/reject', {
      id: returned.id,
      operator: 'ops-eve',
      reason: 'Address on a sanctions list.',
    });
    expect(no.body.data).toMatchObject({
      status: 2,
      decided_by: 'automation:ops-eve',
      remark: 'Address on a sanctions list.',
    });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 700_000_000, frozenMicros: 0 });

    for (const [path, id] of [
      ['approve', paid.id],
      ['paid', paid.id],
      ['reject', paid.id],
      ['approve', returned.id],
      ['paid', returned.id],
    ] as const) {
      const again = await admin(t.baseUrl, `/api/admin/withdrawals/${path}`, {
        id,
        operator: 'x',
        reason: 'r',
        reference: 'TX-2',
      });
      expect(again.body.code, `${path} ${id}`).toBe(ERRORS.record_already_decided.code);
    }
    expect(await balanceOf(u)).toEqual({ balanceMicros: 700_000_000, frozenMicros: 0 });
    for (const path of ['approve', 'paid']) {
      expect(
        (
          await admin(t.baseUrl, `/api/admin/withdrawals/${path}`, {
            id: 424_242,
            operator: 'x',
            reference: 'TX-3',
          })
        ).body.code,
        path,
      ).toBe(ERRORS.record_not_found.code);
    }

    const fr = await get(t.baseUrl, '/api/account/draw_list', {}, { token: u.token, lang: 'fr' });
    expect(DrawRecordPage.parse(fr.body.data).list.map((r) => [r.status, r.status_name, r.remark])).toEqual([
      [2, 'Refusé', 'Address on a sanctions list.'],
      [1, 'Versé', ''],
    ]);
    const ledger = await get(
      t.baseUrl,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
      { token: u.token },
    );
    expect((ledger.body.data as { list: Array<{ kind: string }> }).list.map((r) => r.kind)).toEqual([
      'withdraw_returned',
      'withdraw_fee',
      'withdraw_paid',
      'withdraw_freeze',
      'withdraw_freeze',
      'deposit',
    ]);
    await expectConserved(u);
  });

  it('property: any mix of deposits, withdrawals and decisions conserves money', async () => {
    const rng = createRng(6);
    const u = await registerTrader(t.baseUrl);
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const proofImg = await uploadPicture(t.baseUrl, u.token);
    const pendingDeposits: Array<{ id: number; micros: number }> = [];
    const pendingDraws: Array<{ id: number; micros: number }> = [];
    let credited = 0;
    let paidOut = 0;
    let rejectedAfterApproval = 0;
    for (let step = 0; step < 60; step++) {
      const roll = rng.next();
      // At least 10 USD: the default minimum deposit.
      const micros = (Math.floor(rng.next() * 400) + 10) * 1_000_000;
      const number = String(micros / 1_000_000);
      if (roll < 0.3) {
        const res = await get(
          t.baseUrl,
          '/api/quickCharge/wire_submit',
          { number, proofImg, wire_id: 1 },
          { token: u.token },
        );
        pendingDeposits.push({ id: (res.body.data as { id: number }).id, micros });
      } else if (roll < 0.45 && pendingDeposits.length > 0) {
        const d = pendingDeposits.shift();
        const approve = rng.next() < 0.7;
        const res = await admin(t.baseUrl, `/api/admin/deposits/${approve ? 'approve' : 'reject'}`, {
          id: d?.id ?? 0,
          operator: 'p',
          reason: 'r',
        });
        expect(res.body.code).toBe(1);
        if (approve) credited += d?.micros ?? 0;
      } else if (roll < 0.75) {
        const res = await draw(u, usdtTrc(), method.id, number);
        const before = await balanceOf(u);
        if (res.body.code === 1) pendingDraws.push({ id: DrawRecord.parse(res.body.data).id, micros });
        else {
          expect(res.body.code).toBe(ERRORS.balance_too_low.code);
          expect(before.balanceMicros).toBeLessThan(micros);
        }
      } else if (pendingDraws.length > 0) {
        const balanceBefore = await balanceOf(u);
        const w = pendingDraws.shift();
        const pay = rng.next() < 0.5;
        const id = w?.id ?? 0;
        // Paid: approved, then paid. Returned: rejected, every other time after an approval
        // (an approval moves no money, and a reject still returns it all).
        if (pay || step % 2 === 0) {
          const approved = await admin(t.baseUrl, '/api/admin/withdrawals/approve', { id, operator: 'p' });
          expect(approved.body.code, approved.body.msg).toBe(1);
          expect(await balanceOf(u)).toEqual(balanceBefore);
        }
        const res = pay
          ? await admin(t.baseUrl, '/api/admin/withdrawals/paid', {
              id,
              operator: 'p',
              reference: `TX-${step}`,
            })
          : await admin(t.baseUrl, '/api/admin/withdrawals/reject', { id, operator: 'p', reason: 'r' });
        expect(res.body.code, res.body.msg).toBe(1);
        if (pay) paidOut += w?.micros ?? 0;
        else if (step % 2 === 0) rejectedAfterApproval++;
      }
      const balance = await balanceOf(u);
      const frozen = pendingDraws.reduce((sum, w) => sum + w.micros, 0);
      expect(balance.frozenMicros).toBe(frozen);
      expect(balance.balanceMicros + balance.frozenMicros).toBe(credited - paidOut);
      await expectConserved(u);
    }
    expect(credited).toBeGreaterThan(0);
    expect(paidOut).toBeGreaterThan(0);
    expect(rejectedAfterApproval).toBeGreaterThan(0);
  }, 60_000);

  it('wants a second member above the four-eyes threshold: the automation token counts once', async () => {
    const u = await fundedTrader('21000');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const big = DrawRecord.parse((await draw(u, usdtTrc(), method.id, '10000.01')).body.data);
    const exact = DrawRecord.parse((await draw(u, usdtTrc(), method.id, '10000')).body.data);
    const frozen = { balanceMicros: 999_990_000, frozenMicros: 20_000_010_000 };
    expect(await balanceOf(u)).toEqual(frozen);

    // At the threshold (10000 USD by default) one approval is enough; above it, two.
    const atThreshold = await admin(t.baseUrl, '/api/admin/withdrawals/approve', { id: exact.id });
    expect(atThreshold.body.data).toMatchObject({ approved_by: ['automation:token'], approvals_needed: 1 });
    const first = await admin(t.baseUrl, '/api/admin/withdrawals/approve', { id: big.id, operator: 'ops-a' });
    expect(first.body.code, first.body.msg).toBe(1);
    expect(first.body.data).toMatchObject({
      status: 0,
      approved_by: ['automation:ops-a'],
      approvals_needed: 2,
    });
    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/paid', { id: big.id, reference: 'TX-1' })).body.code,
    ).toBe(ERRORS.withdrawal_not_approved.code);
    // Another operator name is still the same member: the token.
    const second = await admin(t.baseUrl, '/api/admin/withdrawals/approve', {
      id: big.id,
      operator: 'ops-b',
    });
    expect(second.body.code).toBe(ERRORS.four_eyes_same_member.code);
    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/paid', { id: big.id, reference: 'TX-1' })).body.code,
    ).toBe(ERRORS.withdrawal_not_approved.code);
    const listed = await adminGet(t.baseUrl, '/api/admin/withdrawals', { status: 0 });
    expect(
      (listed.body.data as { list: Array<{ id: number }> }).list.find((w) => w.id === big.id),
    ).toMatchObject({
      approved_by: ['automation:ops-a'],
      approvals_needed: 2,
    });
    expect(await balanceOf(u)).toEqual(frozen);

    // The one at the threshold is complete with its single approval.
    const exactPaid = await admin(t.baseUrl, '/api/admin/withdrawals/paid', {
      id: exact.id,
      reference: 'TX-2',
    });
    expect(exactPaid.body.data).toMatchObject({ status: 1, paid_reference: 'TX-2' });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 999_990_000, frozenMicros: 10_000_010_000 });

    // Half-approved, it may still be refused: the whole amount returns.
    const no = await admin(t.baseUrl, '/api/admin/withdrawals/reject', {
      id: big.id,
      reason: 'Source of funds.',
    });
    expect(no.body.data).toMatchObject({ status: 2, decided_by: 'automation:token' });
    expect(await balanceOf(u)).toEqual({ balanceMicros: 11_000_000_000, frozenMicros: 0 });
    await expectConserved(u);
  });
});

describe('payout precision and the fee line (issue 11, item 5)', () => {
  it('lists each currency with its own precision', () => {
    expect(
      [...currencies.coin, ...currencies.bank].map(
        (c) => `${c.code}/${c.protocol || 'bank'}:${c.receive_decimals}`,
      ),
    ).toEqual(['USDT/TRC20:6', 'USDT/ERC20:6', 'BTC/BTC:8', 'ETH/ERC20:8', 'USD/bank:2', 'EUR/bank:2']);
  });

  it('pays 100 USD of BTC with a 1.25 USD fee to the satoshi, rounded down, instead of refusing it', async () => {
    // The operator's terms from the report: a fixed 1.25 USD fee. At 2 decimals anything under
    // about 477 USD received "0.00" BTC and was refused as not covering the fee.
    const db = t.server.ctx.db.kysely;
    const row = await db
      .insertInto('draw_currencies')
      .values({
        type: 1,
        code: 'BTC',
        protocol: 'BTC',
        draw_rate: '1.25',
        fee_type: 1,
        usd_price: '0.0000105',
        receive_decimals: 8,
        enabled: 1,
        sort: 99,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const u = await fundedTrader('500');
    const btc = DrawCurrency.array()
      .parse(
        (await get(t.baseUrl, '/api/account/draw_symbol_list', { type: 1 }, { token: u.token })).body.data,
      )
      .find((c) => c.id === Number(row.id));
    if (!btc) throw new Error('the new currency is not listed');
    const method = await bindCoin(u, btc, LEGACY);
    const res = await draw(u, btc, method.id, '100');
    expect(res.body.code, res.body.msg).toBe(1);
    // 100 − 1.25 = 98.75 USD × 0.0000105 = 0.001036875 BTC → 0.00103687 (down).
    const record = DrawRecord.parse(res.body.data);
    expect(record).toMatchObject({ number: '100.000000', fee: '1.250000', real_number: '0.00103687' });
    await db.updateTable('draw_currencies').set({ enabled: 0 }).where('id', '=', Number(row.id)).execute();

    // Paid: the net and the fee leave the frozen balance as two lines; the fee is the house's income.
    expect(
      (await admin(t.baseUrl, '/api/admin/withdrawals/approve', { id: record.id, operator: 'o' })).body.code,
    ).toBe(1);
    expect(
      (
        await admin(t.baseUrl, '/api/admin/withdrawals/paid', {
          id: record.id,
          operator: 'o',
          reference: 'TX-1',
        })
      ).body.code,
    ).toBe(1);
    const ledger = await get(
      t.baseUrl,
      '/v1/api/main/accountLog/forexChange',
      { page: 1 },
      { token: u.token },
    );
    const lines = (ledger.body.data as { list: Array<{ kind: string; lock_number: string; memo: string }> })
      .list;
    expect(lines.slice(0, 2)).toMatchObject([
      { kind: 'withdraw_fee', lock_number: '-1.250000', memo: 'Withdrawal fee (BTC)' },
      { kind: 'withdraw_paid', lock_number: '-98.750000', memo: 'Withdrawal paid out (BTC)' },
    ]);
    const fees = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<number | string>('frozen_delta_micros').as('n'))
      .where('kind', '=', 'withdraw_fee')
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(-Number(fees.n)).toBe(1_250_000);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 400_000_000, frozenMicros: 0 });
    await expectConserved(u);
  });
});

describe('retried money calls (issue 11: Idempotency-Key on funding)', () => {
  it('books a retried withdrawal once and answers the repeat with the first answer', async () => {
    const u = await fundedTrader('1000');
    const method = await bindCoin(u, usdtTrc(), TRC20);
    const key = { headers: { 'idempotency-key': 'draw-tap-0001' } };
    const form = { draw_currency_id: usdtTrc().id, draw_method_id: method.id, number: '100', memo: '' };
    const once = (headers: Record<string, string>) =>
      post(
        t.baseUrl,
        '/api/account/draw',
        { ...form, password: TRADER_PASSWORD },
        { token: u.token, headers },
      );
    const [first, second] = await Promise.all([once(key.headers), once(key.headers)]);
    const answers = [first, second].map((r) => r.body.code);
    // Both copies together: one books, the other gets the same answer or is told to retry.
    expect(answers).toContain(1);
    const again = await once(key.headers);
    expect(again.body).toEqual((first.body.code === 1 ? first : second).body);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 900_000_000, frozenMicros: 100_000_000 });
    // The same key with other parameters is refused, not replayed.
    const other = await post(
      t.baseUrl,
      '/api/account/draw',
      { ...form, number: '50', password: TRADER_PASSWORD },
      { token: u.token, headers: key.headers },
    );
    expect(other.body.code).toBe(ERRORS.idempotency_key_reused.code);
    expect(await balanceOf(u)).toEqual({ balanceMicros: 900_000_000, frozenMicros: 100_000_000 });
    await expectConserved(u);
  });

  it('records a retried deposit declaration once', async () => {
    const u = await registerTrader(t.baseUrl);
    const proofImg = await uploadPicture(t.baseUrl, u.token);
    const headers = { 'idempotency-key': 'wire-tap-0001' };
    const declare = () =>
      get(
        t.baseUrl,
        '/api/quickCharge/wire_submit',
        { number: '250', proofImg, wire_id: 1 },
        { token: u.token, headers },
      );
    const first = await declare();
    expect(first.body.code, first.body.msg).toBe(1);
    expect((await declare()).body).toEqual(first.body);
    const list = await get(t.baseUrl, '/api/quickCharge/quick_ist', {}, { token: u.token });
    expect((list.body.data as { total: number }).total).toBe(1);
  });
});
