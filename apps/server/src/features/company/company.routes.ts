import { CompanyQuery } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { CompanyDirectory } from './company.service.js';

export function registerCompanyRoutes({ app, translator, services, db }: FeatureContext): void {
  const directory = new CompanyDirectory(db.kysely);
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/company/getCompanyStatus',
    handler: () => services.company.status(),
  });
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/company/getCompany',
    query: CompanyQuery,
    handler: ({ query }) => directory.search(query),
  });
}
