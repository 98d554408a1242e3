import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config.js';
import type { DialectName } from '../db/database.js';
import { AlwaysLeader, type LeaderElection } from './leader.js';
import { LeaseLeader, type LeaseLog } from './lease.js';

declare module '../app-context.js' {
  interface Services {
    cluster: Cluster;
  }
}

/**
 * What a node knows about the deployment it belongs to. Scale-out (PostgreSQL + Redis) runs any
 * number of nodes, one of which leads (the price feed, candle writing, the trigger worker); embedded
 * mode is one node that always leads. `ctx.services.cluster`; the app starts the election once it
 * listens and stops it after every feature has stopped, so a leader hands over only once its work is
 * put away.
 */
export interface Cluster {
  /** True when nodes share PostgreSQL and Redis: per-node state must travel over the bus. */
  readonly scaleOut: boolean;
  /** Tells this node's own bus messages from the others' (Redis echoes a node's publications). */
  readonly nodeId: string;
  readonly leader: LeaderElection;
  /**
   * The leader's accepted ticks go out on the bus (markets/tick-relay.ts): in scale-out, and on an
   * embedded node whose copy trading runs in a thread of its own (that thread follows the market).
   */
  readonly relayTicks: boolean;
}

/** Test seams: lease timings other than the configured ones. */
export interface ClusterOptions {
  leaseMs?: number;
  renewMs?: number;
}

export function isScaleOut(config: AppConfig, dialect: DialectName): boolean {
  return dialect === 'postgres' && config.databaseUrl !== undefined && config.redisUrl !== undefined;
}

/**
 * Scale-out nodes compete for the lease row inside their database (lease.ts): the database is the
 * deployment's identity, so nodes that spell its URL differently still elect one leader.
 */
export function createCluster(
  config: AppConfig,
  dialect: DialectName,
  log: LeaseLog,
  options: ClusterOptions = {},
): Cluster {
  const scaleOut = isScaleOut(config, dialect);
  const nodeId = randomUUID();
  const leader: LeaderElection =
    scaleOut && config.databaseUrl
      ? new LeaseLeader({
          connectionString: config.databaseUrl,
          nodeId,
          leaseMs: options.leaseMs ?? config.leaderLeaseMs,
          renewMs: options.renewMs ?? config.leaderRenewMs,
          log,
        })
      : new AlwaysLeader();
  return {
    scaleOut,
    nodeId,
    leader,
    relayTicks: scaleOut || config.copyThreads > 0,
  };
}
