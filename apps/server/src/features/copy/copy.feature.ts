import { TOPIC_COPY_TRADE } from '@meridian/contract';
import type { Feature, FeatureContext } from '../../app-context.js';
import type { ThreadLink } from '../../cluster/thread-link.js';
import { systemClock } from '../markets/index.js';
import { STATUS_HISTORY, STATUS_HOLDING } from '../trading/index.js';
import { selectCopyAccounts, selectStrategyIdsOf } from './copy.repository.js';
import { registerCopyRoutes } from './copy.routes.js';
import { CopyService } from './copy.service.js';
import { CopyMirror } from './copy-mirror.js';
import { insertOutbox } from './copy-outbox.js';
import { MirrorThreads } from './mirror-thread.js';
import { ProviderDirectory, STRATEGIES_CHANNEL } from './providers.js';
import { SAMPLE_EVAL_MS, SampleStrategies } from './samples.js';

declare module '../../app-context.js' {
  interface Services {
    /** Set by the copy-trading feature's register. */
    copy?: CopyEngine;
  }
}

export interface CopyEngine {
  service: CopyService;
  /** Which accounts are providers, on every node (the order path's outbox asks it). */
  providers: ProviderDirectory;
  /** The mirror: on this thread, or (COPY_THREADS on an embedded node) in threads of its own. */
  mirror: CopyMirror | MirrorThreads;
  /** Set when SAMPLE_STRATEGIES is on. */
  samples: SampleStrategies | undefined;
  /**
   * Holds the periodic watcher (equity stops, interrupted stops, month-end fees) until the returned
   * function is called, once a pass in progress has ended. For tests that run those checks
   * themselves: on a busy machine a pass of the timer could otherwise take their copy first.
   */
  holdWatcher(): Promise<() => void>;
}

/** How often the leader checks equity stop-losses, finishes interrupted stops and month-end fees. */
export const COPY_WATCH_MS = 1_000;
/**
 * Every this many equity-stop passes, one prices every guarded copy exactly, trusting no estimate
 * (copy.service.ts, nearTheirStops): a bound on what an estimate gone wrong could delay.
 */
const EXACT_PASS_EVERY = 30;

const engines = new WeakMap<FeatureContext['app'], CopyEngine>();

/**
 * Copy trading: strategies, copy accounts and the mirror. The mirror and the watcher (equity
 * stop-losses, month-end fees, interrupted stops) run on the leader only, like the trigger worker.
 */
