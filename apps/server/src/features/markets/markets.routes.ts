/**
 * REST of the market (spec section 7): trade_list, getCategories, kline, abbreviated_cache_kline.
 * Thin: the contract's table parses, the market service does the rest.
 */
import {
  ABBREVIATED_KLINE_DEFAULT_PERIOD,
  ABBREVIATED_KLINE_POINTS,
  endpoints,
  type Lang,
} from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import { isPeriod, type Period } from './candles.js';
import { listCategories } from './markets.repository.js';
import { candlePayload, matchesSearch, tradeInstrumentPayload } from './payload.js';

/** The table reads the period as text, so an unsupported one is the spec's `unknown_period`. */
function period(text: string | undefined, fallback?: Period): Period {
  const value = text ?? fallback;
  if (!isPeriod(value)) throw new AppError('unknown_period');
  return value;
}

export function registerMarketRoutes(ctx: FeatureContext): void {
  const { db, services } = ctx;
  const markets = services.markets;

  defineRoute(ctx, endpoints.tradeList, async ({ input }) => {
    const settings = await markets.tradingSettings();
    return markets
      .instruments()
      .filter((inst) => inst.enabled && matchesSearch(inst, input.searchCurrency))
      .map((inst) => tradeInstrumentPayload(markets.state(inst), settings));
  });

  defineRoute(ctx, endpoints.categories, async ({ request }) => {
    const lang: Lang = request.lang;
    const rows = await listCategories(db.kysely);
    return rows.flatMap((c) => {
      const name = c.names[lang] ?? c.names.en;
      return name ? [{ Id: c.id, NameShowTrans: name }] : [];
    });
  });

  defineRoute(ctx, endpoints.kline, async ({ input }) => {
    const inst = markets.requireInstrument(input.forex_id);
    const candles = await markets.candles(inst, period(input.period), input.limit, input.to);
    return candles.map(candlePayload);
  });

  defineRoute(ctx, endpoints.abbreviatedKline, async ({ input }) => {
    const inst = markets.requireInstrument(input.forex_id);
    const p = period(input.period, ABBREVIATED_KLINE_DEFAULT_PERIOD);
    const candles = await markets.candles(inst, p, ABBREVIATED_KLINE_POINTS);
    return candles.map((c) => ({ Time: c.time, Close: c.close }));
  });
}
