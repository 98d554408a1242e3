import { Area, BasicInfo, CompanyStatus, ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('settings endpoints', () => {
  it('lists the country calling codes sorted by name', async () => {
    const res = await call(t.baseUrl, '/api/default/area_list?t=1');
    expect(res.body.code).toBe(1);
    const areas = Area.array().parse(res.body.data);
    expect(areas.length).toBeGreaterThan(200);
    const names = areas.map((a) => a.code);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(areas.find((a) => a.code === 'United Kingdom')?.global_code).toBe('44');
    expect(areas.find((a) => a.code === 'Hong Kong')?.global_code).toBe('852');
    expect(new Set(areas.map((a) => a.id)).size).toBe(areas.length);
  });

  it('returns the basic info from settings', async () => {
    const res = await call(t.baseUrl, '/api/basicSet/getBasicInfo');
    expect(BasicInfo.parse(res.body.data)).toEqual({
      service_link: '',
      verify_reg_type: 1,
      service_link_type: 1,
      trade_fee_type: 1,
    });
  });

  it('returns a public setting by key', async () => {
    const mobile = await call(t.baseUrl, '/api/default/setting?key=is_show_mobile&t=9');
    expect(mobile.body).toEqual({ code: 1, msg: 'Success', data: { key: 'is_show_mobile', value: '1' } });
    const kefu = await call(t.baseUrl, '/api/default/setting?key=kefu_link');
    expect(kefu.body.data).toEqual({ key: 'kefu_link', value: '' });
  });

  it('publishes the support address and the risk levels a trader is judged by', async () => {
    const email = await call(t.baseUrl, '/api/default/setting?key=contact_email');
    expect(email.body.data).toEqual({ key: 'contact_email', value: 'support@localhost' });
    const marginCall = await call(t.baseUrl, '/api/default/setting?key=margin_call_level');
    expect(marginCall.body.data).toEqual({ key: 'margin_call_level', value: '100' });
    const stop = await call(t.baseUrl, '/api/default/setting?key=stop_out_level');
    expect(stop.body.data).toEqual({ key: 'stop_out_level', value: '50' });
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: 'help@broker.example' })
      .where('key', '=', 'contact_email')
      .execute();
    const changed = await call(t.baseUrl, '/api/default/setting?key=contact_email');
    expect(changed.body.data).toEqual({ key: 'contact_email', value: 'help@broker.example' });
  });

  it('refuses private or unknown setting keys', async () => {
    for (const path of ['/api/default/setting?key=demo_start_balance_micros', '/api/default/setting']) {
      const res = await call(t.baseUrl, path);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERRORS.validation_failed.code);
      expect(res.body.data).toEqual([expect.objectContaining({ field: 'key' })]);
    }
  });

  it('reflects a changed setting without a restart', async () => {
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: '0' })
      .where('key', '=', 'is_show_mobile')
      .execute();
    const res = await call(t.baseUrl, '/api/default/setting?key=is_show_mobile');
    expect(res.body.data).toEqual({ key: 'is_show_mobile', value: '0' });
  });

  it('returns the company status', async () => {
    const res = await call(t.baseUrl, '/api/company/getCompanyStatus');
    expect(CompanyStatus.parse(res.body.data)).toEqual({ status: 0, type: 0, loss_url: '' });
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: 'https://example.com/closed' })
      .where('key', '=', 'loss_url')
      .execute();
    await t.server.ctx.db.kysely
      .updateTable('settings')
      .set({ value: '1' })
      .where('key', '=', 'company_status')
      .execute();
    const changed = await call(t.baseUrl, '/api/company/getCompanyStatus');
    expect(changed.body.data).toEqual({ status: 1, type: 0, loss_url: 'https://example.com/closed' });
  });
});
