import type { Server } from 'node:http';
import formbody from '@fastify/formbody';
import { API_VERSION } from '@meridian/contract';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Feature, FeatureContext, Services } from './app-context.js';
import { type Cluster, type ClusterOptions, createCluster } from './cluster/cluster.js';
import { createThreadLink, type ThreadLink } from './cluster/thread-link.js';
import type { AppConfig } from './config.js';
import { backgroundTurn } from './db/background-turns.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { type StatisticsKeeper, startStatisticsKeeper } from './db/statistics-keeper.js';
import type { SharedWriteLock } from './db/write-lock.js';
import { CompanyService } from './features/company/company.service.js';
import { sessionTtlMs } from './features/identity/identity.feature.js';
import { SessionStore } from './features/identity/sessions.js';
import { FEATURES } from './features/index.js';
import { type MarketOverrides, MarketService } from './features/markets/index.js';
import { SettingsService } from './features/settings/settings.service.js';
import { registerApiDocs } from './http/api-docs.js';
import { installAuth } from './http/auth.js';
import { clientAddressResolver, isTrustedPeer } from './http/client-address.js';
import { registerCompression } from './http/compression.js';
import { guardConnections } from './http/connection-guard.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { IdempotencyStore } from './http/idempotency.js';
import { IdempotencyRepository } from './http/idempotency.repository.js';
import { redactingStream, serializeError, serializeRequest } from './http/log-redaction.js';
import { createMetrics, listenMetrics, type MetricsListener, registerHttpMetrics } from './http/metrics.js';
import { genReqId, registerRequestContext } from './http/request-context.js';
import { installRoutes } from './http/route.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerAdminConsole, registerWebApp, webPageFallback } from './http/web-app.js';
import { createTranslator } from './i18n/translator.js';
import { BridgedBus } from './live/bridged-bus.js';
import { type EventBus, InProcessEventBus } from './live/event-bus.js';
import { DEFAULT_GATEWAY_OPTIONS, Gateway, type GatewayOptions } from './live/gateway.js';
import { RedisEventBus } from './live/redis-event-bus.js';
import type { SessionVerifier } from './live/session.js';
import { TopicRegistry } from './live/topics.js';

/** How long a request in flight at shutdown may take before its connection is cut. */
export const CONNECTION_GRACE_MS = 3_000;

export interface AppOverrides {
  /** Replaces the session check of the live socket (identity provides the real one). */
  sessions?: SessionVerifier;
  gateway?: Partial<GatewayOptions>;
  /** Message files; defaults to src/i18n/locales (dist/i18n/locales when built). */
  localesDir?: string;
  features?: readonly Feature[];
  /** Extra features after the standard ones; tests use it to add probe routes and topics. */
  extraFeatures?: readonly Feature[];
  /** Market data seams: a fake clock and timers, or a scripted price feed. */
  markets?: MarketOverrides;
  /** Scale-out seams: a shorter leader-election interval for hand-over tests. */
  cluster?: ClusterOptions;
  /** Where the JSON log goes instead of stdout (tests read the access log from it). */
  logStream?: { write(line: string): void };
  /**
   * The copy thread's own app (src/copy-thread.ts): the bus, the cluster role and the
   * write lock are the thread's, the schema and seeds are the server thread's business.
   */
  thread?: { bus: EventBus; cluster: Cluster; writeLock: SharedWriteLock };
}

export interface App {
  app: FastifyInstance;
  ctx: FeatureContext;
  gateway: Gateway;
  /** Listens on config.host:config.port and starts background work; returns the base URL. */
  listen(): Promise<string>;
  /** The metrics listener's URL once listening, when METRICS_PORT is set (never the public port). */
  readonly metricsUrl: string | undefined;
  /** Stops accepting, closes sockets, stops workers and the database. Safe to call twice. */
  close(): Promise<void>;
}

