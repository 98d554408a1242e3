/**
 * REST of the market (spec section 7): trade_list, getCategories, kline, abbreviated_cache_kline.
 * Thin: parsing here, everything else in MarketService.
 */
import {
  ABBREVIATED_KLINE_DEFAULT_PERIOD,
  ABBREVIATED_KLINE_POINTS,
  KLINE_DEFAULT_LIMIT,
  KLINE_MAX_LIMIT,
  type Lang,
  TradeListQuery,
} from '@meridian/contract';
import { z } from 'zod';
import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import { isPeriod, type Period } from './candles.js';
import { listCategories } from './markets.repository.js';
import { candlePayload, matchesSearch, tradeInstrumentPayload } from './payload.js';

const forexId = z.coerce.number().int().positive();
/** A string here so that a well-formed but unsupported period is `unknown_period`, not a type error. */
const periodText = z.string().trim().min(1).max(16);

const KlineRouteQuery = z.object({
  forex_id: forexId,
  period: periodText,
  to: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(KLINE_MAX_LIMIT).default(KLINE_DEFAULT_LIMIT),
});

const AbbreviatedRouteQuery = z.object({
  forex_id: forexId,
  period: periodText.optional(),
});

function period(text: string | undefined, fallback?: Period): Period {
  const value = text ?? fallback;
  if (!isPeriod(value)) throw new AppError('unknown_period');
  return value;
}

export function registerMarketRoutes({ app, translator, db, services }: FeatureContext): void {
  const markets = services.markets;

  defineRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/trade_list',
    query: TradeListQuery,
    handler: async ({ query }) => {
      const settings = await markets.tradingSettings();
      return markets
        .instruments()
        .filter((inst) => matchesSearch(inst, query.searchCurrency))
        .map((inst) => tradeInstrumentPayload(markets.state(inst), settings));
    },
  });

  defineRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/getCategories',
    handler: async ({ request }) => {
      const lang: Lang = request.lang;
      const rows = await listCategories(db.kysely);
      return rows.flatMap((c) => {
        const name = c.names[lang] ?? c.names.en;
        return name ? [{ Id: c.id, NameShowTrans: name }] : [];
      });
    },
  });

  defineRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/kline',
    query: KlineRouteQuery,
    handler: async ({ query }) => {
      const inst = markets.requireInstrument(query.forex_id);
      const candles = await markets.candles(inst, period(query.period), query.limit, query.to);
      return candles.map(candlePayload);
    },
  });

  defineRoute(app, translator, {
    method: 'GET',
    url: '/v1/api/forex/abbreviated_cache_kline',
    query: AbbreviatedRouteQuery,
    handler: async ({ query }) => {
      const inst = markets.requireInstrument(query.forex_id);
      const p = period(query.period, ABBREVIATED_KLINE_DEFAULT_PERIOD);
      const candles = await markets.candles(inst, p, ABBREVIATED_KLINE_POINTS);
      return candles.map((c) => ({ Time: c.time, Close: c.close }));
    },
  });
}
