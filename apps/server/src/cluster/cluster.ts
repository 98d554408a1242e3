import { createHash, randomUUID } from 'node:crypto';
import type { AppConfig } from '../config.js';
import type { DialectName } from '../db/database.js';
import { AdvisoryLockLeader, AlwaysLeader, type LeaderElection } from './leader.js';

declare module '../app-context.js' {
  interface Services {
    cluster: Cluster;
  }
}

/**
 * What a node knows about the deployment it belongs to. Scale-out (PostgreSQL + Redis) runs any
 * number of nodes, one of which leads (the price feed, candle writing); embedded mode is one node
 * that always leads. `ctx.services.cluster`; the app starts the election once it listens and stops
 * it after every feature has stopped, so a leader hands over only once its work is put away.
 */
export interface Cluster {
  /** True when nodes share PostgreSQL and Redis: per-node state must travel over the bus. */
  readonly scaleOut: boolean;
  /** Tells this node's own bus messages from the others' (Redis echoes a node's publications). */
  readonly nodeId: string;
  readonly leader: LeaderElection;
}

export interface ClusterOptions {
  /** How often a follower tries for the lock (2 s); tests shorten it to hand over quickly. */
  leaderIntervalMs?: number;
}

export function isScaleOut(config: AppConfig, dialect: DialectName): boolean {
  return dialect === 'postgres' && config.databaseUrl !== undefined && config.redisUrl !== undefined;
}

/**
 * The lock key names the deployment: its database (schema included, through the search path in the
 * URL) and its Redis prefix. Nodes of one deployment share both; test servers, each on their own
 * schema and prefix, never compete.
 */
export function clusterLockKey(config: AppConfig, role: string): number {
  const digest = createHash('sha256')
    .update(`${role}|${config.databaseUrl ?? ''}|${config.redisPrefix}`)
    .digest();
  return digest.readInt32BE(0);
}

export function createCluster(
  config: AppConfig,
  dialect: DialectName,
  log: { warn(obj: object, msg: string): void },
  options: ClusterOptions = {},
): Cluster {
  const scaleOut = isScaleOut(config, dialect);
  const leader: LeaderElection =
    scaleOut && config.databaseUrl
      ? new AdvisoryLockLeader({
          connectionString: config.databaseUrl,
          lockKey: clusterLockKey(config, 'cluster-leader'),
          log,
          ...(options.leaderIntervalMs === undefined ? {} : { intervalMs: options.leaderIntervalMs }),
        })
      : new AlwaysLeader();
  return { scaleOut, nodeId: randomUUID(), leader };
}
