/** The service-provider directory of migration 0004_content, merged into the app's Database interface. */
export interface CompaniesTable {
  id: number;
  name: string;
  /** `searchKey(name)`: what the name search matches against. */
  name_search: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
}

declare module '../../db/schema.js' {
  interface Database {
    companies: CompaniesTable;
  }
}
