import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { COMPANIES, companyEmail, companyLogoPath, companyUrl } from './company.data.js';
import { CompanyDirectory } from './company.service.js';

/** Idempotent: companies are inserted by fixed id and existing rows are left as the operator edited them. */
export async function seedCompanies(db: Kysely<Database>): Promise<void> {
  await new CompanyDirectory(db).addIfMissing(
    COMPANIES.map((c) => ({
      id: c.id,
      name: c.name,
      logo: companyLogoPath(c.slug),
      url: companyUrl(c.slug),
      subject: c.subject,
      registeredAddress: c.registeredAddress,
      location: c.location,
      email: companyEmail(c.slug),
    })),
  );
}
