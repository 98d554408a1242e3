import {
  CompanyPage,
  CompanyQuery,
  NewsArticle,
  NewsInfoQuery,
  NewsListQuery,
  NewsPage,
} from '../content.js';
import { CompanyStatus } from '../server.js';
import { contentRoutes } from './content.routes.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';

export const contentEndpoints = defineEndpoints('content', contentRoutes, {
  companyStatus: {
    request: NoInput,
    response: CompanyStatus,
    summary: 'Whether this deployment operates (else loss_url) and whether it is the main site.',
    errors: [],
  },
  companies: {
    request: CompanyQuery,
    response: CompanyPage,
    summary: 'One page of the service-provider directory, searched by name.',
    errors: [],
  },
  newsList: {
    request: NewsListQuery,
    response: NewsPage,
    summary: 'One page of news and announcements (optionally one category), newest first.',
    errors: [],
  },
  newsInfo: {
    request: NewsInfoQuery,
    response: NewsArticle,
    summary: 'One article with its sanitised HTML body.',
    errors: ['news_not_found'],
  },
});
