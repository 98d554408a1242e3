import {
  ADMIN_TOKEN_HEADER,
  type AdminWithdrawal,
  ERRORS,
  endpoints,
  routes,
  STAFF_ROLES,
  STAFF_TOKEN_HEADER,
  type StaffApproval,
  type StaffAuditPage,
  type StaffInstrumentList,
  type StaffLoginAnswer,
  type StaffMe,
  type StaffRole,
  type StaffUserPage,
  type StaffUserProfile,
} from '@meridian/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../http/route.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { readBalance } from '../accounts/index.js';
import { noiseImage } from '../funding/testing/harness.js';
import {
  fixedCaptcha,
  get,
  post,
  type Registered,
  type Reply,
  registerUser,
  useCaptchaRegistration,
  withIdentity,
} from '../identity/testing/client.js';
import { totpAt } from '../identity/totp.js';
import { widen } from '../markets/market-ticks.js';
import {
  member,
  OWNER_BOOTSTRAP_PASSWORD,
  OWNER_EMAIL,
  ok,
  type SignedIn,
  STAFF_PASSWORD,
  signInOwner,
  staffBootstrapEnv,
  staffGet,
  staffPost,
} from './testing/staff-client.js';

const AUTOMATION = 'automation-secret-0123456789abcdef0123456789';

let t: TestServer;
let owner: SignedIn;
const members = new Map<StaffRole, SignedIn & { id: number }>();

