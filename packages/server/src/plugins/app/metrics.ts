import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../../modules/metrics/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined unless METRICS_TOKEN is set: then nothing is measured, at no cost per request. */
    metrics: Metrics | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: hashing first makes both sides the same length. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), expected);
}

/**
 * Prometheus metrics at /metrics, for a scraper holding METRICS_TOKEN. Off (404) without it.
 * Requests are labelled by their route pattern (`/api/words/update/:childId/:wordId`), so no
 * id ever becomes a label; a request that matched no route is `unmatched`.
 */
export default fp(
  async (app) => {
    const token = app.config.metricsToken;
    const metrics = token ? createMetrics(app.db) : undefined;
    app.decorate('metrics', metrics);

    if (metrics) {
      // Callback style: an async hook costs every request a promise (docs/performance.md).
      app.addHook('onResponse', (request, reply, done) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        };
        metrics.requests.inc(labels);
        metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
        done();
      });
    }

    const expected = token ? digest(token) : undefined;
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (!metrics || !expected) {
        return reply.code(404).send({ error: 'not_found', message: 'No route for GET /metrics' });
      }
      if (!tokenMatches(request.headers.authorization, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'unauthorized', message: 'A valid metrics token is required' });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
);