/** Builds the whole server — database migrated and seeded, routes and live socket ready — without listening. */
export async function createApp(config: AppConfig, overrides: AppOverrides = {}): Promise<App> {
  const translator = createTranslator(overrides.localesDir);
  const options: FastifyHttpOptions<Server> = {
    // No log line shows a credential that travels in a URL (demo_id logs a demo account in, a
    // signed picture link opens the picture), however nested or encoded (http/log-redaction.ts).
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest, err: serializeError },
      stream: redactingStream(overrides.logStream),
    },
    // Requests the router or the HTTP parser refuse are answered in the envelope too.
    frameworkErrors: frameworkErrorHandler(translator),
    clientErrorHandler: clientErrorHandler(translator),
    bodyLimit: config.bodyLimitBytes,
    // Slow and idle clients (http/connection-guard.ts caps how many connections each may hold).
    // Node checks the headers and request deadlines on a timer; every quarter of the headers
    // deadline (at most every second), not Node's default 30 s, so a slowloris is cut about on time.
    http: {
      headersTimeout: config.httpHeadersTimeoutMs,
      requestTimeout: config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(config.httpHeadersTimeoutMs / 4))),
    },
    requestTimeout: config.httpRequestTimeoutMs,
    connectionTimeout: config.httpIdleTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    // A hop count becomes the function Fastify applies for it (its types omit the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    genReqId,
    requestIdHeader: false,
  };
  const app = Fastify(options);
  guardConnections(app.server, config.httpMaxConnectionsPerAddress, isTrustedPeer(config.trustProxy));

  let db: Db | undefined;
  let bus: EventBus | undefined;
  const thread = overrides.thread;
  // An embedded node whose copy trading runs in a thread of its own shares its write lock and bus.
  const link: ThreadLink | undefined =
    !thread && config.copyThreads > 0 && !config.databaseUrl
      ? createThreadLink(config.copyThreads)
      : undefined;
  try {
    db = openDatabase({
      ...config,
      log: app.log,
      ...(thread ? { writeLock: thread.writeLock, checkpointThread: false } : {}),
      ...(link ? { writeLock: link.lock } : {}),
    });
    const features = [...(overrides.features ?? FEATURES), ...(overrides.extraFeatures ?? [])];
    if (!thread) {
      const applied = await migrateToLatest(db.kysely, db.dialect);
      if (applied.length > 0) app.log.info({ applied, db: db.location }, 'database migrated');
      for (const feature of features) await feature.seed?.(db);
    }

    bus =
      thread?.bus ??
      (config.redisUrl
        ? await RedisEventBus.connect(config.redisUrl, { prefix: config.redisPrefix, log: app.log })
        : link
          ? new BridgedBus(link.serverPorts, true, { log: app.log, turn: backgroundTurn })
          : new InProcessEventBus(app.log));
    const topics = new TopicRegistry();
    const gateway = new Gateway(
      {
        bus,
        topics,
        // The socket's login checks the same sessions as the REST API.
        sessions: overrides.sessions ?? new SessionStore(db.kysely, sessionTtlMs({ config })).verifier(),
        translator,
        log: app.log,
        // Sockets per address count the same client address as the REST limits see.
        addressOf: clientAddressResolver(config.trustProxy),
      },
      { ...DEFAULT_GATEWAY_OPTIONS, maxSocketsPerAddress: config.wsMaxPerAddress, ...overrides.gateway },
    );
    const metrics = createMetrics(() => gateway.clientCount);
    const settings = new SettingsService(db.kysely);
    // One election per node: its leader runs the singletons (the price feed, candle writing).
    const cluster = thread?.cluster ?? createCluster(config, db.dialect, app.log, overrides.cluster);
    const services: Services = {
      ...(link ? { threadLink: link } : {}),
      cluster,
      settings,
      company: new CompanyService(settings),
      markets: new MarketService(db, config, app.log, overrides.markets),
    };
    const ctx: FeatureContext = {
      app,
      config,
      db,
      translator,
      bus,
      topics,
      live: gateway,
      metrics,
      services,
      log: app.log,
    };

    registerRequestContext(app);
    if (link) {
      // The copy thread gives way while a request is in flight (db/write-lock.ts).
      const gauge = link.gauge;
      app.addHook('onRequest', (_request, reply, done) => {
        gauge.arrived();
        reply.raw.once('close', () => gauge.answered());
        done();
      });
    }
    // Before any route: the plugin attaches itself to each route as it is registered.
    await registerCompression(app);
    installAuth(app, config.adminToken);
    const idempotency = new IdempotencyStore(new IdempotencyRepository(db.kysely));
    // Keys an older process left "running" are resolved now, not by waiting (http/idempotency.ts).
    const unanswered = await idempotency.resolveAtStart();
    if (unanswered > 0) app.log.warn({ unanswered }, 'dropped Idempotency-Keys left running');
    installRoutes(app, config.validateResponses, idempotency);
    registerHttpMetrics(app, metrics);
    await registerSecurityHeaders(app);
    await app.register(formbody);
    registerErrorHandling(app, translator, { notFoundFallback: webPageFallback(config.webDist) });
    for (const feature of features) await feature.register?.(ctx);
    await registerApiDocs(app, API_VERSION);
    await registerWebApp(app, config.webDist, translator);
    await registerAdminConsole(app, config.adminDist);
    gateway.attach(app.server);

    const stops: Array<() => Promise<void>> = [];
    const openDb = db;
    const openBus = bus;
    let metricsListener: MetricsListener | undefined;
    let statistics: StatisticsKeeper | undefined;
    app.addHook('preClose', async () => {
      // Idle keep-alive connections close at once (Fastify); a request in flight gets
      // CONNECTION_GRACE_MS to finish. Then every connection still open is cut: a client holding
      // one busy (half a request sent, a response never read) must not hold the shutdown, and the
      // work put away after it (the features' stops, the leader's lease, the database).
      setTimeout(() => app.server.closeAllConnections(), CONNECTION_GRACE_MS).unref();
      await metricsListener?.close();
      await gateway.close();
    });
    app.addHook('onClose', async () => {
      for (const stop of stops.reverse()) await stop();
      await statistics?.stop();
      // Released only now, so a successor takes over after this node has put its work away.
      await cluster.leader.stop();
      await openBus.close();
      await openDb.close();
    });

    let closing: Promise<void> | undefined;
    return {
      app,
      ctx,
      gateway,
      get metricsUrl() {
        return metricsListener?.url;
      },
      async listen() {
        const address = await app.listen({ port: config.port, host: config.host });
        if (config.metricsPort !== undefined) {
          metricsListener = await listenMetrics(metrics, config.metricsHost, config.metricsPort);
        }
        // Elected before the features start, so each starts in its role (leader or follower).
        await cluster.leader.start();
        // PostgreSQL: the leader analyses tables that grew, so no cached plan outlives its table's size.
        statistics = thread
          ? undefined
          : startStatisticsKeeper(openDb, app.log, () => cluster.leader.isLeader);
        for (const feature of features) {
          if (feature.start) stops.push(await feature.start(ctx));
        }
        return address;
      },
      close() {
        closing ??= app.close();
        return closing;
      },
    };
  } catch (error) {
    await bus?.close();
    await db?.close();
    throw error;
  }
}
