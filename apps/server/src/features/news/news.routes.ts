import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import { NewsService } from './news.service.js';

export function registerNewsRoutes(ctx: FeatureContext): void {
  const news = new NewsService(ctx.db.kysely);
  defineRoute(ctx, endpoints.newsList, ({ input, request }) => news.list(input, request.lang));
  defineRoute(ctx, endpoints.newsInfo, ({ input, request }) => news.info(input.id, request.lang));
}
