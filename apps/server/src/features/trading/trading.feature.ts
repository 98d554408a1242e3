import type { Feature, FeatureContext } from '../../app-context.js';
import { createWriteQueue, type WriteQueue } from '../../db/write-queue.js';
import { Pricing } from './pricing.js';
import { registerTradingRoutes } from './trading.routes.js';
import { TradingService } from './trading.service.js';
import { TradingLive } from './trading-live.js';
import { TriggerWorker } from './trigger-worker.js';

declare module '../../app-context.js' {
  interface Services {
    /** Set by the trading feature's register (absent in apps built without it). */
    trading?: TradingEngine;
  }
}

/** What other features and tests see of trading (`ctx.services.trading`). */
export interface TradingEngine {
  service: TradingService;
  worker: TriggerWorker;
  queue: WriteQueue;
  pricing: Pricing;
  /** True while this node runs the trigger worker. */
  readonly leading: boolean;
}

class Engine implements TradingEngine {
  leading = false;

  constructor(
    readonly service: TradingService,
    readonly worker: TriggerWorker,
    readonly queue: WriteQueue,
    readonly live: TradingLive,
    readonly pricing: Pricing,
  ) {}
}

/** Engines by app: FEATURES is one module-level list shared by every app a process builds. */
const engines = new WeakMap<FeatureContext['app'], Engine>();

export function createTradingFeature(): Feature {
  return {
    name: 'trading',
    register: (ctx) => {
      const pricing = new Pricing(ctx.services.markets, ctx.services.settings);
      const queue = createWriteQueue(ctx.db, ctx.config.pgWriteLanes);
      const service = new TradingService({
        db: ctx.db,
        pricing,
        queue,
        bus: ctx.bus,
        live: ctx.live,
        log: ctx.log,
        now: () => Math.floor(ctx.services.markets.clock.now()),
        // The worker's bookings carry its leadership term; the database refuses a stale one.
        fence: (tx, term) => ctx.services.cluster.leader.fence(tx, term),
      });
      const worker = new TriggerWorker({
        db: ctx.db,
        bus: ctx.bus,
        pricing,
        service,
        log: ctx.log,
        metrics: ctx.metrics,
        term: () => ctx.services.cluster.leader.term,
      });
      const live = new TradingLive({
        db: ctx.db,
        bus: ctx.bus,
        live: ctx.live,
        pricing,
        service,
        log: ctx.log,
      });
      live.register(ctx.topics);
      const engine = new Engine(service, worker, queue, live, pricing);
      engines.set(ctx.app, engine);
      ctx.services.trading = engine;
      registerTradingRoutes(ctx, service);
    },
    start: async (ctx) => {
      const e = engines.get(ctx.app);
      if (!e) throw new Error('trading.start before register');
      e.live.start();
      // The node's one election (ctx.services.cluster, started by the app before features start and
      // stopped after they stop): the trigger worker runs only on the leader.
      const election = ctx.services.cluster.leader;
      // Worker starts and stops are chained so a flapping leadership never runs two at once.
      let chain: Promise<void> = Promise.resolve();
      const onLeadership = (leader: boolean) => {
        e.leading = leader;
        chain = chain
          .then(() => (leader ? e.worker.start() : e.worker.stop()))
          .catch((err: unknown) => ctx.log.error({ err }, 'trigger worker start/stop failed'));
      };
      const off = election.onChange(onLeadership);
      if (election.isLeader) onLeadership(true);
      await chain;
      return async () => {
        off();
        await chain;
        await e.worker.stop();
        await e.queue.drain();
        e.live.stop();
      };
    },
  };
}
