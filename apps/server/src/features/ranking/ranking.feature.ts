import { z } from 'zod';
import type { Feature, FeatureContext } from '../../app-context.js';
import { ConfigError } from '../../config.js';
import { registerRankingRoutes } from './ranking.routes.js';
import { RankingService } from './ranking.service.js';

declare module '../../app-context.js' {
  interface Services {
    /** Set by the ranking feature's register (absent in apps built without it). */
    ranking?: RankingService;
  }
}

export const DEFAULT_RANKING_REFRESH_MS = 5 * 60 * 1000;

const RefreshMs = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of milliseconds')
  .transform(Number)
  .pipe(z.number().int().min(100, 'must be at least 100').max(86_400_000, 'must be at most 86400000'));

/** RANKING_REFRESH_MS: how often the leader recomputes the board (default 5 minutes). */
export function rankingRefreshMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RANKING_REFRESH_MS?.trim();
  if (!raw) return DEFAULT_RANKING_REFRESH_MS;
  const parsed = RefreshMs.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError([
      `RANKING_REFRESH_MS ${parsed.error.issues[0]?.message ?? 'is invalid'} (got ${JSON.stringify(raw)})`,
    ]);
  }
  return parsed.data;
}

export interface RankingOptions {
  /** Overrides RANKING_REFRESH_MS. */
  refreshMs?: number;
}

interface Running {
  service: RankingService;
  everyMs: number;
}

const running = new WeakMap<FeatureContext['app'], Running>();

/**
 * The leaders' board: computed from closed trades at start and then every refresh interval, on the
 * leader only, and read from the snapshot by every node.
 */
export function createRankingFeature(options: RankingOptions = {}): Feature {
  return {
    name: 'ranking',
    register: (ctx) => {
      // Read here, before the server listens, so a bad value stops the start with its name.
      const everyMs = options.refreshMs ?? rankingRefreshMs();
      const service = new RankingService({
        db: ctx.db.kysely,
        now: () => ctx.services.markets.clock.now(),
      });
      running.set(ctx.app, { service, everyMs });
      ctx.services.ranking = service;
      registerRankingRoutes(ctx, service);
    },
    start: async (ctx) => {
      const state = running.get(ctx.app);
      if (!state) throw new Error('ranking.start before register');
      const { service, everyMs } = state;
      let timer: NodeJS.Timeout | null = null;
      let inFlight: Promise<void> | null = null;
      // A tick that finds the previous refresh still running is skipped, so a slow database
      // never piles refreshes up behind each other.
      const tick = () => {
        inFlight ??= service
          .refresh()
          .then(() => undefined)
          .catch((err: unknown) => ctx.log.error({ err }, 'ranking refresh failed'))
          .finally(() => {
            inFlight = null;
          });
      };
      // The node's one election (ctx.services.cluster, started by the app before features start):
      // only the leader refreshes the snapshot.
      const election = ctx.services.cluster.leader;
      const onLeadership = (leader: boolean) => {
        if (timer) clearInterval(timer);
        timer = null;
        if (!leader) return;
        tick();
        timer = setInterval(tick, everyMs);
        timer.unref();
      };
      const off = election.onChange(onLeadership);
      if (election.isLeader) onLeadership(true);
      return async () => {
        off();
        if (timer) clearInterval(timer);
        timer = null;
        await inFlight;
      };
    },
  };
}
