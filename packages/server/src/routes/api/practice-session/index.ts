import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PracticeSessionSchema, UpdatePracticePositionSchema, WordSetParamsSchema } from '@spellwell/shared';
import { z } from 'zod';
import { HttpError, notFound } from '../../../lib/errors.js';
import { WRITES_PER_MINUTE, perParentRateLimit } from '../../../modules/auth/per-parent-rate-limit.js';

/** A session's order and position live on the server, so a parent can resume on any device. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const sessions = app.repositories.practiceSessions;
  const rateLimit = perParentRateLimit(app, WRITES_PER_MINUTE.practiceSessions, 'practice updates');
  const path = '/practice-session/:childId/:wordSetId';

  app.get(
    path,
    { schema: { params: WordSetParamsSchema, response: { 200: PracticeSessionSchema } } },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const session = await sessions.get(request.parentId, childId, wordSetId, request.localToday());
      if (!session) throw notFound('Word set not found');
      return session;
    },
  );

  app.put(
    path,
    {
      schema: {
        params: WordSetParamsSchema,
        body: UpdatePracticePositionSchema,
        response: { 200: PracticeSessionSchema },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { childId, wordSetId } = request.params;
      const result = await sessions.setPosition(
        request.parentId,
        childId,
        wordSetId,
        request.body,
        request.localToday(),
      );
      switch (result.status) {
        case 'saved':
          return result.session;
        case 'not-found':
          throw notFound('Word set not found');
        case 'moved':
          throw new HttpError(
            409,
            'session_moved',
            'This practice has moved on in another tab or on another device.',
          );
      }
    },
  );

  app.delete(
    path,
    { schema: { params: WordSetParamsSchema, response: { 204: z.null() } }, config: { rateLimit } },
    async (request, reply) => {
      const { childId, wordSetId } = request.params;
      if (!(await sessions.clear(request.parentId, childId, wordSetId))) throw notFound('Word set not found');
      return reply.code(204).send(null);
    },
  );
};

export default routes;
