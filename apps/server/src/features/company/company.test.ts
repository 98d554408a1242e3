import { CompanyPage, CompanyStatus, ERRORS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/harness.js';
import { COMPANIES } from './company.data.js';
import { seedCompanies } from './company.seed.js';
import { searchKey } from './company.service.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function search(query: string): Promise<CompanyPage> {
  const res = await call(t.baseUrl, `/api/company/getCompany?${query}`);
  expect(res.status, query).toBe(200);
  return CompanyPage.parse(res.body.data);
}

describe('GET /api/company/getCompany', () => {
  it('lists every company when the name is empty or missing', async () => {
    for (const query of ['', 'name=', 'name=%20%20&t=3']) {
      const page = await search(query);
      expect(page.total, query).toBe(COMPANIES.length);
      expect(
        page.list.map((c) => c.id),
        query,
      ).toEqual(COMPANIES.map((c) => c.id));
    }
  });

  it('returns every field of a company, with reserved example domains', async () => {
    const [alder] = (await search('name=Alderbank')).list;
    expect(alder).toEqual({
      id: 1,
      name: 'Alderbank Markets Ltd',
      logo: '/content/companies/alderbank-markets.svg',
      url: 'https://www.alderbank-markets.example',
      subject: expect.stringContaining('forex'),
      registered_address: '12 Cannon Wharf Lane, London EC4R 2XX, United Kingdom',
      location: 'London, United Kingdom',
      email: 'compliance@alderbank-markets.example',
    });
  });

  it('matches part of the name regardless of case and accents', async () => {
    expect((await search('name=ALDERBANK')).list.map((c) => c.id)).toEqual([1]);
    expect((await search('name=bay%20inv')).list.map((c) => c.name)).toEqual([
      'Orchid Bay Investments Pte. Ltd.',
    ]);
    expect((await search('name=societe')).list.map((c) => c.id)).toEqual([11]);
    expect((await search(`name=${encodeURIComponent('SOCIÉTÉ')}`)).list.map((c) => c.id)).toEqual([11]);
    expect((await search(`name=${encodeURIComponent('değer')}`)).list.map((c) => c.id)).toEqual([14]);
    const ltd = await search('name=ltd');
    expect(ltd.total).toBe(ltd.list.length);
    expect(ltd.list.length).toBeGreaterThan(3);
    expect(ltd.list.every((c) => c.name.toLowerCase().includes('ltd'))).toBe(true);
  });

  it('treats % and _ as letters, not wildcards, and finds nothing for an unknown name', async () => {
    for (const name of ['%', '_', 'a%b', 'Nonexistent Brokerage']) {
      const page = await search(`name=${encodeURIComponent(name)}`);
      expect(page, name).toEqual({ list: [], total: 0, page: 1 });
    }
  });

  it('pages the results and answers a page past the end with an empty list', async () => {
    expect(await search('name=&page=2')).toEqual({ list: [], total: COMPANIES.length, page: 2 });
    for (const query of ['page=0', 'page=-2', 'page=x', `name=${'a'.repeat(101)}`]) {
      const res = await call(t.baseUrl, `/api/company/getCompany?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(ERRORS.validation_failed.code);
    }
  });

  it('keeps the status check working beside the search', async () => {
    const res = await call(t.baseUrl, '/api/company/getCompanyStatus');
    expect(CompanyStatus.parse(res.body.data)).toEqual({ status: 0, type: 0, loss_url: '' });
  });

  it('seeds idempotently', async () => {
    await seedCompanies(t.server.ctx.db.kysely);
    expect((await search('')).total).toBe(COMPANIES.length);
  });
});

describe('searchKey', () => {
  it('folds case, accents and spacing', () => {
    expect(searchKey('  Lumen   Société de Bourse ')).toBe('lumen societe de bourse');
    expect(searchKey('Silverline Menkul Değerler A.Ş.')).toBe('silverline menkul degerler a.s.');
    expect(searchKey('ＡＢＣ')).toBe('abc');
  });
});
