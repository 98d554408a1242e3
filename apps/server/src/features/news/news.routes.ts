import { NewsInfoQuery, NewsListQuery } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { NewsService } from './news.service.js';

export function registerNewsRoutes({ app, translator, db }: FeatureContext): void {
  const news = new NewsService(db.kysely);
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/news/list',
    query: NewsListQuery,
    handler: ({ query, request }) => news.list(query, request.lang),
  });
  defineRoute(app, translator, {
    method: 'GET',
    url: '/api/news/info',
    query: NewsInfoQuery,
    handler: ({ query, request }) => news.info(query.id, request.lang),
  });
}
