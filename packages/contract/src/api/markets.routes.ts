import type {
  AbbreviatedKlineRequest,
  CandleList,
  CategoryList,
  KlinePointList,
  KlineRequest,
  TradeList,
  TradeListQuery,
} from '../markets.js';
import type { NoInput } from './no-input.js';
import { visitorRoute } from './route.js';

/** Market data (spec section 7): public, GET with query parameters. */
export const marketsRoutes = {
  tradeList: visitorRoute<typeof TradeListQuery, typeof TradeList>('GET', '/v1/api/forex/trade_list'),
  categories: visitorRoute<typeof NoInput, typeof CategoryList>('GET', '/v1/api/forex/getCategories'),
  kline: visitorRoute<typeof KlineRequest, typeof CandleList>('GET', '/v1/api/forex/kline'),
  abbreviatedKline: visitorRoute<typeof AbbreviatedKlineRequest, typeof KlinePointList>(
    'GET',
    '/v1/api/forex/abbreviated_cache_kline',
  ),
} as const;
