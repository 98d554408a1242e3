import { ERRORS, LoginResponse, User } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ManualClock } from './clock.js';
import type { OutgoingSms } from './messaging.js';
import { get, post, withIdentity } from './testing/client.js';
import { codeOf, type Mailbox, startMailbox } from './testing/mailbox.js';

let t: TestServer;
let mailbox: Mailbox;
const clock = new ManualClock(Date.UTC(2030, 0, 7, 12));
const texts: OutgoingSms[] = [];
let captchaAnswer = '23456';
/** The United Kingdom in the seeded area list (+44). */
const UK = 219;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestServer({
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'noreply@meridian.test' },
    overrides: withIdentity({
      clock,
      captchaText: () => captchaAnswer,
      sms: { send: async (sms) => void texts.push(sms) },
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

/** Each scenario starts past the previous one's cooldowns and hourly caps. */
function nextHour(): void {
  clock.advance(3600_000 + 1);
}

async function sendEmailCode(to: string, type = 1, lang = 'en') {
  return post(t.baseUrl, '/api/notify/send_email', { to, type }, { lang });
}

async function registerByEmail(email: string, code: string, extra: Record<string, string> = {}) {
  return post(t.baseUrl, '/api/user/register', {
    type: 1,
    account: email,
    password: 'secret123',
    re_password: 'secret123',
    sms_code: code,
    ...extra,
  });
}

describe('registration by e-mail with a code from a real SMTP server', () => {
  it('sends a code, registers with it, and logs the new user in', async () => {
    nextHour();
    const sent = await sendEmailCode('Ann@Example.com ');
    expect(sent.body).toMatchObject({ code: 1 });
    const mail = await mailbox.next('ann@example.com');
    expect(mail.subject).toBe('Your Meridian verification code');
    expect(mail.text).toContain('valid for 10 minutes');
    const res = await registerByEmail('ann@example.com', codeOf(mail));
    expect(res.status).toBe(200);
    const login = LoginResponse.parse(res.body.data);
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.user).toMatchObject({ email: 'ann@example.com', is_demo: 0, mobile: '' });
    expect(login.user.uid).toMatch(/^[1-9]\d{7}$/);
    expect(login.user.invite_code).toMatch(/^[A-Z2-9]{8}$/);

    const info = await get(t.baseUrl, '/api/user/info', {}, { token: login.token });
    expect(User.parse(info.body.data)).toEqual(login.user);
    const balance = await get(t.baseUrl, '/v1/api/main/wallet/getBalance', {}, { token: login.token });
    expect(balance.body.data).toEqual({ balance: '0.000000', lock_balance: '0.000000' });
  });

  it('writes the mail in the language of the request', async () => {
    nextHour();
    await sendEmailCode('fr@example.com', 1, 'fr');
    const mail = await mailbox.next('fr@example.com');
    expect(mail.text).toContain("Votre code d'inscription Meridian est");
  });

  it('refuses a second account for the same address, without sending it a code', async () => {
    nextHour();
    await sendEmailCode('dup@example.com');
    const first = await registerByEmail('dup@example.com', codeOf(await mailbox.next('dup@example.com')));
    expect(first.body.code).toBe(1);

    nextHour();
    const again = await sendEmailCode('DUP@example.com');
    // The same answer as for a new address; the owner gets a notice instead of a code.
    expect(again.body).toEqual({ code: 1, msg: 'Success', data: null });
    const notice = await mailbox.next('dup@example.com');
    expect(notice.subject).toBe('About your Meridian account');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    const res = await registerByEmail('dup@example.com', '123456');
    expect(res.body.code).toBe(ERRORS.code_invalid.code);
  });

  it('answers account_exists when the account appeared after the code was sent', async () => {
    nextHour();
    await sendEmailCode('race@example.com');
    const code = codeOf(await mailbox.next('race@example.com'));
    clock.advance(61_000);
    await sendEmailCode('race@example.com');
    const second = codeOf(await mailbox.next('race@example.com'));
    expect((await registerByEmail('race@example.com', second)).body.code).toBe(1);
    // The first code was retired by the resend; the second is spent: both are refused.
    expect((await registerByEmail('race@example.com', code)).body.code).toBe(ERRORS.code_invalid.code);
    expect((await registerByEmail('race@example.com', second)).body.code).toBe(ERRORS.code_invalid.code);
  });

  it('refuses weak passwords, mismatched repeats and malformed addresses', async () => {
    nextHour();
    await sendEmailCode('weak@example.com');
    const code = codeOf(await mailbox.next('weak@example.com'));
    for (const [password, repeat, key] of [
      ['short1', 'short1', 'weak_password'],
      ['lettersonly', 'lettersonly', 'weak_password'],
      ['12345678', '12345678', 'weak_password'],
      [`a1${'x'.repeat(63)}`, `a1${'x'.repeat(63)}`, 'weak_password'],
      ['secret123', 'secret124', 'password_mismatch'],
      ['', '', 'password_required'],
    ] as const) {
      const res = await registerByEmail('weak@example.com', code, { password, re_password: repeat });
      expect(res.body.code, `${password}/${repeat}`).toBe(ERRORS[key].code);
      expect(res.status).toBe(ERRORS[key].status);
    }
    const bad = await registerByEmail('not-an-email', code);
    expect(bad.body).toMatchObject({
      code: ERRORS.email_invalid.code,
      msg: 'Please enter a valid email address.',
    });
    // The code survived every refusal above: the form is checked before the code is spent.
    expect((await registerByEmail('weak@example.com', code)).body.code).toBe(1);
  });

  it('refuses a wrong code, an expired code, and a code after five wrong tries', async () => {
    nextHour();
    await sendEmailCode('codes@example.com');
    const code = codeOf(await mailbox.next('codes@example.com'));
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await registerByEmail('codes@example.com', wrong);
    expect(res.body).toMatchObject({
      code: ERRORS.code_invalid.code,
      msg: 'The verification code is wrong.',
    });
    clock.advance(10 * 60_000);
    const late = await registerByEmail('codes@example.com', code);
    expect(late.body).toMatchObject({ code: ERRORS.code_expired.code });

    nextHour();
    await sendEmailCode('codes@example.com');
    const fresh = codeOf(await mailbox.next('codes@example.com'));
    const other = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await registerByEmail('codes@example.com', other)).body.code).toBe(ERRORS.code_invalid.code);
    }
    // The right code no longer works either: the code is dead.
    expect((await registerByEmail('codes@example.com', fresh)).body.code).toBe(ERRORS.code_expired.code);
  });

  it('enforces the 60 s resend cooldown and the hourly caps on the server', async () => {
    nextHour();
    expect((await sendEmailCode('cool@example.com')).body.code).toBe(1);
    clock.advance(15_000);
    const early = await sendEmailCode('cool@example.com');
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: ERRORS.code_cooldown.code,
      msg: 'Please wait 45 seconds before requesting another code.',
    });
    clock.advance(45_000);
    expect((await sendEmailCode('cool@example.com')).body.code).toBe(1);
    // Five per destination per hour.
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      expect((await sendEmailCode('cool@example.com')).body.code).toBe(1);
    }
    clock.advance(60_000);
    expect((await sendEmailCode('cool@example.com')).body.code).toBe(ERRORS.rate_limited.code);

    // Twenty per client address per hour, across destinations.
    nextHour();
    for (let i = 0; i < 20; i++) {
      expect((await sendEmailCode(`cap${i}@example.com`)).body.code).toBe(1);
    }
    const capped = await sendEmailCode('cap20@example.com');
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe(ERRORS.rate_limited.code);
  });

  it('records who invited whom, and refuses an unknown invite code', async () => {
    nextHour();
    await sendEmailCode('host@example.com');
    const host = LoginResponse.parse(
      (await registerByEmail('host@example.com', codeOf(await mailbox.next('host@example.com')))).body.data,
    );
    await sendEmailCode('guest@example.com');
    const code = codeOf(await mailbox.next('guest@example.com'));
    const unknown = await registerByEmail('guest@example.com', code, { invite_code: 'NOSUCH99' });
    expect(unknown.body.code).toBe(ERRORS.invite_code_invalid.code);
    const ok = await registerByEmail('guest@example.com', code, {
      invite_code: host.user.invite_code.toLowerCase(),
    });
    expect(ok.body.code).toBe(1);
    const invite = await get(t.baseUrl, '/api/user/invite', {}, { token: host.token });
    expect(invite.body.data).toEqual({
      invite_code: host.user.invite_code,
      link: `/#/register?invite_code=${host.user.invite_code}`,
      invited_count: 1,
    });
  });
});

