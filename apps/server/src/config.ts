import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_IDLE_MINUTES_DEFAULT } from '@meridian/contract';
import { z } from 'zod';

/** apps/server/, whether this module runs from src/ (tsx, vitest) or from dist/ (node). */
const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** sim: the built-in simulator; replay: REPLAY_CSV played in a loop; off: prices stand still. */
export const MARKET_FEEDS = ['sim', 'replay', 'off'] as const;
export type MarketFeedKind = (typeof MARKET_FEEDS)[number];

/** Environment variables treat an empty string as "not set", so `PORT=` in a .env file means default. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const integer = (min: number, max: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );

const EnvSchema = z.object({
  PORT: integer(0, 65535),
  HOST: optionalString,
  METRICS_PORT: integer(0, 65535),
  METRICS_HOST: optionalString,
  WS_MAX_PER_ADDRESS: integer(1, 1_000_000),
  HTTP_HEADERS_TIMEOUT_MS: integer(100, 600_000),
  HTTP_REQUEST_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_IDLE_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(100, 3_600_000),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: integer(1, 1_000_000),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1 to 64 letters, digits, colons, dashes or underscores')
      .optional(),
  ),
  LOG_LEVEL: optionalString.pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ),
  WEB_DIST: optionalString,
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
        'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs',
      )
      .optional(),
  ),
  BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  STAFF_BOOTSTRAP_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
  STAFF_BOOTSTRAP_PASSWORD: optionalString.pipe(
    z.string().min(12, 'must have at least 12 characters').optional(),
  ),
  STAFF_IDLE_MINUTES: integer(1, 24 * 60),
  STAFF_ALLOWED_ADDRESSES: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*$/, 'must be a comma-separated list of addresses or CIDRs')
      .optional(),
  ),
  ADMIN_DIST: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  SESSION_TTL_DAYS: integer(1, 365),
  MARKET_FEED: optionalString.pipe(
    z.enum(MARKET_FEEDS, { message: `must be one of ${MARKET_FEEDS.join(', ')}` }).optional(),
  ),
  REPLAY_CSV: optionalString,
  FEED_SEED: integer(0, 2 ** 31 - 1),
  CHART_HISTORY_BARS: integer(50, 10_000),
  MARKET_TICK_MS: integer(20, 60_000),
  MARKET_FLUSH_MS: integer(10, 10_000),
  LEADER_LEASE_MS: integer(100, 600_000),
  LEADER_RENEW_MS: integer(10, 300_000),
  PG_WRITE_LANES: integer(1, 32),
  PG_POOL_SIZE: integer(2, 200),
  SAMPLE_STRATEGIES: optionalString.pipe(z.enum(['on', 'off'], { message: 'must be on or off' }).optional()),
  COPY_THREADS: integer(0, 8),
  COPY_OUTBOX_PARTS: integer(1, 64),
  COPY_DELIVERY_MS: integer(0, 3_600_000),
  COPY_RECONCILE_MS: integer(100, 600_000),
  STALE_PRICE_MS: integer(100, 3_600_000),
  VALIDATE_RESPONSES: optionalString.pipe(z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional()),
  NODE_ENV: optionalString,
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /**
   * Set: Prometheus metrics are served at /metrics on their own listener (metricsHost:metricsPort),
   * never on the public port. Unset: no metrics listener. 0 picks a free port (tests).
   */
  metricsPort: number | undefined;
  /** The metrics listener's address; loopback unless the operator opens it to a scraper. */
  metricsHost: string;
  /** Live sockets one client address may hold at once (raise it behind a carrier's NAT). */
  wsMaxPerAddress: number;
  /**
   * A request's headers must arrive within this long of its connection or its first byte (a client
   * dripping them, slowloris, holds a connection no longer), answered 408 and closed.
   */
  httpHeadersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this long; else 408 and closed. */
  httpRequestTimeoutMs: number;
  /** A connection on which no byte moves either way for this long is closed (server.timeout). */
  httpIdleTimeoutMs: number;
  /**
   * A keep-alive connection waiting for its next request is closed after this long; above the
   * usual 60 s idle timeout of load balancers, so it is never the server that closes under a request
   * the balancer is sending.
   */
  httpKeepAliveTimeoutMs: number;
  /**
   * Open TCP connections one peer address may hold (HTTP and live sockets together); past it a new
   * one is closed at once. Peers TRUST_PROXY names (a load balancer) are not counted.
   */
  httpMaxConnectionsPerAddress: number;
  /** Holds meridian.sqlite (embedded mode) and uploads/. */
  dataDir: string;
  /**
   * Which X-Forwarded-For hops to believe for the client address (per-IP limits): false (default) when
   * clients connect directly; behind a load balancer, its hop count or addresses.
   */
  trustProxy: boolean | number | string;
  /** Set: PostgreSQL (scale-out). Unset: SQLite under dataDir. */
  databaseUrl: string | undefined;
  /** Set: the Redis event bus carries pushes between nodes (scale-out). Unset: in-process bus. */
  redisUrl: string | undefined;
  /** Prefix of every Redis channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  logLevel: LogLevel;
  /** The built web app; served at `/` when present. */
  webDist: string;
  bodyLimitBytes: number;
  /** The scoped automation token for the review queues (x-admin-token); unset: no automation access. */
  adminToken: string | undefined;
  /** The first owner, created on first start when no staff member exists (then the password must be changed). */
  staffBootstrap: { email: string; password: string } | undefined;
  /** A staff session unused this long ends. */
  staffIdleMinutes: number;
  /** Addresses or CIDRs staff may call from; empty: anywhere. */
  staffAllowedAddresses: readonly string[];
  /** The built operator console; served at `/admin/` when present. */
  adminDist: string;
  /** Set: verification mail goes out over SMTP. Unset: it is written to the log (development). */
  smtpUrl: string | undefined;
  /** The From of outgoing mail. */
  mailFrom: string;
  /** A session unused this long expires; each use pushes the expiry forward again. */
  sessionTtlDays: number;
  /** Where prices come from. */
  marketFeed: MarketFeedKind;
  /** The replay file (required when marketFeed is replay). */
  replayCsv: string | undefined;
  /** Seed of the chart history and (when set explicitly) of the simulator. */
  feedSeed: number;
  /**
   * FEED_SEED was set: every leadership term's simulator path is derived from it (reproducible runs,
   * tests). Unset, each term draws a fresh seed, so a failover never replays a path seen before.
   */
  feedSeedFixed: boolean;
  /**
   * Candles per period generated at an instrument's first start; unset, the history's default
   * (1,000: the 1-minute chart reaches back about 17 market hours, the 30-minute one about four weeks
   * of a five-day market).
   */
  chartHistoryBars: number | undefined;
  /** Mean time between two ticks of one instrument in the simulator (400 ms = 2.5 ticks/s). */
  marketTickMs: number;
  /** Conflation interval of the live DAY_MARKET and KLINE pushes. */
  marketFlushMs: number;
  /** Scale-out: the leader lease lasts this long after its last renewal (on the database's clock). */
  leaderLeaseMs: number;
  /** Scale-out: how often the leader renews its lease and a follower looks at it. */
  leaderRenewMs: number;
  /** PostgreSQL: group-commit lanes of the order path, each on its own pooled connection. */
  pgWriteLanes: number;
  /** PostgreSQL: connections per node (the write lanes hold one each while they commit). */
  pgPoolSize: number;
  /** The built-in rule-based sample strategies (copy trading's living demo); SAMPLE_STRATEGIES=off for a real deployment. */
  sampleStrategies: boolean;
  /**
   * Embedded (SQLite) only: copy trading's fan-out runs in this many threads of its own (each
   * mirrors a share of the copies), at the lowest CPU priority, giving way to requests
   * (features/copy/mirror-thread.ts); 0 (the default) keeps it on the server's thread. Scale-out
   * nodes always mirror on the leader's thread (0).
   */
  copyThreads: number;
  /**
   * Scale-out: each provider event's copies are split into this many parts of the copy outbox
   * (features/copy/copy-outbox.ts), which any node may claim, so one event's fan-out spreads over
   * the nodes. Embedded nodes use one part per copy thread (or one).
   */
  copyOutboxParts: number;
  /**
   * A provider's open taken up again after a crash or a takeover is copied only within this long of
   * the provider's fill (and while the provider still holds it); later, each copy not booked is
   * recorded as skipped ("not delivered in time").
   */
  copyDeliveryMs: number;
  /** How often the mirror's reconciler runs (undone outbox rows, copies left open by a closed provider). */
  copyReconcileMs: number;
  /** Orders, closes and TP/SL changes are refused on an open market whose price is older than this. */
  stalePriceMs: number;
  /**
   * Check every REST answer against its endpoint's response schema (on in development and tests,
   * where drift must fail loudly; off in production, where it would only cost time).
   */
  validateResponses: boolean;
}