export function createCopyFeature(): Feature {
  return {
    name: 'copy',
    register: (ctx) => {
      const trading = ctx.services.trading;
      if (!trading) throw new Error('copy trading needs the trading feature');
      const now = () => Math.floor(ctx.services.markets.clock.now());
      const service = new CopyService({
        db: ctx.db,
        bus: ctx.bus,
        trading,
        live: ctx.live,
        translator: ctx.translator,
        log: ctx.log,
        now,
        uploads: ctx.services.uploads,
      });
      const providers = new ProviderDirectory({ db: ctx.db, bus: ctx.bus, log: ctx.log });
      const offProviders = providers.listen();
      ctx.app.addHook('onClose', async () => {
        offProviders();
        await providers.idle();
      });
      const { cluster } = ctx.services;
      // A provider's open, fill, TP/SL edit and close owe its copies work: written with the booking.
      const parts = cluster.scaleOut ? ctx.config.copyOutboxParts : Math.max(1, ctx.config.copyThreads);
      trading.service.useEventOutbox({
        wants: ({ order }) =>
          providers.strategyOf(order.userId) !== undefined &&
          (order.status === STATUS_HOLDING || (order.status === STATUS_HISTORY && order.filledAt !== null)),
        write: (tx, event) => insertOutbox(tx, event, parts, now()),
      });
      const local = () =>
        new CopyMirror({
          db: ctx.db,
          bus: ctx.bus,
          trading,
          service,
          providers,
          log: ctx.log,
          now,
          mode: cluster.scaleOut ? 'claim' : 'bus',
          deliveryMs: ctx.config.copyDeliveryMs,
          reconcileMs: ctx.config.copyReconcileMs,
          isLeader: () => cluster.leader.isLeader,
        });
      const clock = ctx.services.markets.clock;
      const threads = (link: ThreadLink) =>
        new MirrorThreads({
          link,
          config: ctx.config,
          bus: ctx.bus,
          clock,
          systemClock: clock === systemClock,
          log: ctx.log,
          // A thread died: this thread mirrors from now on (hooks set on the threads' carry over).
          died: () => {
            const dead = engine.mirror;
            const mirror = local();
            mirror.onMirrored = dead.onMirrored;
            mirror.onMirroring = dead.onMirroring;
            engine.mirror = mirror;
            if (!ctx.services.cluster.leader.isLeader) return Promise.resolve();
            return mirror.start().catch((err: unknown) => ctx.log.error({ err }, 'copy mirror start failed'));
          },
        });
      const link = ctx.services.threadLink;
      const engine: CopyEngine = {
        service,
        providers,
        mirror: link ? threads(link) : local(),
        samples: undefined,
        holdWatcher: async () => () => undefined,
      };
      trading.service.useCopyDirectory({ accountsOf: (userId) => selectCopyAccounts(ctx.db.kysely, userId) });
      ctx.services.ranking?.useStrategyDirectory((userIds) => selectStrategyIdsOf(ctx.db.kysely, userIds));
      ctx.topics.register({ name: TOPIC_COPY_TRADE, requiresLogin: true });
      const samples = ctx.config.sampleStrategies
        ? new SampleStrategies({
            db: ctx.db,
            trading,
            markets: ctx.services.markets,
            copy: service,
            ranking: ctx.services.ranking,
            log: ctx.log,
            now,
          })
        : undefined;
      engine.samples = samples;
      engines.set(ctx.app, engine);
      ctx.services.copy = engine;
      const offClosures = service.watchClosures();
      ctx.app.addHook('onClose', async () => offClosures());
      registerCopyRoutes(ctx, service);
    },
    start: async (ctx) => {
      const engine = engines.get(ctx.app);
      if (!engine) throw new Error('copy.start before register');
      const { service, samples, providers } = engine;
      let sampleTimer: NodeJS.Timeout | null = null;
      let sampling: Promise<void> | null = null;
      const sample = () => {
        sampling ??= (samples as SampleStrategies)
          .evaluate()
          .catch((err: unknown) => ctx.log.error({ err }, 'sample strategies failed'))
          .finally(() => {
            sampling = null;
          });
      };
      const election = ctx.services.cluster.leader;
      let timer: NodeJS.Timeout | null = null;
      let watching: Promise<void> | null = null;
      let settling: Promise<void> | null = null;
      let passes = 0;
      let held = 0;
      engine.holdWatcher = async () => {
        held++;
        await Promise.all([watching, settling]);
        let released = false;
        return () => {
          if (!released) held--;
          released = true;
        };
      };
      const watch = () => {
        if (held > 0) return;
        watching ??= (async () => {
          // Screened by the trigger worker's estimates, and every EXACT_PASS_EVERY-th pass exact.
          await service.checkEquityStops({ exact: passes++ % EXACT_PASS_EVERY === 0 });
          await service.resumeStopping();
        })()
          .catch((err: unknown) => ctx.log.error({ err }, 'copy watcher failed'))
          .finally(() => {
            watching = null;
          });
        // Apart: a month end with many copies books one fee after another for a while, and the
        // equity stops must not wait for it.
        settling ??= service
          .settleMonth(Math.floor(ctx.services.markets.clock.now()))
          .then(() => undefined)
          .catch((err: unknown) => ctx.log.error({ err }, 'month-end fee settlement failed'))
          .finally(() => {
            settling = null;
          });
      };
      let chain: Promise<void> = Promise.resolve();
      const onLeadership = (leader: boolean) => {
        if (timer) clearInterval(timer);
        if (sampleTimer) clearInterval(sampleTimer);
        timer = null;
        sampleTimer = null;
        chain = chain
          .then(async () => {
            // Claiming (scale-out), every node mirrors, leading or not: started below, once.
            const claiming = engine.mirror instanceof CopyMirror && engine.mirror.mode === 'claim';
            if (!leader) return claiming ? undefined : engine.mirror.stop();
            if (!claiming) await engine.mirror.start();
            timer = setInterval(watch, COPY_WATCH_MS);
            timer.unref();
            if (samples) {
              await samples.ensure();
              // Every node's providers (its outbox, its claims) and the copy threads' mirrors.
              ctx.bus.publish(STRATEGIES_CHANNEL, {});
              await providers.refresh();
              void engine.mirror.refresh();
              // Their history is booked: the board shows them now, not at the next scheduled refresh.
              await ctx.services.ranking?.refresh();
              sample();
              sampleTimer = setInterval(sample, SAMPLE_EVAL_MS);
              sampleTimer.unref();
            }
          })
          .catch((err: unknown) => ctx.log.error({ err }, 'copy mirror start/stop failed'));
      };
      if (engine.mirror instanceof CopyMirror && engine.mirror.mode === 'claim') {
        const mirror = engine.mirror;
        chain = chain.then(() =>
          mirror.start().catch((err: unknown) => ctx.log.error({ err }, 'copy mirror start failed')),
        );
      }
      const off = election.onChange(onLeadership);
      if (election.isLeader) onLeadership(true);
      await chain;
      return async () => {
        off();
        if (timer) clearInterval(timer);
        if (sampleTimer) clearInterval(sampleTimer);
        timer = null;
        await chain;
        await engine.mirror.stop();
        await watching;
        await settling;
        await sampling;
      };
    },
  };
}
