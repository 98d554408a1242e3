import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineRoute } from '../../http/route.js';
import type { TradingService } from './trading.service.js';

/** The trading calls of spec section 7: thin, the service does the work. Demo and real users alike. */
export function registerTradingRoutes(ctx: FeatureContext, service: TradingService): void {
  defineRoute(ctx, endpoints.submitOrder, ({ user, input }) => service.submit(user, input));
  defineRoute(ctx, endpoints.myDeal, ({ user, input }) => service.myDeal(user, input.status, input.page));
  defineRoute(ctx, endpoints.closeOrder, ({ user, input }) => service.close(user, input.id));
  defineRoute(ctx, endpoints.cancelOrder, ({ user, input }) => service.cancel(user, input.id));
  defineRoute(ctx, endpoints.setStopPrice, ({ user, input }) => service.setStops(user, input));
  defineRoute(ctx, endpoints.forexDetail, ({ user }) => service.detail(user));
  defineRoute(ctx, endpoints.resetDemo, ({ user }) => service.resetDemo(user));
}