describe('registration by mobile', () => {
  it('texts a code through the SMS provider and registers the number with its area', async () => {
    nextHour();
    const sent = await post(t.baseUrl, '/api/notify/send_sms', { to: '07700 900-123', area_id: UK, type: 1 });
    expect(sent.body.code).toBe(1);
    const area = '44';
    await expect.poll(() => texts.length).toBe(1);
    expect(texts[0]).toMatchObject({ globalCode: area, number: '7700900123' });
    const code = /\b(\d{6})\b/.exec(texts[0]!.text)?.[1] ?? '';
    const res = await post(t.baseUrl, '/api/user/register', {
      type: 2,
      area_id: UK,
      mobile: '7700900123',
      password: 'secret123',
      re_password: 'secret123',
      sms_code: code,
    });
    expect(res.body.code).toBe(1);
    expect(LoginResponse.parse(res.body.data).user).toMatchObject({
      email: '',
      mobile: '7700900123',
      global_code: area,
    });
    const login = await post(t.baseUrl, '/api/user/loginForU', {
      account: `${area}7700900123`,
      password: 'secret123',
      login_type: 2,
    });
    expect(login.body.code).toBe(1);
  });

  it('refuses an unknown area and a malformed number', async () => {
    nextHour();
    const area = await post(t.baseUrl, '/api/notify/send_sms', { to: '7700900123', area_id: 99999, type: 1 });
    expect(area.body.code).toBe(ERRORS.area_invalid.code);
    const number = await post(t.baseUrl, '/api/notify/send_sms', { to: '12ab', area_id: UK, type: 1 });
    expect(number.body.code).toBe(ERRORS.mobile_invalid.code);
  });
});

