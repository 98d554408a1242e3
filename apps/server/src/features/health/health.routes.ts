import { endpoints } from '@meridian/contract';
import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import { pingDatabase } from './health.repository.js';

export function registerHealthRoutes(ctx: FeatureContext): void {
  const { db, log, services } = ctx;
  // Besides liveness, who leads and how old this node's prices are: an operator (or a load balancer)
  // sees a hung or cut-off leader as a growing price age on every node, and a takeover as a new term.
  defineRoute(ctx, endpoints.health, async () => {
    try {
      await pingDatabase(db.kysely);
    } catch (err) {
      log.error({ err }, 'health check: database unreachable');
      throw new AppError('unavailable');
    }
    const election = services.cluster.leader;
    return {
      status: 'ok' as const,
      db: db.dialect,
      leader: election.isLeader,
      term: election.term,
      priceAgeMs: services.markets.priceAgeMs(),
    };
  });
  // Prometheus metrics are not here: they are served on their own listener (METRICS_PORT, see
  // http/metrics.ts), never on the public port.
}
