import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema, ReadySchema } from '@spellwell/shared';
import { sendNoRoute } from '../../lib/method-not-allowed.js';
import { PUBLIC_READS_PER_MINUTE, rateLimitPerMinute } from '../../modules/auth/session.js';
import accountRoutes from './account/index.js';
import authRoutes from './auth/index.js';
import childrenRoutes from './children/index.js';
import dictationRoutes from './dictation/index.js';
import familyRoutes from './family/index.js';
import hanziRoutes from './hanzi/index.js';
import devicePassRoutes from './kid/passes.js';
import kidPracticeRoutes from './kid/practice.js';
import kidSessionRoutes from './kid/session.js';
import markingRoutes from './marking/index.js';
import ocrRoutes from './ocr/index.js';
import officialWordSetRoutes from './official-wordset/index.js';
import practiceSessionRoutes from './practice-session/index.js';
import recordingRoutes from './recordings/index.js';
import reminderRoutes from './reminders/index.js';
import reviewRoutes from './review/index.js';
import sharedListRoutes from './shared-lists/index.js';
import speechRoutes from './speech/index.js';
import wordSetRoutes from './word-sets/index.js';
import wordRoutes from './words/index.js';

/**
 * Every API route, under /api. Each module registers the specification's full paths, so a
 * path in the specification can be found here by searching for it.
 */
const api: FastifyPluginAsyncZod = async (app) => {
  const healthChecks = rateLimitPerMinute(PUBLIC_READS_PER_MINUTE * app.config.rateLimitMultiplier);
  app.get(
    '/health',
    { config: { rateLimit: healthChecks }, schema: { response: { 200: HealthSchema } } },
    async () => {
      await app.db.kysely.selectFrom('parents').select('id').limit(1).execute();
      return { status: 'ok' as const };
    },
  );

  // For load balancers and orchestrators: 503 while this server should get no traffic.
  app.get(
    '/health/ready',
    { config: { rateLimit: healthChecks }, schema: { response: { 200: ReadySchema, 503: ApiErrorSchema } } },
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
    await withCookies.register(kidSessionRoutes);
  });
  await app.register(childrenRoutes);
  await app.register(wordSetRoutes);
  await app.register(officialWordSetRoutes);
  await app.register(wordRoutes);
  await app.register(reviewRoutes);
  await app.register(practiceSessionRoutes);
  await app.register(speechRoutes);
  await app.register(ocrRoutes);
  await app.register(recordingRoutes);
  await app.register(dictationRoutes);
  await app.register(markingRoutes);
  await app.register(familyRoutes);
  await app.register(hanziRoutes);
  await app.register(reminderRoutes);
  await app.register(devicePassRoutes);
  await app.register(kidPracticeRoutes);
  await app.register(sharedListRoutes);

  // 405 with Allow for a known path under the wrong method, 404 otherwise.
  app.setNotFoundHandler(sendNoRoute);
};

export default api;
