import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HanziParamsSchema } from '@spellwell/shared';
import { notFound } from '../../../lib/errors.js';
import { readStrokeData } from '../../../lib/stroke-data.js';
import { PUBLIC_READS_PER_MINUTE, rateLimitPerMinute } from '../../../modules/auth/session.js';

/** The data of a character never changes for a given package version: keep it, shared or not. */
export const STROKE_DATA_CACHE = 'public, max-age=31536000, immutable';

/**
 * `GET /api/hanzi/:char.json`: one character's stroke order for hanzi-writer (issue 21), from
 * our own origin so strokes work offline-first and no CDN sees what a child practises. Public:
 * the data is the same for everyone, and the same file a CDN would serve.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hanzi/:char.json',
    {
      schema: { params: HanziParamsSchema },
      config: { rateLimit: rateLimitPerMinute(PUBLIC_READS_PER_MINUTE * app.config.rateLimitMultiplier) },
    },
    async (request, reply) => {
      const { char } = request.params;
      const data = await readStrokeData(char);
      if (!data) throw notFound(`No stroke order for ${char}`);
      return reply
        .header('cache-control', STROKE_DATA_CACHE)
        .type('application/json; charset=utf-8')
        .send(data);
    },
  );
};

export default routes;