describe('registration with the image captcha (verify_reg_type 2)', () => {
  it('serves a PNG captcha and accepts its answer once', async () => {
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: '2' })
      .where('key', '=', 'verify_reg_type')
      .execute();
    try {
      captchaAnswer = '79358';
      const captcha = await get(t.baseUrl, '/api/user/captcha');
      const { id, b64s } = captcha.body.data as { id: string; b64s: string };
      expect(b64s).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(b64s.split(',')[1] ?? '', 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const form = {
        type: 1,
        account: 'pic@example.com',
        password: 'secret123',
        re_password: 'secret123',
        key: id,
      };
      const wrong = await post(t.baseUrl, '/api/user/register', { ...form, sms_code: '22222' });
      expect(wrong.body.code).toBe(ERRORS.captcha_invalid.code);
      // Single use: the right answer on a spent captcha is refused too.
      const reused = await post(t.baseUrl, '/api/user/register', { ...form, sms_code: '79358' });
      expect(reused.body.code).toBe(ERRORS.captcha_invalid.code);

      const next = (await get(t.baseUrl, '/api/user/captcha')).body.data as { id: string };
      const ok = await post(t.baseUrl, '/api/user/register', { ...form, key: next.id, sms_code: '79358' });
      expect(ok.body.code).toBe(1);
      const again = await post(t.baseUrl, '/api/user/register', { ...form, key: next.id, sms_code: '79358' });
      expect(again.body.code).toBe(ERRORS.captcha_invalid.code);
    } finally {
      await t.server.ctx.db.kysely
        .updateTable('settings')
        .set({ value: '1' })
        .where('key', '=', 'verify_reg_type')
        .execute();
    }
  });
});