beforeAll(async () => {
  t = await startTestServer({
    env: { ...staffBootstrapEnv(), TRUST_PROXY: 'true', ADMIN_TOKEN: AUTOMATION },
    overrides: withIdentity({ captchaText: fixedCaptcha }),
  });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
  await t.server.ctx.db.kysely
    .updateTable('settings')
    .set({ value: '0' })
    .where('key', '=', 'withdraw_requires_real_name')
    .execute();
  owner = await signInOwner(t.baseUrl);
  for (const role of STAFF_ROLES) {
    if (role !== 'owner') members.set(role, await member(t.baseUrl, owner.token, role));
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function tokenOf(role: StaffRole): string {
  if (role === 'owner') return owner.token;
  const m = members.get(role);
  if (!m) throw new Error(`no ${role}`);
  return m.token;
}

let nextTrader = 1;
function trader(): Promise<Registered> {
  return registerUser(t.baseUrl, `staff-trader${nextTrader++}-${Date.now()}@example.com`);
}

async function audit(action: string): Promise<StaffAuditPage['list']> {
  return ok<StaffAuditPage>(await staffGet(t.baseUrl, '/api/staff/audit', owner.token, { action })).list;
}

describe('staff sign-in', () => {
  it('makes the first owner change the bootstrap password and enrol TOTP before anything else', async () => {
    const fresh = await startTestServer({ env: staffBootstrapEnv() });
    try {
      const login = ok<StaffLoginAnswer>(
        await post(fresh.baseUrl, '/api/staff/login', {
          email: OWNER_EMAIL,
          password: OWNER_BOOTSTRAP_PASSWORD,
        }),
      );
      expect(login.stage).toBe('setup');
      const secret = login.setup?.secret ?? '';
      const setupToken = login.token ?? '';
      // The setup token opens nothing but the setup call.
      expect((await staffGet(fresh.baseUrl, '/api/staff/me', setupToken)).body.code).toBe(
        ERRORS.staff_session_expired.code,
      );
      const setup = (form: Record<string, string>) =>
        post(fresh.baseUrl, '/api/staff/setup', { setup_token: setupToken, ...form });
      expect((await setup({ password: 'short', code: totpAt(secret, Date.now()) })).body.code).toBe(
        ERRORS.weak_password.code,
      );
      expect(
        (await setup({ password: OWNER_BOOTSTRAP_PASSWORD, code: totpAt(secret, Date.now()) })).body.code,
      ).toBe(ERRORS.staff_password_reused.code);
      const wrong = totpAt(secret, Date.now()) === '000000' ? '111111' : '000000';
      expect((await setup({ password: STAFF_PASSWORD, code: wrong })).body.code).toBe(
        ERRORS.staff_code_invalid.code,
      );
      const session = ok<{ token: string; staff: StaffMe }>(
        await setup({ password: STAFF_PASSWORD, code: totpAt(secret, Date.now()) }),
      );
      expect(session.staff).toMatchObject({ email: OWNER_EMAIL, role: 'owner' });
      // Spent: the setup token cannot be used twice, and the old password is gone.
      expect((await setup({ password: 'another-pass-1', code: totpAt(secret, Date.now()) })).body.code).toBe(
        ERRORS.staff_setup_expired.code,
      );
      expect(
        (
          await post(fresh.baseUrl, '/api/staff/login', {
            email: OWNER_EMAIL,
            password: OWNER_BOOTSTRAP_PASSWORD,
          })
        ).body.code,
      ).toBe(ERRORS.staff_login_failed.code);
      // Next sign-in: password, then the code (a code already used is refused: replay).
      const step1 = ok<StaffLoginAnswer>(
        await post(fresh.baseUrl, '/api/staff/login', { email: OWNER_EMAIL, password: STAFF_PASSWORD }),
      );
      expect(step1).toEqual({ stage: 'code' });
      const next = totpAt(secret, Date.now() + 30_000);
      const signed = ok<StaffLoginAnswer>(
        await post(fresh.baseUrl, '/api/staff/login', {
          email: OWNER_EMAIL,
          password: STAFF_PASSWORD,
          code: next,
        }),
      );
      expect(signed.stage).toBe('ok');
      expect(
        (
          await post(fresh.baseUrl, '/api/staff/login', {
            email: OWNER_EMAIL,
            password: STAFF_PASSWORD,
            code: next,
          })
        ).body.code,
      ).toBe(ERRORS.staff_code_invalid.code);
      // The bootstrap never runs again once staff exist.
      expect((await fresh.server.ctx.db.kysely.selectFrom('staff').select('id').execute()).length).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const unknown = await post(t.baseUrl, '/api/staff/login', {
      email: 'nobody@example.com',
      password: 'whatever-1',
    });
    const wrong = await post(t.baseUrl, '/api/staff/login', { email: OWNER_EMAIL, password: 'whatever-1' });
    expect(unknown.body.code).toBe(ERRORS.staff_login_failed.code);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('slows down password guessing on a staff account', async () => {
    const from = { headers: { 'x-forwarded-for': '198.51.100.23' } };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await post(t.baseUrl, '/api/staff/login', { email: OWNER_EMAIL, password: `guess-${i}` }, from)).body
          .code,
      );
    }
    expect(codes.slice(0, 3)).toEqual([
      ERRORS.staff_login_failed.code,
      ERRORS.staff_login_failed.code,
      ERRORS.staff_login_failed.code,
    ]);
    expect(codes).toContain(ERRORS.login_slow_down.code);
  });

  it('keeps staff and trader sessions apart: neither token opens the other side', async () => {
    const u = await trader();
    // A trader's token, wherever it is put, is not a staff session.
    expect((await get(t.baseUrl, '/api/staff/me', {}, { token: u.token })).body.code).toBe(
      ERRORS.staff_session_expired.code,
    );
    expect((await staffGet(t.baseUrl, '/api/staff/me', u.token)).body.code).toBe(
      ERRORS.staff_session_expired.code,
    );
    // A staff token is not a trader session.
    expect((await get(t.baseUrl, '/api/user/info', {}, { token: owner.token })).body.code).toBe(999);
    // The automation token opens the review queues only.
    const headers = { [ADMIN_TOKEN_HEADER]: AUTOMATION };
    expect((await get(t.baseUrl, '/api/admin/deposits', {}, { headers })).body.code).toBe(1);
    expect((await get(t.baseUrl, '/api/staff/users', {}, { headers })).body.code).toBe(ERRORS.forbidden.code);
  });

  it('ends a session after the idle timeout, at sign-out, and when the member is disabled', async () => {
    const m = await member(t.baseUrl, owner.token, 'support');
    expect((await staffGet(t.baseUrl, '/api/staff/me', m.token)).body.code).toBe(1);
    // Idle past the limit: the session was last seen 31 minutes ago.
    await t.server.ctx.db.kysely
      .updateTable('staff_sessions')
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where('staff_id', '=', m.id)
      .execute();
    expect((await staffGet(t.baseUrl, '/api/staff/me', m.token)).body.code).toBe(
      ERRORS.staff_session_expired.code,
    );

    const again = await member(t.baseUrl, owner.token, 'support');
    ok(await staffPost(t.baseUrl, '/api/staff/members/update', owner.token, { id: again.id, disabled: 1 }));
    expect((await staffGet(t.baseUrl, '/api/staff/me', again.token)).body.code).toBe(
      ERRORS.staff_session_expired.code,
    );

    const third = await member(t.baseUrl, owner.token, 'content');
    ok(await staffPost(t.baseUrl, '/api/staff/logout', third.token));
    expect((await staffGet(t.baseUrl, '/api/staff/me', third.token)).body.code).toBe(
      ERRORS.staff_session_expired.code,
    );
  });

  it('never leaves the console without an active owner', async () => {
    const me = ok<StaffMe>(await staffGet(t.baseUrl, '/api/staff/me', owner.token));
    const res = await staffPost(t.baseUrl, '/api/staff/members/update', owner.token, {
      id: me.id,
      disabled: 1,
    });
    expect(res.body.code).toBe(ERRORS.staff_last_owner.code);
    const demote = await staffPost(t.baseUrl, '/api/staff/members/update', owner.token, {
      id: me.id,
      role: 'finance',
    });
    expect(demote.body.code).toBe(ERRORS.staff_last_owner.code);
    expect(
      (
        await staffPost(t.baseUrl, '/api/staff/members/create', owner.token, {
          email: OWNER_EMAIL,
          role: 'support',
        })
      ).body.code,
    ).toBe(ERRORS.staff_email_taken.code);
  });

  it('refuses every staff call from an address off the allow-list', async () => {
    const guarded = await startTestServer({
      env: { ...staffBootstrapEnv(), TRUST_PROXY: 'true', STAFF_ALLOWED_ADDRESSES: '10.0.0.0/8,192.168.1.7' },
    });
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      const body = { email: OWNER_EMAIL, password: OWNER_BOOTSTRAP_PASSWORD };
      expect((await post(guarded.baseUrl, '/api/staff/login', body, from('203.0.113.9'))).body.code).toBe(
        ERRORS.staff_address_refused.code,
      );
      expect((await post(guarded.baseUrl, '/api/staff/login', body, from('10.2.3.4'))).body.code).toBe(1);
      expect((await post(guarded.baseUrl, '/api/staff/login', body, from('192.168.1.7'))).body.code).toBe(1);
    } finally {
      await guarded.close();
    }
  });
});

describe('roles', () => {
  it('lets every role reach exactly the staff calls the endpoint table gives it', async () => {
    const staffRoutes = registeredRoutes(t.server.app).filter(
      (r) => r.auth === 'staff' && r.endpoint.id !== 'staffLogout',
    );
    expect(staffRoutes.length).toBeGreaterThan(30);
    const seen: string[] = [];
    for (const route of staffRoutes) {
      const path = route.path.replace(':key', 'missing-key');
      for (const role of STAFF_ROLES) {
        const allowed = role === 'owner' || route.endpoint.route.roles.includes(role);
        // An empty payload: an allowed caller meets validation (or a read), never a change.
        const reply: Reply =
          route.method === 'GET'
            ? await staffGet(t.baseUrl, path, tokenOf(role))
            : await staffPost(t.baseUrl, path, tokenOf(role));
        seen.push(`${route.endpoint.id}:${role}`);
        if (allowed)
          expect(reply.body.code, `${role} on ${route.endpoint.id}`).not.toBe(ERRORS.forbidden.code);
        else expect(reply.body.code, `${role} on ${route.endpoint.id}`).toBe(ERRORS.forbidden.code);
      }
      // The automation token: only where the route says so.
      const automation =
        route.method === 'GET'
          ? await get(t.baseUrl, path, {}, { headers: { [ADMIN_TOKEN_HEADER]: AUTOMATION } })
          : await post(t.baseUrl, path, {}, { headers: { [ADMIN_TOKEN_HEADER]: AUTOMATION } });
      if (route.endpoint.route.automation) expect(automation.body.code).not.toBe(ERRORS.forbidden.code);
      else expect(automation.body.code, `automation on ${route.endpoint.id}`).toBe(ERRORS.forbidden.code);
      // Nobody at all: the session is missing.
      const anonymous = route.method === 'GET' ? await get(t.baseUrl, path) : await post(t.baseUrl, path, {});
      expect(anonymous.body.code).toBe(ERRORS.staff_session_expired.code);
    }
    expect(seen.length).toBe(staffRoutes.length * STAFF_ROLES.length);
    // The endpoint table is the source: a finance member reaches deposits, not the dealing desk.
    expect(endpoints.adminDeposits.route.roles).toContain('finance');
    expect(endpoints.staffInstrumentUpdate.route.roles).not.toContain('finance');
  });
});

describe('four eyes', () => {
  it('pays a withdrawal above the threshold only after two different members approved it', async () => {
    ok(
      await staffPost(t.baseUrl, '/api/staff/settings/update', tokenOf('dealing'), {
        key: 'withdraw_four_eyes_usd',
        value: '100',
      }),
    );
    const u = await trader();
    // Funded the real way: a wire deposit finance approves.
    const proof = await uploadJpeg(u.token);
    const dep = await get(
      t.baseUrl,
      '/api/quickCharge/wire_submit',
      { number: '1000', proofImg: proof, wire_id: 1 },
      { token: u.token },
    );
    const depositId = (dep.body.data as { id: number }).id;
    ok(await staffPost(t.baseUrl, '/api/admin/deposits/approve', tokenOf('finance'), { id: depositId }));
    const wid = await withdraw(u, '500');
    const before = await readBalance(t.server.ctx.db.kysely, u.user.id);

    const first = ok<AdminWithdrawal>(
      await staffPost(t.baseUrl, '/api/admin/withdrawals/approve', tokenOf('finance'), { id: wid }),
    );
    expect(first).toMatchObject({
      status: 0,
      approvals_needed: 2,
      approved_by: [members.get('finance')?.email],
    });
    // The same member cannot be the second pair of eyes, and nothing is paid before both.
    expect(
      (await staffPost(t.baseUrl, '/api/admin/withdrawals/approve', tokenOf('finance'), { id: wid })).body
        .code,
    ).toBe(ERRORS.four_eyes_same_member.code);
    expect(
      (
        await staffPost(t.baseUrl, '/api/admin/withdrawals/paid', tokenOf('finance'), {
          id: wid,
          reference: 'TX-1',
        })
      ).body.code,
    ).toBe(ERRORS.withdrawal_not_approved.code);
    expect(await readBalance(t.server.ctx.db.kysely, u.user.id)).toEqual(before);

    const second = await member(t.baseUrl, owner.token, 'finance');
    const done = ok<AdminWithdrawal>(
      await staffPost(t.baseUrl, '/api/admin/withdrawals/approve', second.token, { id: wid }),
    );
    expect(done.approved_by).toHaveLength(2);
    const paid = ok<AdminWithdrawal>(
      await staffPost(t.baseUrl, '/api/admin/withdrawals/paid', second.token, {
        id: wid,
        reference: 'TX-4242',
      }),
    );
    expect(paid).toMatchObject({ status: 1, paid_reference: 'TX-4242' });
    const after = await readBalance(t.server.ctx.db.kysely, u.user.id);
    expect(after.frozenMicros).toBe(before.frozenMicros - 500_000_000);
    expect(after.balanceMicros).toBe(before.balanceMicros);
    // Paid once.
    expect(
      (
        await staffPost(t.baseUrl, '/api/admin/withdrawals/paid', second.token, {
          id: wid,
          reference: 'TX-4242',
        })
      ).body.code,
    ).toBe(ERRORS.record_already_decided.code);
    const actions = (await audit('withdrawal.approve')).filter((a) => a.target === `withdrawal:${wid}`);
    expect(actions.map((a) => a.actor).sort()).toEqual([members.get('finance')?.email, second.email].sort());
    expect(
      (await audit('withdrawal.paid')).some(
        (a) => a.target === `withdrawal:${wid}` && a.actor === second.email,
      ),
    ).toBe(true);
  });

  it('books a manual credit or debit only when a second member approves it, in its own ledger kind', async () => {
    const u = await trader();
    const finance = members.get('finance');
    const request = ok<StaffApproval>(
      await staffPost(t.baseUrl, '/api/staff/users/adjust', tokenOf('finance'), {
        id: u.user.id,
        amount: '25.5',
        reason: 'goodwill',
      }),
    );
    expect(request).toMatchObject({ status: 0, amount: '25.500000', requested_by: finance?.email });
    expect(await readBalance(t.server.ctx.db.kysely, u.user.id)).toEqual({
      balanceMicros: 0,
      frozenMicros: 0,
    });
    expect(
      (await staffPost(t.baseUrl, '/api/staff/approvals/approve', tokenOf('finance'), { id: request.id }))
        .body.code,
    ).toBe(ERRORS.four_eyes_same_member.code);
    const approved = ok<StaffApproval>(
      await staffPost(t.baseUrl, '/api/staff/approvals/approve', tokenOf('compliance'), { id: request.id }),
    );
    expect(approved.status).toBe(1);
    expect(await readBalance(t.server.ctx.db.kysely, u.user.id)).toEqual({
      balanceMicros: 25_500_000,
      frozenMicros: 0,
    });
    const ledger = await t.server.ctx.db.kysely
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', u.user.id)
      .execute();
    expect(ledger.map((l) => [l.kind, Number(l.free_delta_micros)])).toEqual([['adjustment', 25_500_000]]);
    // Approved once only.
    expect(
      (await staffPost(t.baseUrl, '/api/staff/approvals/approve', owner.token, { id: request.id })).body.code,
    ).toBe(ERRORS.approval_decided.code);
    // A debit larger than the free balance is refused and changes nothing; the request stays open.
    const debit = ok<StaffApproval>(
      await staffPost(t.baseUrl, '/api/staff/users/adjust', tokenOf('finance'), {
        id: u.user.id,
        amount: '-30',
        reason: 'chargeback',
      }),
    );
    expect(
      (await staffPost(t.baseUrl, '/api/staff/approvals/approve', owner.token, { id: debit.id })).body.code,
    ).toBe(ERRORS.insufficient_balance.code);
    expect(await readBalance(t.server.ctx.db.kysely, u.user.id)).toEqual({
      balanceMicros: 25_500_000,
      frozenMicros: 0,
    });
    expect(
      ok<{ list: StaffApproval[] }>(
        await staffGet(t.baseUrl, '/api/staff/approvals', owner.token, { status: 0 }),
      ).list.some((a) => a.id === debit.id),
    ).toBe(true);
    // Bad amounts never become a request.
    for (const amount of ['0', 'abc', '1e9', '1.1234567']) {
      expect(
        (
          await staffPost(t.baseUrl, '/api/staff/users/adjust', tokenOf('finance'), {
            id: u.user.id,
            amount,
            reason: 'x-test',
          })
        ).body.code,
      ).not.toBe(1);
    }
  });
});

describe('the user desk', () => {
  it('finds a trader and freezes their trading and withdrawals until compliance frees them', async () => {
    const u = await trader();
    const found = ok<StaffUserPage>(
      await staffGet(t.baseUrl, '/api/staff/users', tokenOf('support'), { q: u.user.email ?? '' }),
    );
    expect(found.list.map((r) => r.id)).toEqual([u.user.id]);
    const profile = ok<StaffUserProfile>(
      await staffGet(t.baseUrl, '/api/staff/users/profile', tokenOf('support'), { id: u.user.id }),
    );
    expect(profile.user).toMatchObject({ trading_frozen: false, withdrawals_frozen: false, is_demo: false });
    expect(profile.logins.length).toBeGreaterThan(0);

    ok(
      await staffPost(t.baseUrl, '/api/staff/users/restrict', tokenOf('compliance'), {
        id: u.user.id,
        trading_frozen: 1,
        withdrawals_frozen: 1,
        reason: 'source of funds check',
      }),
    );
    const submit = await get(
      t.baseUrl,
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: 1, status: 1, multiple: 30 },
      { token: u.token },
    );
    expect(submit.body.code).toBe(ERRORS.trading_frozen.code);
    const draw = await post(
      t.baseUrl,
      '/api/account/draw',
      { draw_currency_id: 1, draw_method_id: 1, number: '10', password: 'secret123' },
      { token: u.token },
    );
    expect(draw.body.code).toBe(ERRORS.withdrawals_frozen.code);

    ok(
      await staffPost(t.baseUrl, '/api/staff/users/restrict', tokenOf('compliance'), {
        id: u.user.id,
        trading_frozen: 0,
        reason: 'cleared',
      }),
    );
    const again = await get(
      t.baseUrl,
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: 1, status: 1, multiple: 30 },
      { token: u.token },
    );
    expect(again.body.code).not.toBe(ERRORS.trading_frozen.code);
    const entry = (await audit('user.restrict')).find((a) => a.target === `user:${u.user.id}`);
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      trading_frozen: false,
      withdrawals_frozen: true,
      reason: 'cleared',
    });
  });

  it('logs a trader out everywhere at once', async () => {
    const u = await trader();
    expect((await get(t.baseUrl, '/api/user/info', {}, { token: u.token })).body.code).toBe(1);
    ok(
      await staffPost(t.baseUrl, '/api/staff/users/logout', tokenOf('support'), {
        id: u.user.id,
        reason: 'lost phone',
      }),
    );
    expect((await get(t.baseUrl, '/api/user/info', {}, { token: u.token })).body.code).toBe(999);
  });

  it("takes down a strategy's picture, logged, and shows the strategy on the trader's record", async () => {
    const u = await trader();
    const published = await post(
      t.baseUrl,
      routes.publish.path,
      { name: 'Moderated', desc: '', fee_rate: '0', min_invest: '100' },
      { token: u.token },
    );
    expect(published.body.code, published.body.msg).toBe(1);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await noiseImage(80, 60, 'png'))], { type: 'image/png' }),
      'a.png',
    );
    const sent = await fetch(`${t.baseUrl}${routes.avatarUpload.path}`, {
      method: 'POST',
      headers: { authorization: u.token, lang: 'en' },
      body: form,
    });
    const avatar = ((await sent.json()) as { data: { avatar: string } }).data.avatar;
    expect(avatar).toContain(routes.strategyAvatar.path);

    const profile = () =>
      staffGet(t.baseUrl, routes.staffUser.path, tokenOf('support'), { id: u.user.id }).then((r) =>
        ok<StaffUserProfile>(r),
      );
    expect((await profile()).strategy).toMatchObject({ name: 'Moderated', status: 'active', avatar });

    // The dealing desk has no say over a trader's record.
    const refused = await staffPost(t.baseUrl, routes.staffUserAvatarRemove.path, tokenOf('dealing'), {
      id: u.user.id,
      reason: 'offensive',
    });
    expect(refused.body.code).toBe(ERRORS.forbidden.code);
    expect((await profile()).strategy?.avatar).toBe(avatar);

    ok(
      await staffPost(t.baseUrl, routes.staffUserAvatarRemove.path, tokenOf('support'), {
        id: u.user.id,
        reason: 'offensive',
      }),
    );
    expect((await profile()).strategy?.avatar).toBeNull();
    const gone = await fetch(`${t.baseUrl}${avatar}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    const entry = (await audit('user.strategy_avatar_remove')).find((a) => a.target === `user:${u.user.id}`);
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ avatar: null, reason: 'offensive' });
    // The log's filter takes what is typed literally: '_' and '%' are no wildcards.
    expect((await audit('user.strategy%avatar')).length).toBe(0);
    expect((await audit('user.strategy_avatar_')).some((a) => a.target === `user:${u.user.id}`)).toBe(true);
    // Nothing left to take down.
    const again = await staffPost(t.baseUrl, routes.staffUserAvatarRemove.path, tokenOf('support'), {
      id: u.user.id,
      reason: 'offensive',
    });
    expect(again.body.code).toBe(ERRORS.not_found.code);
  });
});

describe('the dealing desk', () => {
  it('applies a new minimum spread on this node at once, and refuses terms that do not hold together', async () => {
    const list = ok<StaffInstrumentList>(
      await staffGet(t.baseUrl, '/api/staff/instruments', tokenOf('dealing')),
    );
    const eurusd = list.list.find((i) => i.code === 'EURUSD');
    if (!eurusd) throw new Error('no EURUSD');
    ok(
      await staffPost(t.baseUrl, '/api/staff/instruments/update', tokenOf('dealing'), {
        id: eurusd.id,
        spread: '0.00050',
      }),
    );
    expect(t.server.ctx.services.markets.instrument(eurusd.id)?.dealerSpread).toBe('0.00050');
    const invalid: Record<string, string | number>[] = [
      { id: eurusd.id, min_lots: '200', max_lots: '100' },
      { id: eurusd.id, spread: '0.0000001' },
      { id: eurusd.id, lot_step: '0.03', min_lots: '0.01' },
    ];
    for (const form of invalid) {
      const res = await staffPost(t.baseUrl, '/api/staff/instruments/update', tokenOf('dealing'), form);
      expect(res.body.code, JSON.stringify(form)).toBe(ERRORS.instrument_terms_invalid.code);
    }
    expect(t.server.ctx.services.markets.instrument(eurusd.id)?.minLots).toBe(eurusd.min_lots);
    ok(
      await staffPost(t.baseUrl, '/api/staff/instruments/update', tokenOf('dealing'), {
        id: eurusd.id,
        spread: '',
      }),
    );
    expect(t.server.ctx.services.markets.instrument(eurusd.id)?.dealerSpread).toBe('');
    const changes = (await audit('instrument.update')).filter((a) => a.target === 'instrument:EURUSD');
    expect(changes.length).toBeGreaterThanOrEqual(2);
  });

  it('widens a narrower quote around its mid, and leaves a wider one alone', () => {
    expect(widen('1.10000', '1.10010', '0.00050', 5)).toEqual(['1.09980', '1.10030']);
    expect(widen('1.10000', '1.10100', '0.00050', 5)).toEqual(['1.10000', '1.10100']);
    // Applying it twice (leader, then follower) changes nothing more.
    expect(widen('1.09980', '1.10030', '0.00050', 5)).toEqual(['1.09980', '1.10030']);
  });

  it('validates settings by kind and keeps the margin call above the stop-out', async () => {
    const token = tokenOf('dealing');
    for (const [key, value] of [
      ['stop_out_level', 'abc'],
      ['stop_out_level', '150'],
      ['contact_email', 'not-an-email'],
      ['trade_fee_type', '3'],
      ['service_link', 'javascript:alert(1)'],
      ['two_factor_key', 'x'],
    ]) {
      expect(
        (
          await staffPost(t.baseUrl, '/api/staff/settings/update', token, {
            key: key ?? '',
            value: value ?? '',
          })
        ).body.code,
        `${key}=${value}`,
      ).toBe(ERRORS.setting_invalid.code);
    }
    ok(
      await staffPost(t.baseUrl, '/api/staff/settings/update', token, {
        key: 'contact_email',
        value: 'help@broker.example',
      }),
    );
    const info = await get(t.baseUrl, '/api/default/setting', { key: 'contact_email' });
    expect(JSON.stringify(info.body.data)).toContain('help@broker.example');
  });
});

describe('content and funding options', () => {
  it('publishes an article in several languages, sanitised, and hides it again', async () => {
    const token = tokenOf('content');
    const preview = ok<{ html: string }>(
      await staffPost(t.baseUrl, '/api/staff/news/preview', token, {
        content: '<p>Hi</p><script>alert(1)</script>',
      }),
    );
    expect(preview.html).toContain('<p>Hi</p>');
    expect(preview.html).not.toContain('script');
    const res = await fetch(`${t.baseUrl}/api/staff/news/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [STAFF_TOKEN_HEADER]: token },
      body: JSON.stringify({
        category_id: 1,
        published: true,
        texts: [
          {
            lang: 'en',
            title: 'Holiday hours',
            desc: 'Markets close early',
            content: '<p>Early close</p><img src=x onerror=alert(1)>',
          },
          { lang: 'ar', title: 'ساعات العطلة', desc: 'تغلق الأسواق مبكرا', content: '<p>إغلاق مبكر</p>' },
        ],
      }),
    });
    const saved = (
      (await res.json()) as { code: number; data: { id: number; texts: { lang: string; content: string }[] } }
    ).data;
    expect(saved.texts.find((x) => x.lang === 'en')?.content).not.toContain('onerror');
    const publicList = async (lang: string) =>
      (
        (await get(t.baseUrl, '/api/news/list', { category_id: 1 }, { lang })).body.data as {
          list: { id: number; title: string }[];
        }
      ).list;
    expect((await publicList('ar')).find((n) => n.id === saved.id)?.title).toBe('ساعات العطلة');
    expect((await publicList('de')).find((n) => n.id === saved.id)?.title).toBe('Holiday hours');
    const hide = await fetch(`${t.baseUrl}/api/staff/news/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [STAFF_TOKEN_HEADER]: token },
      body: JSON.stringify({
        id: saved.id,
        category_id: 1,
        published: false,
        texts: [{ lang: 'en', title: 'Holiday hours', desc: 'x', content: '' }],
      }),
    });
    expect(((await hide.json()) as { code: number }).code).toBe(1);
    expect((await publicList('en')).some((n) => n.id === saved.id)).toBe(false);
    expect((await audit('news.create')).some((a) => a.target === `news:${saved.id}`)).toBe(true);
  });

  it('adds a company the public directory finds', async () => {
    const company = ok<{ id: number }>(
      await staffPost(t.baseUrl, '/api/staff/companies/save', tokenOf('content'), {
        name: 'Zebra Liquidity Partners',
        url: 'https://zebra.example',
        email: 'desk@zebra.example',
      }),
    );
    const found = await get(t.baseUrl, '/api/company/getCompany', { name: 'zebra liq' });
    expect((found.body.data as { list: { id: number }[] }).list.map((c) => c.id)).toContain(company.id);
    expect(
      (
        await staffPost(t.baseUrl, '/api/staff/companies/save', tokenOf('content'), {
          name: 'x',
          url: 'javascript:alert(1)',
        })
      ).body.code,
    ).toBe(ERRORS.validation_failed.code);
  });

  it('offers a new wire bank to traders only once it is enabled', async () => {
    const token = tokenOf('dealing');
    const form = {
      currency_code: 'CHF',
      bank_name: 'Alpine Bank',
      payee_name: 'Meridian Ltd',
      payee_account: 'CH9300762011623852957',
      enabled: 0,
    };
    const after = ok<{ deposit_banks: { id: number; bank_name: string; enabled: boolean }[] }>(
      await staffPost(t.baseUrl, '/api/staff/funding_options/deposit_bank', token, form),
    );
    const bank = after.deposit_banks.find((b) => b.bank_name === 'Alpine Bank');
    expect(bank?.enabled).toBe(false);
    const u = await trader();
    const offered = async () =>
      JSON.stringify(
        (await get(t.baseUrl, '/api/quickCharge/wire_info', { currency_code: 'CHF' }, { token: u.token }))
          .body.data,
      );
    expect(await offered()).not.toContain('Alpine Bank');
    ok(
      await staffPost(t.baseUrl, '/api/staff/funding_options/deposit_bank', token, {
        ...form,
        id: bank?.id ?? 0,
        enabled: 1,
      }),
    );
    expect(await offered()).toContain('Alpine Bank');
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete a row', async () => {
    const db = t.server.ctx.db.kysely;
    expect((await db.selectFrom('staff_audit').select('id').execute()).length).toBeGreaterThan(0);
    await expect(sql`UPDATE staff_audit SET actor = 'someone else'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM staff_audit`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('records staff management with who, what and from where', async () => {
    const created = (await audit('staff.create')).filter((a) => a.actor === OWNER_EMAIL);
    expect(created.length).toBeGreaterThanOrEqual(5);
    expect(JSON.parse(created[0]?.after ?? '{}')).toHaveProperty('role');
    expect(created[0]?.address).toBe('127.0.0.1');
  });
});

async function uploadJpeg(token: string): Promise<string> {
  const { jpegWithExif } = await import('../funding/testing/harness.js');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await jpegWithExif())], { type: 'image/jpeg' }), 'p.jpg');
  const res = await fetch(`${t.baseUrl}/api/common/image_upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await res.json()) as { data: { key: string } };
  return body.data.key;
}

async function withdraw(u: Registered, number: string): Promise<number> {
  const list = await get(t.baseUrl, '/api/account/draw_symbol_list', { type: 1 }, { token: u.token });
  const usdt = (list.body.data as { id: number; code: string; protocol: string }[]).find(
    (c) => c.code === 'USDT' && c.protocol === 'TRC20',
  );
  if (!usdt) throw new Error('no USDT');
  const bind = await post(
    t.baseUrl,
    '/api/wallet/bind_draw_method',
    { password: 'secret123', type: 1, draw_id: usdt.id, dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
    { token: u.token },
  );
  const method = ok<{ id: number }>(bind);
  const res = await post(
    t.baseUrl,
    '/api/account/draw',
    { draw_currency_id: usdt.id, draw_method_id: method.id, number, password: 'secret123' },
    { token: u.token },
  );
  return ok<{ id: number }>(res).id;
}
