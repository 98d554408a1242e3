import {
  COMPANY_PAGE_SIZE,
  type Company,
  type CompanyPage,
  type CompanyQuery,
  type CompanyStatus,
} from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type SettingsService, settingInt } from '../settings/index.js';
import {
  type CompanyRow,
  countCompanies,
  insertMissingCompanies,
  saveCompany,
  searchCompanies,
} from './company.repository.js';

/** Whether this deployment is operating, and whether it is the main site (spec section 4). */
export class CompanyService {
  constructor(private readonly settings: SettingsService) {}

  async status(): Promise<CompanyStatus> {
    const s = await this.settings.get(['company_status', 'company_type', 'loss_url']);
    return { status: settingInt(s.company_status), type: settingInt(s.company_type), loss_url: s.loss_url };
  }
}

/**
 * Case- and accent-insensitive form of a name, so "societe" finds "Société" and "ABC" finds "abc"
 * with a plain LIKE on either dialect (SQLite's LIKE folds ASCII case only, PostgreSQL's none).
 */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The service-provider directory behind /product. */
export class CompanyDirectory {
  constructor(private readonly db: Kysely<Database>) {}

  async search(query: CompanyQuery): Promise<CompanyPage> {
    const key = searchKey(query.name);
    const [total, rows] = await Promise.all([
      countCompanies(this.db, key),
      searchCompanies(this.db, key, COMPANY_PAGE_SIZE, (query.page - 1) * COMPANY_PAGE_SIZE),
    ]);
    return { list: rows.map(toCompany), total, page: query.page };
  }

  /** The back office's edit: creates (no id) or replaces a company; the search key follows the name. */
  async save(id: number | null, c: Omit<CompanyRow, 'id'>): Promise<Company> {
    const saved = await saveCompany(this.db, id, { ...c, nameSearch: searchKey(c.name) });
    if (saved === undefined) throw new AppError('record_not_found');
    return toCompany({ id: saved, ...c });
  }

  async addIfMissing(companies: readonly CompanyRow[]): Promise<void> {
    await insertMissingCompanies(
      this.db,
      companies.map((c) => ({ ...c, nameSearch: searchKey(c.name) })),
    );
  }
}

function toCompany(r: CompanyRow): Company {
  return {
    id: r.id,
    name: r.name,
    logo: r.logo,
    url: r.url,
    subject: r.subject,
    registered_address: r.registeredAddress,
    location: r.location,
    email: r.email,
  };
}
