import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { CompanyDirectory } from './company.service.js';

export function registerCompanyRoutes(ctx: FeatureContext): void {
  const directory = new CompanyDirectory(ctx.db.kysely);
  defineRoute(ctx, endpoints.companyStatus, () => ctx.services.company.status());
  defineRoute(ctx, endpoints.companies, ({ input }) => directory.search(input));
}
