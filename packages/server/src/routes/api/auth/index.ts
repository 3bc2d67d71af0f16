import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema, PublicConfigSchema } from '@spellwell/shared';
import { isAdmin } from '../../../modules/auth/require-admin.js';
import { PUBLIC_READS_PER_MINUTE, rateLimitPerMinute, sessionEnded } from '../../../modules/auth/session.js';
import sessionRoutes from './session.js';
import signInRoutes from './sign-in.js';

const routes: FastifyPluginAsyncZod = async (app) => {
  const parents = app.repositories.parents;

  // Public: which sign-in the web app should offer before anyone is signed in.
  const publicReads = rateLimitPerMinute(PUBLIC_READS_PER_MINUTE * app.config.rateLimitMultiplier);
  app.get(
    '/auth/config',
    { config: { rateLimit: publicReads }, schema: { response: { 200: PublicConfigSchema } } },
    async () => ({
      googleClientId: app.config.google.clientId ?? null,
      demoLogin: app.config.demoLogin,
      speech: app.config.tts.googleApiKey ? ('google' as const) : ('local' as const),
    }),
  );

  app.get('/auth/me', { schema: { response: { 200: MeSchema } } }, async (request) => {
    const parent = await parents.findById(request.parentId);
    // A valid token for an account deleted since: the session is over.
    if (!parent) throw sessionEnded();
    return {
      userId: parent.id,
      children: await parents.childrenOf(parent.id),
      isAdmin: isAdmin(app.config.adminEmails, parent),
    };
  });

  await app.register(signInRoutes);
  await app.register(sessionRoutes);
};

export default routes;
