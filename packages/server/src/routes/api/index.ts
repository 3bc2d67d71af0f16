import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema, ReadySchema } from '@spellwell/shared';
import accountRoutes from './account/index.js';
import authRoutes from './auth/index.js';
import childrenRoutes from './children/index.js';
import ocrRoutes from './ocr/index.js';
import officialWordSetRoutes from './official-wordset/index.js';
import practiceSessionRoutes from './practice-session/index.js';
import reviewRoutes from './review/index.js';
import speechRoutes from './speech/index.js';
import wordSetRoutes from './word-sets/index.js';
import wordRoutes from './words/index.js';

/**
 * Every API route, under /api. Each module registers the specification's full paths, so a
 * path in the specification can be found here by searching for it.
 */
const api: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    await app.db.kysely.selectFrom('parents').select('id').limit(1).execute();
    return { status: 'ok' as const };
  });

  // For load balancers and orchestrators: 503 while this server should get no traffic.
  app.get(
    '/health/ready',
    { schema: { response: { 200: ReadySchema, 503: ApiErrorSchema } } },
    async (_request, reply) => {
      const notReady = await app.readiness.check();
      if (notReady) return reply.code(503).send({ error: 'not_ready', message: notReady });
      return { status: 'ready' as const };
    },
  );

  // Only sign-in, the session and the account routes read or set the refresh cookie; the
  // plugin's hooks stay off every other request.
  await app.register(async (withCookies) => {
    await withCookies.register(cookie);
    await withCookies.register(authRoutes);
    await withCookies.register(accountRoutes);
  });
  await app.register(childrenRoutes);
  await app.register(wordSetRoutes);
  await app.register(officialWordSetRoutes);
  await app.register(wordRoutes);
  await app.register(reviewRoutes);
  await app.register(practiceSessionRoutes);
  await app.register(speechRoutes);
  await app.register(ocrRoutes);

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
};

export default api;
