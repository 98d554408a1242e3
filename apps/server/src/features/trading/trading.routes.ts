import {
  type ForexDetail,
  MyDealQuery,
  type MyDealResponse,
  type Order,
  OrderIdQuery,
  type ResetDemoResponse,
  SetStopPriceQuery,
  SubmitOrderQuery,
} from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { defineProtectedRoute } from '../identity/auth.js';
import type { TradingService } from './trading.service.js';

/** The trading calls of spec section 7: thin, the service does the work. Demo and real users alike. */
export function registerTradingRoutes({ app, translator }: FeatureContext, service: TradingService): void {
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/submit',
    access: 'user',
    query: SubmitOrderQuery,
    handler: ({ user, query }): Promise<Order> => service.submit(user, query),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/my_deal',
    access: 'user',
    query: MyDealQuery,
    handler: ({ user, query }): Promise<MyDealResponse> => service.myDeal(user, query.status, query.page),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/close',
    access: 'user',
    query: OrderIdQuery,
    handler: ({ user, query }): Promise<Order> => service.close(user, query.id),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/cancel_trade',
    access: 'user',
    query: OrderIdQuery,
    handler: ({ user, query }): Promise<Order> => service.cancel(user, query.id),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/set_stop_price',
    access: 'user',
    query: SetStopPriceQuery,
    handler: ({ user, query }): Promise<Order> => service.setStops(user, query),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/main/account/forexDetail',
    access: 'user',
    handler: ({ user }): Promise<ForexDetail> => service.detail(user),
  });
  defineProtectedRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/main/user/resetForexDemoAccount',
    access: 'user',
    handler: ({ user }): Promise<ResetDemoResponse> => service.resetDemo(user),
  });
}
