import type { FeatureContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute } from '../../http/route.js';
import { pingDatabase } from './health.repository.js';

export function registerHealthRoutes({ app, translator, db, metrics, log }: FeatureContext): void {
  defineRoute(app, translator, {
    method: 'GET',
    url: '/healthz',
    handler: async () => {
      try {
        await pingDatabase(db.kysely);
      } catch (err) {
        log.error({ err }, 'health check: database unreachable');
        throw new AppError('unavailable');
      }
      return { status: 'ok' as const, db: db.dialect };
    },
  });

  // Prometheus text, not an envelope: scrapers expect the exposition format.
  app.get('/metrics', async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
