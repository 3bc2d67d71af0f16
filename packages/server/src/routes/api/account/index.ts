import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExportSchema } from '@spellwell/shared';
import { createAccountRepository } from '../../../plugins/app/account/account-repository.js';
import { clearRefreshCookie } from '../../../plugins/app/auth/refresh-cookie.js';
import { sessionEnded } from '../../../plugins/app/auth/session.js';

/** The parent's PDPA rights: a copy of all their data, and deleting all of it. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const account = createAccountRepository(app.db);
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/account/export',
    { schema: { response: { 200: AccountExportSchema } } },
    async (request, reply) => {
      const now = new Date();
      const data = await account.export(request.parentId, now);
      if (!data) throw sessionEnded();
      const day = now.toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="spellwell-export-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
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
