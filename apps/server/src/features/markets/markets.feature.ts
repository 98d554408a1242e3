import type { Feature } from '../../app-context.js';
import { registerMarketRoutes } from './markets.routes.js';
import { seedMarkets } from './markets.seed.js';

/**
 * Markets: catalogue seeding, chart history, REST, the DAY_MARKET and KLINE topics and the price
 * feed. The service (`ctx.services.markets`) is ready after `register`, so later features may use
 * it there; the feed only ticks once the server listens, and only on the cluster's leader.
 */
export const marketsFeature: Feature = {
  name: 'markets',
  seed: (db) => seedMarkets(db.kysely),
  register: async (ctx) => {
    await ctx.services.markets.init();
    ctx.services.markets.publishTo(ctx.live, ctx.topics);
    registerMarketRoutes(ctx);
  },
  start: (ctx) => ctx.services.markets.start(ctx.services.cluster, ctx.bus),
};
