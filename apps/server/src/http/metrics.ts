import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
}

/**
 * One registry per app instance (not prom-client's global), so several apps in one process —
 * as in tests — do not collide on metric names.
 */
export function createMetrics(wsClientCount: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'meridian_ws_connections',
    help: 'Open live-socket connections on this node',
    registers: [registry],
    collect() {
      this.set(wsClientCount());
    },
  });
  return { registry };
}

/** Request duration by route template (not raw URL, so ids in paths cannot explode cardinality). */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'meridian_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
