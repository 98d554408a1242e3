import type { LedgerPage, LedgerQuery } from '../money.js';
import type {
  ForexDetail,
  MyDealQuery,
  MyDealResponse,
  OrderIdQuery,
  OrderResponse,
  ResetDemoResponse,
  SetStopPriceQuery,
  SubmitOrderQuery,
} from '../trading.js';
import type { NoInput } from './no-input.js';
import { userRoute } from './route.js';

/** Trading (spec section 7): every call is a GET with query parameters, for any logged-in account. */
export const tradingRoutes = {
  submitOrder: userRoute<typeof SubmitOrderQuery, typeof OrderResponse>('GET', '/v1/api/forex/submit', {
    idempotent: true,
  }),
  myDeal: userRoute<typeof MyDealQuery, typeof MyDealResponse>('GET', '/v1/api/forex/my_deal'),
  closeOrder: userRoute<typeof OrderIdQuery, typeof OrderResponse>('GET', '/v1/api/forex/close', {
    idempotent: true,
  }),
  cancelOrder: userRoute<typeof OrderIdQuery, typeof OrderResponse>('GET', '/v1/api/forex/cancel_trade', {
    idempotent: true,
  }),
  setStopPrice: userRoute<typeof SetStopPriceQuery, typeof OrderResponse>(
    'GET',
    '/v1/api/forex/set_stop_price',
    { idempotent: true },
  ),
  forexDetail: userRoute<typeof NoInput, typeof ForexDetail>('GET', '/v1/api/main/account/forexDetail'),
  forexChange: userRoute<typeof LedgerQuery, typeof LedgerPage>('GET', '/v1/api/main/accountLog/forexChange'),
  resetDemo: userRoute<typeof NoInput, typeof ResetDemoResponse>(
    'GET',
    '/v1/api/main/user/resetForexDemoAccount',
  ),
} as const;
