import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/errors.js';
import { exportAccount } from '../../../modules/account/account-export.js';
import { clearRefreshCookie } from '../../../modules/auth/refresh-cookie.js';
import { sessionEnded } from '../../../modules/auth/session.js';

/**
 * A parent downloads their data now and then; a retry after a failed download fits well inside
 * this. Each export reads the whole account, so more are refused (per parent, per hour).
 */
export const ACCOUNT_EXPORTS_PER_HOUR = 5;

/** The parent's PDPA rights: a copy of all their data, and deleting all of it. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const account = app.repositories.account;

  app.get(
    '/account/export',
    {
      // No response schema: the document (AccountExportSchema) is written as a stream by
      // account-export.ts, which Fastify sends as it is; the tests check it against the schema.
      config: {
        rateLimit: {
          max: ACCOUNT_EXPORTS_PER_HOUR * app.config.rateLimitMultiplier,
          timeWindow: '1 hour',
          // Counted per signed-in parent, after authentication.
          hook: 'preHandler',
          keyGenerator: (request) => request.parentId,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              'rate_limited',
              `Too many downloads of your data. Please try again in ${context.after}.`,
            ),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="spellwell-export-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8');
      // A HEAD would otherwise read the whole account for a body nobody receives.
      if (request.method === 'HEAD') return reply.send();
      const document = await exportAccount(app.db, request.parentId, now);
      if (!document) throw sessionEnded();
      return reply.send(document);
    },
  );

  app.delete('/account', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const words = await account.wordsOf(request.parentId);
    const deleted = await account.delete(request.parentId);
    clearRefreshCookie(request, reply);
    if (!deleted) throw sessionEnded();
    // Their spoken words go too, except those another family's sets still hold.
    const kept = await account.stillUsed(words);
    await app.speech.forget(words.filter((w) => !kept.has(`${w.language}\n${w.word}`)));
    app.speech.forgetRequester(request.parentId);
    request.log.info({ parentId: request.parentId }, 'account deleted at the parent’s request');
    return reply.code(204).send(null);
  });
};

export default routes;
