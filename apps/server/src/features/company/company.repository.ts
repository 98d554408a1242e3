import { type Kysely, sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './company.tables.js';

type Executor = Kysely<Database> | Tx;

export interface CompanyRow {
  id: number;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registeredAddress: string;
  location: string;
  email: string;
}

/** `%` and `_` typed by a visitor are letters to look for, not wildcards. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matching(db: Executor, key: string) {
  const query = db.selectFrom('companies');
  return key === '' ? query : query.where(sql<boolean>`name_search like ${likeContains(key)} escape '\\'`);
}

export async function countCompanies(db: Executor, key: string): Promise<number> {
  const row = await matching(db, key)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(row?.n ?? 0);
}

/** Directory order (the id) rather than SQL name order, whose collation differs between dialects. */
export async function searchCompanies(
  db: Executor,
  key: string,
  limit: number,
  offset: number,
): Promise<CompanyRow[]> {
  const rows = await matching(db, key)
    .select(['id', 'name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email'])
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo: r.logo,
    url: r.url,
    subject: r.subject,
    registeredAddress: r.registered_address,
    location: r.location,
    email: r.email,
  }));
}

export async function insertMissingCompanies(
  db: Executor,
  companies: readonly (CompanyRow & { nameSearch: string })[],
): Promise<void> {
  if (companies.length === 0) return;
  await db
    .insertInto('companies')
    .values(
      companies.map((c) => ({
        id: c.id,
        name: c.name,
        name_search: c.nameSearch,
        logo: c.logo,
        url: c.url,
        subject: c.subject,
        registered_address: c.registeredAddress,
        location: c.location,
        email: c.email,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Creates (id null: the next free id) or replaces a company; undefined when the id is unknown. */
export async function saveCompany(
  db: Executor,
  id: number | null,
  c: Omit<CompanyRow, 'id'> & { nameSearch: string },
): Promise<number | undefined> {
  const values = {
    name: c.name,
    name_search: c.nameSearch,
    logo: c.logo,
    url: c.url,
    subject: c.subject,
    registered_address: c.registeredAddress,
    location: c.location,
    email: c.email,
  };
  if (id !== null) {
    const result = await db.updateTable('companies').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? id : undefined;
  }
  const max = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  const next = Number(max?.m ?? 0) + 1;
  await db
    .insertInto('companies')
    .values({ id: next, ...values })
    .execute();
  return next;
}
