import {
  AbbreviatedKlineRequest,
  CandleList,
  CategoryList,
  KlinePointList,
  KlineRequest,
  TradeList,
  TradeListQuery,
} from '../markets.js';
import { defineEndpoints } from './endpoint.js';
import { marketsRoutes } from './markets.routes.js';
import { NoInput } from './no-input.js';

export const marketsEndpoints = defineEndpoints('markets', marketsRoutes, {
  tradeList: {
    request: TradeListQuery,
    response: TradeList,
    summary: 'Every instrument with its trading terms and current quote (optionally searched).',
    errors: [],
  },
  categories: {
    request: NoInput,
    response: CategoryList,
    summary: "The instrument categories, named in the request's language.",
    errors: [],
  },
  kline: {
    request: KlineRequest,
    response: CandleList,
    summary: 'The latest candles of one instrument and period, oldest first (page back with `to`).',
    errors: ['unknown_instrument', 'unknown_period'],
  },
  abbreviatedKline: {
    request: AbbreviatedKlineRequest,
    response: KlinePointList,
    summary: "Recent closes of one instrument for the home list's small chart.",
    errors: ['unknown_instrument', 'unknown_period'],
  },
});
