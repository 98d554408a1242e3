import type {
  CompanyPage,
  CompanyQuery,
  NewsArticle,
  NewsInfoQuery,
  NewsListQuery,
  NewsPage,
} from '../content.js';
import type { CompanyStatus } from '../server.js';
import type { NoInput } from './no-input.js';
import { visitorRoute } from './route.js';

/** Content anyone may read (spec section 7): news, announcements, the company status and directory. */
export const contentRoutes = {
  companyStatus: visitorRoute<typeof NoInput, typeof CompanyStatus>('GET', '/api/company/getCompanyStatus'),
  companies: visitorRoute<typeof CompanyQuery, typeof CompanyPage>('GET', '/api/company/getCompany'),
  newsList: visitorRoute<typeof NewsListQuery, typeof NewsPage>('GET', '/api/news/list'),
  newsInfo: visitorRoute<typeof NewsInfoQuery, typeof NewsArticle>('GET', '/api/news/info'),
} as const;