/**
 * Copy trading's threads on an embedded node unless COPY_THREADS says otherwise: none, the mirror
 * on the server's thread (on two cores a thread of its own measured no better, docs/decisions.md).
 */
export const DEFAULT_COPY_THREADS = 0;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      const shown =
        name === 'ADMIN_TOKEN' ||
        name === 'DATABASE_URL' ||
        name === 'REDIS_URL' ||
        name === 'SMTP_URL' ||
        name === 'STAFF_BOOTSTRAP_PASSWORD'
          ? '(hidden)'
          : JSON.stringify(raw);
      return `${name} ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if ((e.LEADER_RENEW_MS ?? 500) * 2 > (e.LEADER_LEASE_MS ?? 2000)) {
    throw new ConfigError([
      'LEADER_RENEW_MS must be at most half of LEADER_LEASE_MS (a renewal may be late once)',
    ]);
  }
  const headersTimeoutMs = e.HTTP_HEADERS_TIMEOUT_MS ?? 10_000;
  const requestTimeoutMs = e.HTTP_REQUEST_TIMEOUT_MS ?? 30_000;
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError([
      'HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    ]);
  }
  if ((e.STAFF_BOOTSTRAP_EMAIL === undefined) !== (e.STAFF_BOOTSTRAP_PASSWORD === undefined)) {
    throw new ConfigError(['STAFF_BOOTSTRAP_EMAIL and STAFF_BOOTSTRAP_PASSWORD go together']);
  }
  if (e.MARKET_FEED === 'replay' && e.REPLAY_CSV === undefined) {
    throw new ConfigError(['REPLAY_CSV must name a CSV file when MARKET_FEED is replay']);
  }
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? '127.0.0.1',
    wsMaxPerAddress: e.WS_MAX_PER_ADDRESS ?? 50,
    httpHeadersTimeoutMs: headersTimeoutMs,
    httpRequestTimeoutMs: requestTimeoutMs,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS ?? 60_000,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 72_000,
    httpMaxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? 200,
    dataDir: resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? 'meridian:',
    logLevel: e.LOG_LEVEL ?? 'info',
    webDist: e.WEB_DIST === undefined ? resolve(PACKAGE_ROOT, '../web/dist') : resolveFrom(e.WEB_DIST),
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 1024 * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    adminToken: e.ADMIN_TOKEN,
    staffBootstrap:
      e.STAFF_BOOTSTRAP_EMAIL && e.STAFF_BOOTSTRAP_PASSWORD
        ? { email: e.STAFF_BOOTSTRAP_EMAIL.trim().toLowerCase(), password: e.STAFF_BOOTSTRAP_PASSWORD }
        : undefined,
    staffIdleMinutes: e.STAFF_IDLE_MINUTES ?? STAFF_IDLE_MINUTES_DEFAULT,
    staffAllowedAddresses: e.STAFF_ALLOWED_ADDRESSES ? e.STAFF_ALLOWED_ADDRESSES.split(',') : [],
    adminDist:
      e.ADMIN_DIST === undefined ? resolve(PACKAGE_ROOT, '../admin/dist') : resolveFrom(e.ADMIN_DIST),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Meridian <no-reply@localhost>',
    sessionTtlDays: e.SESSION_TTL_DAYS ?? 30,
    marketFeed: e.MARKET_FEED ?? 'sim',
    replayCsv: e.REPLAY_CSV === undefined ? undefined : resolveFrom(e.REPLAY_CSV),
    feedSeed: e.FEED_SEED ?? 1,
    feedSeedFixed: e.FEED_SEED !== undefined,
    chartHistoryBars: e.CHART_HISTORY_BARS,
    marketTickMs: e.MARKET_TICK_MS ?? 400,
    marketFlushMs: e.MARKET_FLUSH_MS ?? 250,
    leaderLeaseMs: e.LEADER_LEASE_MS ?? 2000,
    leaderRenewMs: e.LEADER_RENEW_MS ?? 500,
    pgWriteLanes: e.PG_WRITE_LANES ?? 4,
    pgPoolSize: e.PG_POOL_SIZE ?? 10,
    sampleStrategies: (e.SAMPLE_STRATEGIES ?? 'on') === 'on',
    copyThreads: e.DATABASE_URL === undefined ? (e.COPY_THREADS ?? DEFAULT_COPY_THREADS) : 0,
    copyOutboxParts: e.COPY_OUTBOX_PARTS ?? 4,
    copyDeliveryMs: e.COPY_DELIVERY_MS ?? 30_000,
    copyReconcileMs: e.COPY_RECONCILE_MS ?? 3_000,
    stalePriceMs: e.STALE_PRICE_MS ?? 3000,
    validateResponses:
      e.VALIDATE_RESPONSES === undefined
        ? e.NODE_ENV === 'test' || e.NODE_ENV === 'development'
        : e.VALIDATE_RESPONSES === '1',
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function resolveFrom(path: string): string {
  return isAbsolute(path) ? path : resolve(path);
}
