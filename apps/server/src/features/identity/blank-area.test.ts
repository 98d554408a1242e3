import { ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  FIXED_CAPTCHA,
  fixedCaptcha,
  get,
  post,
  useCaptchaRegistration,
  withIdentity,
} from './testing/client.js';

/**
 * Issue 11, item 2: a form built from the specification sends `area_id=` empty for an e-mail
 * account; that must read as no area (as if it were absent), not fail validation.
 */

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ overrides: withIdentity({ captchaText: fixedCaptcha }) });
  await useCaptchaRegistration(t.server.ctx.db.kysely);
});
afterAll(async () => {
  await t?.close();
});

describe('a blank area_id counts as absent', () => {
  it('in register and login', async () => {
    const captcha = await get(t.baseUrl, '/api/user/captcha');
    const { id } = captcha.body.data as { id: string };
    const registered = await post(t.baseUrl, '/api/user/register', {
      type: 1,
      area_id: '',
      account: 'blank.area@example.com',
      password: 'secret123',
      re_password: 'secret123',
      key: id,
      sms_code: FIXED_CAPTCHA,
    });
    expect(registered.body.code, registered.body.msg).toBe(1);
    const login = await post(t.baseUrl, '/api/user/loginForU', {
      account: 'blank.area@example.com',
      password: 'secret123',
      area_id: ' ',
    });
    expect(login.body.code, login.body.msg).toBe(1);
  });

  it('in send_email and send_sms: the same answer as without it', async () => {
    const blank = await post(t.baseUrl, '/api/notify/send_email', {
      to: 'one@example.com',
      type: 1,
      area_id: '',
    });
    expect(blank.body.code, blank.body.msg).toBe(1);
    const sms = await post(t.baseUrl, '/api/notify/send_sms', { to: '7700900123', type: 1, area_id: '' });
    const absent = await post(t.baseUrl, '/api/notify/send_sms', { to: '7700900124', type: 1 });
    expect(sms.body.code).not.toBe(ERRORS.validation_failed.code);
    expect([sms.status, sms.body.code]).toEqual([absent.status, absent.body.code]);
  });

  it('still refuses an area that is not a positive number', async () => {
    const r = await post(t.baseUrl, '/api/notify/send_email', {
      to: 'two@example.com',
      type: 1,
      area_id: 'x',
    });
    expect(r.body.code).toBe(ERRORS.validation_failed.code);
  });
});
