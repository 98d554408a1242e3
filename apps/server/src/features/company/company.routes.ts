import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';

/** The company directory (getCompany) comes with the content feature; status is a setting. */
export function registerCompanyRoutes({ app, translator, services }: FeatureContext): void {
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/company/getCompanyStatus',
    handler: () => services.company.status(),
  });
}
